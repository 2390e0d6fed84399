"""Arena throughput: random-vs-random 2-player Skyjo games per second on 2 processes (the
machine's two cores), as `cardtable-arena skyjo random random --workers 2` plays them.

    .venv/bin/python bench/arena_bench.py [--games 4000] [--repeat 3] [--workers 2]

The figure is the median of the repetitions (target: 1,000 games/s on 2 cores).
"""

from __future__ import annotations

import argparse
import statistics

from cardtable_sdk.arena import Tournament, run_arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rates = []
    for repetition in range(args.repeat):
        tournament = Tournament("skyjo", ("random", "random"), args.games, seed=repetition)
        result = run_arena(tournament, workers=args.workers)
        rates.append(args.games / result.seconds)
    print(
        f"skyjo random vs random, {args.games} games x {args.repeat}, {args.workers} workers:"
        f" median {statistics.median(rates):,.0f} games/s"
        f" (runs: {', '.join(f'{r:,.0f}' for r in rates)})"
    )


if __name__ == "__main__":
    main()
