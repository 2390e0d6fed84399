"""Engine throughput: full random games in-process, printed as games/s and moves/s.

Skyjo is played to the default end score (100); Skip-Bo one round with the default stock.
Run on purpose (`make bench-engine`); the figures are medians of several repetitions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable_engine.registry import GAMES


def play_random_game(game: str, n_players: int, seed: int) -> int:
    """Play one game with uniformly random legal moves; return the number of moves."""
    rules = GAMES[game]
    state = rules.new_state([f"p{i}" for i in range(n_players)], {}, seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        moves += 1
    return moves


def measure(game: str, n_players: int, games: int, seed: int) -> tuple[float, float]:
    started = time.perf_counter()
    moves = sum(play_random_game(game, n_players, seed + i) for i in range(games))
    elapsed = time.perf_counter() - started
    return games / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per repetition")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (median reported)")
    args = parser.parse_args()
    print(f"{'game':<8}{'players':>8}{'games/s':>12}{'moves/s':>12}{'moves/game':>12}")
    for game, rules in GAMES.items():
        for n_players in (n for n in (2, 4, 6) if rules.min_players <= n <= rules.max_players):
            runs = [measure(game, n_players, args.games, 1000 * r) for r in range(args.repeat)]
            games_per_s = statistics.median(r[0] for r in runs)
            moves_per_s = statistics.median(r[1] for r in runs)
            print(
                f"{game:<8}{n_players:>8}{games_per_s:>12.1f}{moves_per_s:>12.0f}"
                f"{moves_per_s / games_per_s:>12.0f}"
            )


if __name__ == "__main__":
    main()
