"""The reference ladder: every level of a game's bots against its baselines, with the
protocol docs/bots.md states (paired deals, seats rotated, Wilson 95 % intervals, CPU per
move), printed as a Markdown table.

    nice -n 10 python bench/ladder.py skyjo --games 2000 --workers 2
    nice -n 10 python bench/ladder.py skipbo --games 10000 --workers 2
    python bench/ladder.py skyjo --games 40 --only expert          # a quick look

Protocol. A match is one candidate against one baseline. Two players: deal `d` (seed
`seed + d`) is played twice, the candidate in seat 0 then in seat 1 (paired deals, seats
rotated), so `--games` is even. Four players ("4p"): deal `d` is played four times, the
candidate in each seat against three copies of the baseline, a single round
(`max_rounds: 1`). A game won by several seats counts half a win for the candidate. The
interval is Wilson's at 95 %. CPU per move is `time.process_time()` around the candidate's
own decisions only (its view is built by the engine and not counted), mean and p99 over
every move it made. Each match's options are printed with it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable_engine.registry import get_rules
from cardtable_sdk.arena import load_bot
from cardtable_sdk.ratings import wilson_interval

SKIPBOT = {"stock_size": 20, "stop_rule": "english"}
"""meesvandongen/skipbot's table: two players, stock 20, a turn may end at any time."""

LEVELS: dict[str, list[tuple[str, str]]] = {
    "skyjo": [
        ("random", "random"),
        ("threshold (SkyjoAI)", "cardtable_sdk.baselines:skyjo_threshold"),
        ("greedy", "greedy"),
        ("policy", "cardtable_sdk.policies.skyjo:bot"),
        ("expert", "expert"),
        ("search", "search"),
    ],
    "skipbo": [
        ("random", "random"),
        ("naive (skipbot)", "cardtable_sdk.baselines:skipbo_naive"),
        ("greedy", "greedy"),
        ("expert (fast)", "sdk/examples/skipbo_expert.py:fast_bot"),
        ("expert", "sdk/examples/skipbo_expert.py:bot"),
        ("search", "search"),
    ],
}
"""Each game's levels, weakest first: (name, arena bot spec)."""

BASELINES: dict[str, list[tuple[str, str, int, dict[str, Any]]]] = {
    "skyjo": [
        ("greedy", "greedy", 2, {}),
        ("threshold (SkyjoAI)", "cardtable_sdk.baselines:skyjo_threshold", 4, {"max_rounds": 1}),
    ],
    "skipbo": [
        ("naive (skipbot)", "cardtable_sdk.baselines:skipbo_naive", 2, SKIPBOT),
        ("greedy", "greedy", 2, {}),
    ],
}
"""Each game's baselines: (name, spec, players, options)."""


@dataclass(frozen=True)
class Match:
    game: str
    candidate: str
    baseline: str
    players: int
    options: Mapping[str, Any]
    seed: int


@dataclass
class Tally:
    games: int = 0
    points: float = 0.0
    capped: int = 0
    cpu: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.points += other.points
        self.capped += other.capped
        self.cpu.extend(other.cpu)


def play_deals(job: tuple[Match, range]) -> Tally:
    """Every seating of the candidate on each deal of `deals`."""
    match, deals = job
    rules = get_rules(match.game)
    candidate = load_bot(match.game, match.candidate)
    baseline = load_bot(match.game, match.baseline)
    tally = Tally()
    for deal in deals:
        for ours in range(match.players):
            state = rules.new_state(
                [f"seat {s}" for s in range(match.players)], dict(match.options), match.seed + deal
            )
            rngs = [random.Random(f"{match.seed}:{deal}:{ours}:{s}") for s in range(match.players)]
            limit = int(state.options.get("max_turns") or 0) * match.players
            while not state.is_over:
                seat = state.active_seats()[0]
                before = getattr(state, "turns", 0)
                if seat == ours:
                    start = time.process_time()
                    move = candidate(state, seat, rngs[seat])
                    tally.cpu.append(time.process_time() - start)
                else:
                    move = baseline(state, seat, rngs[seat])
                state.apply(seat, move)
                # The cap's last turn ends the round: the count starts again (or it is over).
                tally.capped += before == limit - 1 and (state.is_over or state.turns != limit)
            winners = state.score()["winners"]
            tally.games += 1
            tally.points += 1 / len(winners) if ours in winners else 0.0
    return tally


def run_match(match: Match, deals: int, workers: int) -> Tally:
    size = max(1, min(50, deals // (workers * 4) or 1))
    jobs = [(match, range(i, min(i + size, deals))) for i in range(0, deals, size)]
    total = Tally()
    if workers <= 1:
        for job in jobs:
            total.add(play_deals(job))
        return total
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for tally in pool.imap_unordered(play_deals, jobs):
            total.add(tally)
    return total


def row(name: str, baseline: str, players: int, tally: Tally) -> str:
    rate = tally.points / tally.games if tally.games else 0.0
    low, high = wilson_interval(tally.points, tally.games)
    cpu = sorted(tally.cpu)
    mean = statistics.fmean(cpu) * 1000 if cpu else 0.0
    p99 = cpu[int(0.99 * (len(cpu) - 1))] * 1000 if cpu else 0.0
    return (
        f"| {name} | {baseline} ({players}p) | {tally.games} | {rate:.1%} "
        f"| {low:.1%} - {high:.1%} | {mean:.2f} | {p99:.2f} |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(LEVELS))
    parser.add_argument("--games", type=int, default=400, help="games per match (2p: even)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1_000_000)
    parser.add_argument("--only", action="append", help="levels to play (by name)")
    parser.add_argument("--baseline", action="append", help="baselines to play (by name)")
    args = parser.parse_args(argv)
    print(f"{args.game}: {args.games} games per match, seed {args.seed}", flush=True)
    print("| level | against | games | win rate | 95 % interval | CPU ms/move | p99 |")
    print("|---|---|---|---|---|---|---|", flush=True)
    for base_name, base_spec, players, options in BASELINES[args.game]:
        if args.baseline and base_name not in args.baseline:
            continue
        for name, spec in LEVELS[args.game]:
            if spec == base_spec or (args.only and name not in args.only):
                continue
            match = Match(args.game, spec, base_spec, players, options, args.seed)
            tally = run_match(match, max(1, args.games // players), args.workers)
            suffix = f" options {dict(options)}; capped rounds {tally.capped}"
            print(row(name, base_name, players, tally), suffix, flush=True)


if __name__ == "__main__":
    sys.exit(main())
