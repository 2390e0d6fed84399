"""One client (one bearer token) reading one game from several threads at once, as the
issue's load client did: what passes and what is refused. Used by the lease test and by
bench/lease_client.py."""

from __future__ import annotations

import http.client
import itertools
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlsplit


def _connection(url: str) -> http.client.HTTPConnection:
    parts = urlsplit(url)
    return http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)


def create_game(url: str) -> tuple[str, str]:
    """A new game's id and its first seat's token."""
    connection = _connection(url)
    body = json.dumps({"game": "skyjo", "players": [{"name": "a"}, {"name": "b"}]})
    connection.request("POST", "/games", body, {"Content-Type": "application/json"})
    created = json.loads(connection.getresponse().read())
    connection.close()
    return created["id"], created["players"][0]["token"]


@dataclass
class Reading:
    """What one client's reads got."""

    statuses: Counter[int] = field(default_factory=Counter)
    first_refused: int | None = None
    """How many reads were answered before the first 429."""
    seconds: float = 0.0


def lease_client(
    url: str, threads: int = 8, requests: int | None = None, seconds: float | None = None
) -> Reading:
    """Read one game with one token from `threads` threads (each on its own keep-alive
    connection), `requests` reads in all or for `seconds`."""
    game_id, token = create_game(url)
    reading = Reading()
    numbers = itertools.count()
    lock = threading.Lock()
    headers = {"Authorization": f"Bearer {token}"}
    started = time.monotonic()
    deadline = started + seconds if seconds is not None else None

    def more() -> bool:
        if deadline is not None and time.monotonic() >= deadline:
            return False
        return requests is None or next(numbers) < requests

    def read() -> None:
        connection = _connection(url)
        try:
            while more():
                connection.request("GET", f"/games/{game_id}", headers=headers)
                answer = connection.getresponse()
                answer.read()
                with lock:
                    if answer.status == 429 and reading.first_refused is None:
                        reading.first_refused = reading.statuses.total()
                    reading.statuses[answer.status] += 1
        finally:
            connection.close()

    workers = [threading.Thread(target=read) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    reading.seconds = time.monotonic() - started
    return reading
