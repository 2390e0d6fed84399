"""Wrong answers through a link to Redis that loses replies: a real gunicorn whose Redis
connection goes through a proxy dropping 1 in 5 replies of the write scripts (after Redis
ran them), driven by one client sending every kind of write (creates, moves with and without
If-Match, joins incl. the last seat, leaves, starts, rematches, score sheets and their
edits), each answer checked against
what Redis holds right after it (tests/support/lossy_writes.py). Prints the writes, the
replies lost, the `outcome_unknown` answers and the wrong answers.

Run on purpose: `.venv/bin/python bench/lossy_writes.py [--writes 1000] [--drop 0.2]`.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import redis

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.server.redis_server import RedisServer  # noqa: E402
from cardtable.store.documents import COMPARE_AND_SET, CREATE  # noqa: E402
from cardtable.store.lobby import ADD  # noqa: E402
from tests.e2e.gunicorn import Gunicorn  # noqa: E402
from tests.support.limits import RAISED_LIMITS_ENV  # noqa: E402
from tests.support.lossy_proxy import LossyProxy  # noqa: E402
from tests.support.lossy_writes import LossyWrites  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writes", type=int, default=1000)
    parser.add_argument("--drop", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    markers = [hashlib.sha1(s.encode()).hexdigest().encode() for s in (CREATE, COMPARE_AND_SET)]
    with RedisServer() as server:
        direct = redis.Redis.from_url(server.url)
        for script in (CREATE, COMPARE_AND_SET, ADD):
            direct.script_load(script)
        with LossyProxy(server.port, markers, args.drop, args.seed) as proxy:
            env = {**RAISED_LIMITS_ENV, "CARDTABLE_REDIS_URL": proxy.url,
                   "CARDTABLE_KEY_PREFIX": "lossy"}  # fmt: skip
            with Gunicorn(env=env, ready_path="/readyz") as gunicorn:
                run = LossyWrites(gunicorn.url, server.url, "lossy", seed=args.seed)
                while run.tally.total < args.writes:
                    run.round()
        tally = run.tally
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(tally.writes.items()))
        unknown = sum(tally.unknown.values())
        print(f"writes sent: {tally.total} ({kinds})")
        print(f"script replies lost by the proxy (1 in {1 / args.drop:g} drawn): {proxy.dropped}")
        print(f"answered 503 outcome_unknown: {unknown} (each keyed one sent again)")
        print(f"wrong answers: {len(tally.wrong)}")
        for line in tally.wrong[:20]:
            print("  ", line)


if __name__ == "__main__":
    main()
