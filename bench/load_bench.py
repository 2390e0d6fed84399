"""Load benchmark: Cardtable under a realistic mix vs. a trivial Flask+Redis endpoint.

Starts a real redis-server, serves each app with gunicorn (same workers/threads), drives it
with locust (headless) for a fixed time, and prints requests/s and p50/p99 latency per
request type, then the ratio. Run on purpose: `make bench-load` (it takes a few minutes).
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from move_loop import add_gunicorn_arguments, serve_trivial  # noqa: E402

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.support.limits import RAISED_LIMITS_ENV  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402


def run_locust(url: str, user_class: str, users: int, seconds: int) -> list[dict[str, str]]:
    with tempfile.TemporaryDirectory() as out:
        prefix = os.path.join(out, "stats")
        subprocess.run(
            [sys.executable, "-m", "locust", "-f", str(HERE / "locustfile.py"), user_class,
             "--headless", "--host", url, "-u", str(users), "-r", str(users),
             "-t", f"{seconds}s", "--csv", prefix, "--only-summary", "--loglevel", "WARNING"],
            check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=seconds + 120,
        )  # fmt: skip
        with open(f"{prefix}_stats.csv", newline="") as handle:
            return list(csv.DictReader(handle))


def print_rows(title: str, rows: list[dict[str, str]]) -> float:
    print(f"\n{title}")
    print(f"  {'request':<34}{'count':>8}{'fail':>6}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}")
    total_rps = 0.0
    for row in rows:
        name = row["Name"] if row["Name"] != "Aggregated" else "ALL"
        print(
            f"  {name:<34}{row['Request Count']:>8}{row['Failure Count']:>6}"
            f"{float(row['Requests/s']):>9.1f}{row['50%']:>9}{row['99%']:>9}"
        )
        if row["Name"] == "Aggregated":
            total_rps = float(row["Requests/s"])
    return total_rps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--users", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=30)
    add_gunicorn_arguments(parser)
    args = parser.parse_args()
    print(
        f"locust: {args.users} users for {args.seconds}s; gunicorn: {args.workers} workers "
        f"x {args.threads} threads (gthread); one redis-server; all on this machine"
    )
    with RedisServer() as redis_server:
        with LiveServer(
            redis_url=redis_server.url,
            workers=args.workers,
            threads=args.threads,
            # One machine drives it all from one address: measure the service, not its limits.
            extra_env=RAISED_LIMITS_ENV,
        ) as cardtable:
            cardtable_rps = print_rows(
                "Cardtable (mix: view, legal-moves + move vs greedy bot, create)",
                run_locust(cardtable.url, "CardtablePlayer", args.users, args.seconds),
            )
        trivial, port = serve_trivial(redis_server.url, args.workers, args.threads)
        try:
            trivial_rps = print_rows(
                "Trivial Flask endpoint (one Redis GET + one SET)",
                run_locust(f"http://127.0.0.1:{port}", "TrivialUser", args.users, args.seconds),
            )
        finally:
            trivial.terminate()
            trivial.wait()
    if trivial_rps:
        print(f"\nthroughput ratio Cardtable / trivial: {cardtable_rps / trivial_rps:.2f}")


if __name__ == "__main__":
    main()
