"""What a Sentinel failover costs, with CARDTABLE_REDIS_WAIT_REPLICAS=auto (the default) and
0, side by side: for each setting, a fresh topology (1 master, 1 replica, 3 sentinels on
this machine), a real gunicorn (2 workers) and N clients playing two-seat tables with the
SDK's retry rules
(tests/support/failover_load.py): moves/s over a steady stretch, then a forced failover
(`SENTINEL FAILOVER`) under the same load, and afterwards the acknowledged moves and seats
the new master does not hold, the longest time without an acknowledged move, and the
answers other than the expected ones and 503 (a client stops at its first: `errors`), 500s
among them.

Run on purpose: `.venv/bin/python bench/failover.py [--clients 6] [--seconds 10]
[--replicas 1] [--waits auto 0]` (each WAIT setting of `--waits` twice, alternated).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from tests.support.failover_load import (  # noqa: E402
    longest_gap,
    sentinel_topology,
    served_failover,
)
from tests.support.limits import RAISED_LIMITS_ENV  # noqa: E402


def one(wait: str, clients: int, seconds: float, replicas: int) -> str:
    with (
        tempfile.TemporaryDirectory() as workdir,
        sentinel_topology(Path(workdir), replicas) as topology,
    ):
        run, lost = served_failover(
            topology, wait, clients, seconds, moves_after=50, env=RAISED_LIMITS_ENV
        )
        acked = run.acked
        return (
            f"{wait:>5}{run.steady_moves_per_second:>9.0f}{len(acked.moves):>8}{lost.moves:>6}"
            f"{100 * lost.moves / max(1, len(acked.moves)):>7.1f}{lost.joins:>7}"
            f"{longest_gap(acked, run.failed_over_at):>9.1f}{run.demoted_after:>10.1f}"
            f"{len(acked.errors):>8}{sum(' 500 ' in e for e in acked.errors):>6}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--waits", nargs="+", default=["auto", "0"])
    args = parser.parse_args()
    print(f"{args.clients} clients, {args.replicas} replica(s), {args.seconds:g} s steady, "
          "then SENTINEL FAILOVER")  # fmt: skip
    print(f"{'WAIT':>5}{'moves/s':>9}{'acked':>8}{'lost':>6}{'lost %':>7}{'seats':>7}"
          f"{'gap s':>9}{'demoted s':>10}{'errors':>8}{'500s':>6}")  # fmt: skip
    for wait in args.waits * 2:  # alternated: the machine's load drifts
        print(one(wait, args.clients, args.seconds, args.replicas), flush=True)


if __name__ == "__main__":
    main()
