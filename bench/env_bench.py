"""Training-environment throughput on one core: AEC steps per second with random legal
actions (each step observes the acting agent, then steps), beside what the engine alone
and the engine with views manage, so the encoding's share of the time shows.

    .venv/bin/python bench/env_bench.py [--seconds 3] [--repeat 3]

Figures are medians of the repetitions, in steps per CPU-second of this process (so the
other jobs of a shared machine slow a run's wall clock rather than its figure; pin it to
one core, `taskset -c 0 ...`, on a quiet one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from aec_loop import random_steps

from cardtable_sdk._engine import get_rules
from cardtable_sdk.envs import env


def env_steps(game: str, seconds: float) -> float:
    """AEC steps/s: observe the acting agent, pick a random legal action from the mask."""
    aec, rng = env(game, 2), random.Random(0)
    aec.reset(seed=0)
    return random_steps(aec, rng, seconds, lambda a: aec.terminations[a] or aec.truncations[a])


def engine_steps(game: str, seconds: float, with_view: bool) -> float:
    """Moves/s of the engine alone (legal moves, apply), optionally building the view."""
    rules, rng = get_rules(game), random.Random(0)
    state = rules.new_state(["a", "b"], None, 0)
    steps, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        if state.is_over:
            state = rules.new_state(["a", "b"], None, steps)
        seat = state.active_seats()[0]
        if with_view:
            state.view(seat)
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        steps += 1
    return steps / (time.process_time() - started)


def median(measure: Callable[..., float], repeat: int, *args: object) -> float:
    return statistics.median(measure(*args) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    targets = {"skyjo": 20_000, "skipbo": 10_000}
    for game, target in targets.items():
        bare = median(engine_steps, args.repeat, game, args.seconds, False)
        viewed = median(engine_steps, args.repeat, game, args.seconds, True)
        stepped = median(env_steps, args.repeat, game, args.seconds)
        print(
            f"{game:6}  env {stepped:8,.0f} steps/s (target {target:,})"
            f"  | engine alone {bare:8,.0f}/s, engine + view {viewed:8,.0f}/s"
        )


if __name__ == "__main__":
    main()
