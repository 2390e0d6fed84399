"""Train the shipped Skyjo policy (`cardtable_sdk.policies.skyjo`) by the cross-entropy
method against the greedy bot, on CPU, with numpy only, and write its weights:

    python -m cardtable_sdk.train --generations 10 --out skyjo.npz

Each generation draws `--population` weight vectors around the current mean, plays each
against `greedy` on the same `--deals` deals (both seats of each deal, so luck evens out
and the candidates are compared on equal cards), keeps the best `--elite`, and moves the
mean and spread to theirs. It prints one line per generation (the curve of
docs/training.md) and the CPU seconds used by all processes together.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardtable_sdk._engine import get_rules
from cardtable_sdk.policies.skyjo import FEATURES, decide
from cardtable_sdk.views import make_view


def play(weights: Sequence[float], deal: int, seat: int) -> float:
    """One game of the policy (at `seat`) against greedy: 1 won, 0.5 shared, 0 lost."""
    rules = get_rules("skyjo")
    greedy = rules.bots["greedy"]
    state = rules.new_state(["a", "b"], {}, deal)  # the rules' max_turns: every game ends
    rng = random.Random(deal * 2 + seat)
    while not state.is_over:
        acting = state.active_seats()[0]
        legal = state.legal_moves(acting)
        if acting == seat:
            move = dict(decide(make_view(state.view(acting)), legal, weights))
        else:
            move = greedy(state.view(acting), legal, rng)
        state.apply(acting, move)
    winners = state.score()["winners"]
    return 0.0 if seat not in winners else 1.0 if len(winners) == 1 else 0.5


def score(job: tuple[Sequence[float], Sequence[int]]) -> tuple[float, float]:
    """The share of games won on the deals, in both seats of each, and the CPU seconds
    the worker spent on them."""
    weights, deals = job
    started = time.process_time()
    points = [play(weights, deal, seat) for deal in deals for seat in (0, 1)]
    return sum(points) / len(points), time.process_time() - started


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def train(args: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng(args.seed)
    # The start: the naive policy that only counts the points a move saves (45 % against
    # greedy); everything else is learned.
    mean = np.zeros(len(FEATURES))
    mean[FEATURES.index("gain")] = 1.0
    spread = np.full(len(FEATURES), args.spread)
    curve: list[dict[str, Any]] = []
    cpu = 0.0  # the workers' CPU seconds (this process adds own_cpu_seconds())
    context = multiprocessing.get_context("fork")
    with context.Pool(args.workers) as pool:
        for generation in range(args.generations):
            first = 10_000_000 + generation * args.deals + args.seed * 1_000_000
            deals = list(range(first, first + args.deals))
            candidates = [mean, *(mean + spread * rng.standard_normal(mean.size)
                                  for _ in range(args.population - 1))]  # fmt: skip
            scored = pool.map(score, [(list(map(float, c)), deals) for c in candidates])
            rates = [rate for rate, _ in scored]
            cpu += sum(seconds for _, seconds in scored)
            order = np.argsort(rates)[::-1][: args.elite]
            elite = np.array([candidates[i] for i in order])
            mean = elite.mean(axis=0)
            spread = np.maximum(elite.std(axis=0), args.min_spread)
            point = {
                "generation": generation + 1,
                "mean_policy_win_rate": round(float(rates[0]), 4),
                "best_win_rate": round(float(max(rates)), 4),
                "games": (generation + 1) * args.population * args.deals * 2,
                "cpu_seconds": round(cpu + own_cpu_seconds(), 1),
            }
            curve.append(point)
            print(json.dumps(point), flush=True)
    return {
        "weights": [round(float(w), 4) for w in mean],
        "curve": curve,
        "cpu_seconds": cpu + own_cpu_seconds(),
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--generations", type=int, default=10)
    parser.add_argument("--population", type=int, default=14)
    parser.add_argument("--elite", type=int, default=4)
    parser.add_argument("--deals", type=int, default=36, help="deals per candidate (x2 games)")
    parser.add_argument("--spread", type=float, default=1.0, help="initial standard deviation")
    parser.add_argument("--min-spread", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--out", type=Path, default=Path("skyjo.npz"))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = train(args)
    np.savez(args.out, weights=np.array(result["weights"]), features=np.array(FEATURES))
    print(
        f"weights {dict(zip(FEATURES, result['weights'], strict=True))} -> {args.out}"
        f" ({result['cpu_seconds']:.0f} CPU s, {time.perf_counter() - started:.0f} s)",
        file=sys.stderr,
    )
    return result


TRAINERS = {
    "cem": "the shipped linear policy, cross-entropy method vs greedy (cardtable_sdk.train)",
    "selfplay": "a neural policy: imitation, then league rounds (cardtable_sdk.selfplay)",
}


def console(argv: Sequence[str] | None = None) -> None:
    """`cardtable-train cem ...` or `cardtable-train selfplay ...` (docs/training.md)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in TRAINERS:
        lines = "\n".join(f"  {name:9} {what}" for name, what in TRAINERS.items())
        print(
            f"usage: cardtable-train {{{','.join(TRAINERS)}}} [options]\n{lines}", file=sys.stderr
        )
        sys.exit(0 if args[:1] in (["-h"], ["--help"]) else 2)
    if args[0] == "selfplay":
        from cardtable_sdk import selfplay

        selfplay.main(args[1:])
    else:
        main(args[1:])


if __name__ == "__main__":
    # `python -m cardtable_sdk.train [cem options]` as before; or a trainer's name first.
    console() if sys.argv[1:2] and sys.argv[1] in TRAINERS else main()
