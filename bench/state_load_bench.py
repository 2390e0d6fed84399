"""State load/save cost: how long rebuilding a game from its JSON document takes, by game size.

The service is stateless: every request decodes the stored document and rebuilds the state
with `load_state` (the state's `from_dict`), and every move writes it back with `to_dict`.
For each game (2 and 4 players, default options) this plays one game in-process with random
legal moves, and one with the server's greedy bot at every seat (random Skyjo play ends in
about two rounds; greedy play lasts four or five, closer to real games), then times, at the
start, mid-game and late in the game (the last state before the end), the median (or with
`--stat min`, the minimum) of:

- `load`: `load_state(doc)`, where `doc` is a fresh `json.loads(json.dumps(state.to_dict()))`
  (decoding is timed apart, as `json.loads`);
- `to_dict`: `state.to_dict()` (and `json.dumps` of it, apart).

Run on purpose: `.venv/bin/python bench/state_load_bench.py` (about half a minute). To
compare two versions on a shared machine, run each a few times with `--stat min`.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardtable.engine.base import GameState, Move
from cardtable.engine.registry import GAMES, load_state

POINTS = (("start", 0.0), ("mid", 0.5), ("late", 1.0))
"""Where in the game to measure, as a fraction of its moves (1.0: the last state before
the end, i.e. every move but the final one)."""


def play_moves(game: str, n_players: int, seed: int, policy: str) -> list[tuple[int, Move]]:
    """The moves of one game played with uniformly random legal moves, or by the greedy bot."""
    rules = GAMES[game]
    state = rules.new_state([f"p{i}" for i in range(n_players)], {}, seed)
    rng = random.Random(seed)
    played: list[tuple[int, Move]] = []
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        legal = state.legal_moves(seat)
        if policy == "greedy":
            move = rules.bots["greedy"](state.view(seat), legal, rng)
        else:
            move = rng.choice(legal)
        state.apply(seat, move)
        played.append((seat, move))
    return played


def state_after(game: str, n_players: int, seed: int, moves: list[tuple[int, Move]]) -> GameState:
    state = GAMES[game].new_state([f"p{i}" for i in range(n_players)], {}, seed)
    for seat, move in moves:
        state.apply(seat, move)
    return state


def time_ms(
    run: Callable[..., Any],
    prepare: Callable[[], Any] | None,
    repeat: int,
    stat: Callable[[list[float]], float],
) -> float:
    """`stat` (median or min) of the times of `run(prepare())` (or `run()`), in
    milliseconds; `prepare` is not timed.

    CPU time of this process, not wall time, and the cyclic garbage collector paused while
    timing (as `timeit` does), so that other work on a shared machine and collections
    triggered by earlier garbage skew the figures less.
    """
    times: list[float] = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            if prepare is not None:
                arg = prepare()
                started = time.process_time()
                run(arg)
            else:
                started = time.process_time()
                run()
            times.append(time.process_time() - started)
    finally:
        gc.enable()
    return stat(times) * 1000


def measure(
    state: GameState, repeat: int, stat: Callable[[list[float]], float]
) -> dict[str, float]:
    blob = json.dumps(state.to_dict())
    loaded = load_state(json.loads(blob))  # sanity: the document loads and round-trips
    if loaded.to_dict() != state.to_dict():
        raise SystemExit(f"{state.game}: the loaded state differs from the original")
    data = state.to_dict()
    return {
        "log": len(data["log"]),
        "kb": len(blob) / 1024,
        "json.loads": time_ms(lambda: json.loads(blob), None, repeat, stat),
        "load": time_ms(load_state, lambda: json.loads(blob), repeat, stat),
        "to_dict": time_ms(state.to_dict, None, repeat, stat),
        "json.dumps": time_ms(lambda: json.dumps(data), None, repeat, stat),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200, help="timings per figure")
    parser.add_argument(
        "--stat",
        choices=("median", "min"),
        default="median",
        help="min is steadier for comparing two versions on a busy machine",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--policy", choices=("random", "greedy"), action="append", help="default: both"
    )
    parser.add_argument(
        "--game", choices=("skyjo", "skipbo"), action="append", help="default: both"
    )
    args = parser.parse_args()
    columns = ("log", "kb", "json.loads", "load", "to_dict", "json.dumps")
    stat = statistics.median if args.stat == "median" else min
    print(f"figures in ms per call ({args.stat}); log = log entries, kb = JSON document size")
    header = f"{'game':<8}{'players':>8}{'policy':>8}{'point':>7}{'moves':>7}"
    print(header + "".join(f"{c:>11}" for c in columns))
    for game, n_players, policy in itertools.product(
        args.game or ("skyjo", "skipbo"), (2, 4), args.policy or ("random", "greedy")
    ):
        moves = play_moves(game, n_players, args.seed, policy)
        for point, fraction in POINTS:
            count = min(int(len(moves) * fraction), len(moves) - 1)
            state = state_after(game, n_players, args.seed, moves[:count])
            figures = measure(state, args.repeat, stat)
            print(
                f"{game:<8}{n_players:>8}{policy:>8}{point:>7}{count:>7}"
                f"{figures['log']:>11.0f}{figures['kb']:>11.1f}"
                + "".join(f"{figures[c]:>11.3f}" for c in columns[2:])
            )


if __name__ == "__main__":
    main()
