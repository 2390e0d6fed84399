"""Fan-out at scale: one server (2 gevent workers, the project's settings) holding thousands
of Server-Sent Events streams of one game; does every stream get every event?

Starts a real redis-server and gunicorn (`tests.support.live_server.LiveServer`, as
`cardtable serve` runs it), creates a Skyjo game, and opens `--streams` streams of it from
an asyncio client in a process of its own (tests/push/fanout_client.py, as from client
addresses named in X-Forwarded-For, 100 streams each: the per-address cap; the server
trusts one proxy, `CARDTABLE_TRUSTED_PROXIES=1`). Then plays `--moves` moves one at a
time and, after each, waits until every open stream has that move's event. Prints, per
move, how many streams got it, the fan-out lag (from the move's answer to each stream's
event: p50/p99/max; the client shares the machine's two cores with the server, so these
are upper bounds), and in the end the deliveries (streams x moves expected), what the
server refused (503 + Retry-After past its capacity) and the workers' RSS per stream.

Run on purpose: `.venv/bin/python bench/fanout_bench.py --streams 3000` (a minute or two).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.push.conftest import create_game  # noqa: E402
from tests.push.fanout_client import FanoutClient  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402


def worker_pids(master: int) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def play_move(url: str, created: dict[str, Any]) -> None:
    """One legal move by whichever seat may act, with the patience a loaded machine needs
    (a worker sending to thousands of streams answers late)."""
    with httpx.Client(timeout=120) as client:
        game_id = created["id"]
        view = client.get(f"{url}/games/{game_id}").json()
        auth = {"Authorization": f"Bearer {created['players'][view['active_seats'][0]]['token']}"}
        legal = client.get(f"{url}/games/{game_id}/legal-moves", headers=auth).json()
        moved = client.post(
            f"{url}/games/{game_id}/moves", json={"move": legal["moves"][0]}, headers=auth
        )
        assert moved.status_code == 200, moved.text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=3000)
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pause", type=float, default=0, help="seconds idle before a move")
    parser.add_argument("--together", action="store_true", help="the moves back to back")
    parser.add_argument(
        "--clients", type=int, default=1, help="load client processes the streams are split over"
    )
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server")
    args = parser.parse_args()
    env = {"CARDTABLE_TRUSTED_PROXIES": "1", **dict(item.split("=", 1) for item in args.env)}
    with RedisServer() as redis:
        server = LiveServer(
            redis.url, workers=args.workers, extra_env=env, ready_seconds=180
        ).start()
        try:
            assert server.process is not None
            pids = worker_pids(server.process.pid)
            before = {pid: rss_mb(pid) for pid in pids}
            created = create_game(server.url)
            client = FanoutClient(server.port, created["id"], args.streams, args.clients)
            started = time.monotonic()
            opened = client.report()
            print(f"{args.streams} streams asked for: {opened['opened']} open in "
                  f"{time.monotonic() - started:.1f} s, refused {opened['refused']}")  # fmt: skip
            held = {pid: rss_mb(pid) for pid in pids}
            total = 0
            moved_at = {}
            if args.together:  # the moves back to back, then the streams are read
                for number in range(1, args.moves + 1):
                    play_move(server.url, created)
                    moved_at[number] = time.time()
            for number in range(1, args.moves + 1):
                if not args.together:
                    time.sleep(args.pause)
                    play_move(server.url, created)
                    moved_at[number] = time.time()
                version = httpx.get(f"{server.url}/games/{created['id']}", timeout=120).json()[
                    "version"
                ]
                version = number if args.together else version
                result = client.wait(version, 300, moved_at[number])
                total = result["deliveries"]
                print(f"move {number} (version {version}): {result['reached']} of "
                      f"{opened['opened']} streams got it ({result['open']} still open); "
                      f"lag ms {result['lag_ms']}")  # fmt: skip
            print(f"deliveries: {total} of {opened['opened'] * args.moves} "
                  f"(events per stream: {result['counts']})")  # fmt: skip
            for pid in pids:
                print(f"worker {pid}: RSS {before[pid]:.0f} -> {held[pid]:.0f} MB with the "
                      f"streams held")  # fmt: skip
            grown = sum(held.values()) - sum(before.values())
            if opened["opened"]:
                print(f"memory per stream: {grown * 1024 / opened['opened']:.1f} KB")
            client.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
