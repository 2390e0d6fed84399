"""What recording a move for the stored log costs, by content (this release: the move's
number in the game's move space) and by position (the release before: its index in
`legal_moves`), side by side in one run, interleaved, on the same recorded games. Prints
microseconds per move (median of the rounds) and the ratio, per game.

Run on purpose: `.venv/bin/python bench/move_log.py [--games 40] [--rounds 7]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardtable.documents.movelog import content_entry, position_entry
from cardtable_engine.base import GameState, Move
from cardtable_engine.registry import GAMES

Entry = Callable[[GameState, int, Move], int]


def played(game: str, seed: int) -> list[tuple[GameState, int, Move]]:
    """Every position of one random two-player game, with the move made there."""
    rules = GAMES[game]
    state = rules.new_state(["a", "b"], None, seed)
    rng = random.Random(seed)
    positions = []
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        move = rng.choice(state.legal_moves(seat))
        positions.append((rules.load(state.to_dict()), seat, move))
        state.apply(seat, move)
    return positions


def per_move(entry: Entry, positions: list[tuple[GameState, int, Move]]) -> float:
    start = time.perf_counter()
    for state, seat, move in positions:
        entry(state, seat, move)
    return (time.perf_counter() - start) / len(positions) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(f"{'game':<8}{'moves':>7}{'content us':>12}{'position us':>13}{'ratio':>7}")
    for game in sorted(GAMES):
        positions = [p for seed in range(args.games) for p in played(game, seed)]
        content, position = [], []
        for _ in range(args.rounds):
            content.append(per_move(content_entry, positions))
            position.append(per_move(position_entry, positions))
        mine, before = statistics.median(content), statistics.median(position)
        print(f"{game:<8}{len(positions):>7}{mine:>12.2f}{before:>13.2f}{mine / before:>7.2f}")


if __name__ == "__main__":
    main()
