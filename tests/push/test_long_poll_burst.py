"""A burst of simultaneous long-polls on a real gevent gunicorn over a healthy Redis: none
looks like an outage (503 `store_unavailable`), every budget is counted, and each poll gets
its game's move when it lands."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from tests.push.conftest import create_game
from tests.push.test_push_live import metric, play_moves
from tests.support.live_server import LiveServer

POLLS = 2000
GAMES = 100


def metric_total(server: LiveServer, name: str) -> float:
    """The sum of a metric's samples over its labels."""
    lines = httpx.get(f"{server.url}/metrics", timeout=30).text.splitlines()
    return sum(float(line.rsplit(" ", 1)[1]) for line in lines if line.startswith(name + "{"))


def poll_request(game: str) -> bytes:
    return (
        f"GET /games/{game}/events?since=0&wait=30 HTTP/1.1\r\n"
        "Host: test\r\nConnection: close\r\n\r\n"
    ).encode()


async def open_polls(port: int, games: list[str]) -> list[tuple[Any, Any]]:
    """POLLS connections, then every request sent at once (raw HTTP/1.1: 2,000 httpx
    clients would cost this process more than the server)."""
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(POLLS)]
    for index, (_, writer) in enumerate(connections):
        writer.write(poll_request(games[index % len(games)]))
    return connections


async def read_answer(reader: Any, writer: Any) -> tuple[str, dict[str, Any]]:
    try:
        raw = await asyncio.wait_for(reader.read(), 90)
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    return head.split(b" ", 2)[1].decode(), json.loads(body)


async def answers(
    port: int, games: list[str], connections: list[tuple[Any, Any]], seen: list[str]
) -> list[tuple[str, dict[str, Any]]]:
    """Each poll's answer, polled again as a client would when it is not the move yet: a
    poll whose 30 s ran out first (a loaded machine), or a 503 `too_many_waiting` (busy,
    retry after a second). Every answer seen is noted in `seen` ("status code")."""

    async def answer(index: int, reader: Any, writer: Any) -> tuple[str, dict[str, Any]]:
        for _ in range(5):
            status, body = await read_answer(reader, writer)
            seen.append(f"{status} {body.get('code', '')}".strip())
            again = status == "503" and body.get("code") == "too_many_waiting"
            if not (again or (status == "200" and not body["events"])):
                break
            await asyncio.sleep(1.0 if again else 0)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(poll_request(games[index % len(games)]))
        return status, body

    return await asyncio.gather(
        *(answer(index, reader, writer) for index, (reader, writer) in enumerate(connections))
    )


def test_2000_simultaneous_long_polls_get_their_move_and_no_503(
    push_servers: Callable[..., LiveServer],
) -> None:
    server = push_servers(workers=1)
    created = [create_game(server.url) for _ in range(GAMES)]
    games = [game["id"] for game in created]
    seen: list[str] = []

    async def burst() -> list[tuple[str, dict[str, Any]]]:
        connections = await open_polls(server.port, games)
        deadline = time.monotonic() + 60
        waiting = 0.0
        while time.monotonic() < deadline:  # every poll waits (or has answered: a failure)
            waiting = await asyncio.to_thread(
                metric, server, 'cardtable_waiting_clients{kind="long_poll"}'
            )
            if waiting >= POLLS or any(reader.at_eof() for reader, _ in connections):
                break
            await asyncio.sleep(0.2)
        assert waiting == POLLS, f"{waiting:.0f} of {POLLS} long-polls waiting"
        # One move each, sent together: it wakes that game's polls. Sent one after another,
        # 100 moves on a loaded machine outlasted the first polls' 30 s wait.
        with ThreadPoolExecutor(16) as pool:
            await asyncio.gather(
                *(
                    asyncio.wrap_future(pool.submit(play_moves, server.url, game, 1))
                    for game in created
                )
            )
        return await answers(server.port, games, connections, seen)

    # In a thread of its own: a session's browser tests leave an event loop running here.
    with ThreadPoolExecutor(1) as runner:
        answered = runner.submit(asyncio.run, burst()).result()
    assert "503 store_unavailable" not in seen  # nothing looked like an outage
    statuses = sorted({status for status, _ in answered})
    assert statuses == ["200"], [body for status, body in answered if status != "200"][:3]
    for index, (_, body) in enumerate(answered):
        assert body["version"] == 1, (games[index % GAMES], body)
        assert [event["version"] for event in body["events"]] == [1]
    # Every request's budget was counted: no Redis call failed, the counters' included.
    assert metric_total(server, "cardtable_redis_errors_total") == 0
