"""One client's budget through the leases: one bearer token reading one game from 8
threads against gunicorn as shipped (2 workers, leases of CARDTABLE_RATE_LIMIT_LEASE),
its seat's read budget 600/minute (the default): how many reads passed against what its
bucket allowed (600 at once, then 10 a second), and when the first 429 came. Never more
than allowed may pass; docs/limits.md says how close to it a client gets.

Run on purpose: `.venv/bin/python bench/lease_client.py [--seconds 20] [--lease 8]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.server.redis_server import RedisServer  # noqa: E402
from tests.support.lease_client import lease_client  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402

BUDGET_PER_MINUTE = 600


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--lease", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    env = {
        "CARDTABLE_RATE_LIMIT_SEAT_READS": f"{BUDGET_PER_MINUTE}/minute",
        "CARDTABLE_RATE_LIMIT_READS": "1000000/minute",  # the address's: not the one measured
        "CARDTABLE_RATE_LIMIT_LEASE": str(args.lease),
    }
    with (
        RedisServer() as redis,
        LiveServer(redis.url, workers=args.workers, extra_env=env, ready_seconds=180) as server,
    ):
        reading = lease_client(server.url, threads=args.threads, seconds=args.seconds)
    allowed = BUDGET_PER_MINUTE + BUDGET_PER_MINUTE / 60 * reading.seconds
    passed = reading.statuses[200]
    print(
        f"lease {args.lease}, {args.workers} workers, {args.threads} threads, "
        f"{reading.seconds:.1f} s: {passed} passed of {allowed:.0f} allowed "
        f"({100 * passed / allowed:.1f} %), first 429 after {reading.first_refused} reads; "
        f"statuses {dict(reading.statuses)}"
    )
    if passed > allowed + 1:
        sys.exit("more passed than the budget allows")


if __name__ == "__main__":
    main()
