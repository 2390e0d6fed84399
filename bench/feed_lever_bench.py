"""The feed lever: does one client reading a long game's whole history (`GET
/games/{id}/events?since=0`, then each `next` page), inside its read budget, make another
client wait?

Starts a real redis-server; a set-up gunicorn (raised budgets) plays a long game of eight
greedy bots to 300 points; then the measured gunicorn (one gevent worker, the project's
settings and default budgets, `CARDTABLE_TRUSTED_PROXIES=1` so that each client names its
address in X-Forwarded-For). The victim reads another game's view (`GET /games/{id}`)
one request after another for `--seconds`, alone, then while the attacker walks the long
game's feed from version 0 again and again at `--rate` requests a second (default 19: its
budget is 1,200 a minute). Prints the victim's p50 and p90 both times and the ratio (goal
<= x2), and how the attacker's requests were answered.

Run on purpose: `.venv/bin/python bench/feed_lever_bench.py` (about 2 minutes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness
sys.path.insert(0, str(HERE))

from stream_bench import SETUP_BUDGETS, long_game  # noqa: E402

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402

VICTIM = {"X-Forwarded-For": "198.18.1.1"}
ATTACKER = {"X-Forwarded-For": "198.18.2.2"}


def victim(url: str, game_id: str, seconds: float) -> list[float]:
    took = []
    with httpx.Client(headers=VICTIM, timeout=30) as client:
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            started = time.perf_counter()
            answer = client.get(f"{url}/games/{game_id}")
            took.append((time.perf_counter() - started) * 1000)
            assert answer.status_code == 200, answer.text
            time.sleep(0.02)
    return took


def attacker(
    url: str, game_id: str, rate: float, stop: threading.Event, seen: Counter[str],
    took: list[float],
) -> None:  # fmt: skip
    with httpx.Client(headers=ATTACKER, timeout=60) as client:
        since: int | None = 0
        due = time.monotonic()
        while not stop.is_set():
            started = time.perf_counter()
            answer = client.get(f"{url}/games/{game_id}/events", params={"since": since or 0})
            took.append((time.perf_counter() - started) * 1000)
            seen[str(answer.status_code)] += 1
            since = answer.json().get("next") if answer.status_code == 200 else None
            due += 1 / rate
            time.sleep(max(0.0, due - time.monotonic()))


def summary(took: list[float]) -> str:
    deciles = statistics.quantiles(took, n=10)
    return f"p50 {statistics.median(took):.1f} ms, p90 {deciles[8]:.1f} ms ({len(took)} reads)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--rate", type=float, default=19)
    args = parser.parse_args()
    with RedisServer() as redis:
        setup = LiveServer(redis.url, workers=1, extra_env=SETUP_BUDGETS, ready_seconds=180).start()
        try:
            long_id = long_game(setup.url)
            small = httpx.post(
                f"{setup.url}/games",
                json={"game": "skyjo", "players": [{"name": "A"}, {"name": "B"}]},
            ).json()["id"]
        finally:
            setup.stop()
        server = LiveServer(
            redis.url, workers=1, extra_env={"CARDTABLE_TRUSTED_PROXIES": "1"}, ready_seconds=180
        ).start()
        try:
            version = httpx.get(f"{server.url}/games/{long_id}", headers=VICTIM).json()["version"]
            print(f"long game: version {version}")
            alone = victim(server.url, small, args.seconds)
            print(f"victim alone: {summary(alone)}")
            stop, seen, walked = threading.Event(), Counter[str](), list[float]()
            walker = threading.Thread(
                target=attacker, args=(server.url, long_id, args.rate, stop, seen, walked)
            )
            walker.start()
            try:
                loaded = victim(server.url, small, args.seconds)
            finally:
                stop.set()
                walker.join()
            print(f"victim beside the feed walker ({args.rate:g}/s): {summary(loaded)}")
            print(f"the walker's answers: {dict(seen)}; {summary(walked)}")
            ratio = statistics.median(loaded) / statistics.median(alone)
            print(f"victim p50 x{ratio:.1f} (goal <= x2)")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
