"""Rated 2-player Skyjo games a minute that one `cardtable-ladder` process plays against
the server's bots, on a real gunicorn (2 workers) and Redis with the documented default
budgets (docs/limits.md), with the shipped random example bot.

    .venv/bin/python bench/ladder_bench.py [--games 15] [--parallel 1 2 4] [--duplicate]

`--duplicate`: the ladder plays duplicate sets (`--games` and `--parallel` count sets; every
game of a set is played at once); games a minute still counts games.

It prints, per `--parallel`, the games played, the wall time and games a minute (what the
ladder's own summary line says too), and whether any request was refused with 429.
"""

from __future__ import annotations

import argparse
import secrets
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardtable.server.redis_server import RedisServer
from tests.support.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "sdk" / "examples" / "skyjo_random.py"
LADDER = Path(sys.executable).parent / "cardtable-ladder"


def run(url: str, games: int, parallel: int, duplicate: bool) -> tuple[int, float, str]:
    command = [
        str(LADDER), "--url", url, "--name", f"Bench{secrets.token_hex(3)}", "--game", "skyjo",
        "--bot", str(BOT), "--games", str(games), "--parallel", str(parallel), "-v",
    ]  # fmt: skip
    if duplicate:
        command.append("--duplicate")
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False)
    seconds = time.monotonic() - started
    lines = done.stdout.strip().splitlines()
    played = sum(
        1 for line in lines if line.startswith("game ") and (": won" in line or ": lost" in line)
    )
    waits = "some 429" if "429" in done.stdout + done.stderr else "no 429"
    return played, seconds, f"exit {done.returncode}, {waits}; {lines[-1] if lines else ''}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--parallel", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--duplicate", action="store_true", help="play duplicate sets")
    args = parser.parse_args()
    print(f"{'parallel':>8} {'games':>6} {'seconds':>8} {'games/min':>10}  ladder")
    for parallel in args.parallel:
        # A fresh server each time: the budgets count per address, across runs.
        with RedisServer() as redis_server, LiveServer(redis_url=redis_server.url) as server:
            played, seconds, summary = run(server.url, args.games, parallel, args.duplicate)
            rate = played / seconds * 60
            print(f"{parallel:>8} {played:>6} {seconds:>8.1f} {rate:>10.1f}  {summary}", flush=True)


if __name__ == "__main__":
    main()
