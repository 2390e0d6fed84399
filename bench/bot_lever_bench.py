"""The bot lever: how much do heavy games of server bots only slow other clients down?

Starts a real redis-server and gunicorn, measures the latency of one light client (create a
game, read it, move) alone, then while 8 threads keep creating the heaviest bots-only games
(6 random Skip-Bo bots, stock 22, target 5000), and prints the medians and their ratio.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # reuse the test harness

from cardtable.server.redis_server import RedisServer
from tests.support.limits import RAISED_LIMITS_ENV
from tests.support.live_server import LiveServer

HEAVY = {
    "game": "skipbo",
    "players": [{"name": f"B{i}", "bot": "random"} for i in range(6)],
    "options": {"stock_size": 22, "target_score": 5000},
}
LIGHT = {"game": "skyjo", "players": [{"name": "a"}, {"name": "b"}]}


def light_round(client: httpx.Client) -> float:
    """Milliseconds for one create, view and move."""
    start = time.perf_counter()
    game = client.post("/games", json=LIGHT).json()
    token = game["players"][0]["token"]
    client.get(f"/games/{game['id']}", headers={"Authorization": f"Bearer {token}"})
    client.post(
        f"/games/{game['id']}/moves",
        json={"move": {"type": "reveal", "row": 0, "col": 0}},
        headers={"Authorization": f"Bearer {token}"},
    )
    return (time.perf_counter() - start) * 1000


def measure(url: str, rounds: int) -> float:
    with httpx.Client(base_url=url, timeout=60) as client:
        return statistics.median(light_round(client) for _ in range(rounds))


def main() -> None:
    with (
        RedisServer() as redis_server,
        LiveServer(redis_url=redis_server.url, extra_env=RAISED_LIMITS_ENV) as server,
    ):
        alone = measure(server.url, 30)
        stop = threading.Event()
        created: list[int] = []

        def heavy() -> None:
            with httpx.Client(base_url=server.url, timeout=60) as client:
                while not stop.is_set():
                    created.append(client.post("/games", json=HEAVY).status_code)

        threads = [threading.Thread(target=heavy) for _ in range(8)]
        for thread in threads:
            thread.start()
        loaded = measure(server.url, 30)
        stop.set()
        for thread in threads:
            thread.join()
    statuses = {code: created.count(code) for code in sorted(set(created))}
    print(f"light client alone:              p50 {alone:7.1f} ms (create + view + move)")
    print(f"beside 8 heavy bot-game creators: p50 {loaded:7.1f} ms")
    print(f"ratio: {loaded / alone:.1f}x; heavy creations answered: {statuses}")


if __name__ == "__main__":
    main()
