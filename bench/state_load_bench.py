"""State load/save cost, by game length: what every request pays to rebuild a game from its
stored snapshot, and every write to store it again.

The service is stateless: every request reads the game's snapshot (one Redis field, zlib
JSON), decodes it and rebuilds the table and the engine state (`GameService._read`), and
every write encodes it again (`documents.game.write_document`, the store's codec, the small fields
beside it). The move log is never part of it (see `make bench-cost`). For each game (2 and
4 players, default options; and a Skip-Bo match to 500, whose snapshot carries its completed
rounds) this plays one game in-process with random legal moves, and one with the server's
greedy bot at every seat, then times, at the start, mid-game and late in the game (the last
state before the end), the median (or with `--stat min`, the minimum) of:

- `load`: the stored bytes to the game (decode + `GameService._read`);
- `save`: the game to the bytes and fields written (`write_document`, encode, the fields);
- `view`: the view a move answer carries (`Game.view(seat)`).

`--with-log` adds the engine's own full form (`to_dict` with the log, `from_dict`), which
the server no longer reads (only a record replays the log).

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

from cardtable.documents.game import write_document
from cardtable.documents.repository import GameRepository
from cardtable.games.live_table import Game, Hosting
from cardtable.games.service import SMALL_FIELDS, GameService
from cardtable.store import Stored
from cardtable.store import compression as codec
from cardtable_engine.base import GameState, Move
from cardtable_engine.registry import GAMES, load_state
from cardtable_engine.table import Seat

POINTS = (("start", 0.0), ("mid", 0.5), ("late", 1.0))
"""Where in the game to measure, as a fraction of its moves (1.0: the last state before
the end, i.e. every move but the final one)."""
VARIANTS = {
    "skyjo": ("skyjo", {}),
    "skipbo": ("skipbo", {}),
    "skipbo500": ("skipbo", {"target_score": 500}),
}


def play_moves(
    game: str, options: dict[str, Any], n_players: int, seed: int, policy: str
) -> list[tuple[int, Move]]:
    """The moves of one game played with uniformly random legal moves, or by the greedy bot."""
    rules = GAMES[game]
    state = rules.new_state([f"p{i}" for i in range(n_players)], options, seed)
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


def state_after(
    game: str, options: dict[str, Any], n_players: int, seed: int, moves: list[tuple[int, Move]]
) -> GameState:
    state = GAMES[game].new_state([f"p{i}" for i in range(n_players)], options, seed)
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


READER = GameRepository()
"""What `GameService._read` reads of its service: only how it records moves (this
release's content-encoded log), so the bench times the service's own read, with no store."""


def hosted(state: GameState) -> Game:
    """The state at a table as the service stores it: named seats with token hashes."""
    seats = [Seat(i, name, token_sha256=f"{i:064x}") for i, name in enumerate(state.names)]
    hosting = Hosting(options=dict(state.options), seed=1)
    return Game("bench", state.game, state, seats, 0.0, hosting)


def stored_form(game: Game) -> tuple[bytes, dict[str, Any]]:
    """The snapshot's bytes and the small fields beside it, as a write stores them."""
    return codec.encode(write_document(game)), GameService.fields(game)


def measure(
    state: GameState, repeat: int, stat: Callable[[list[float]], float], with_log: bool
) -> dict[str, float]:
    game = hosted(state)
    blob, fields = stored_form(game)
    version = game.version

    def load() -> Game:
        read = {name: fields.get(name) or None for name in SMALL_FIELDS}
        stored = Stored("bench", version, codec.decode(blob), read)
        return READER.read(stored)

    loaded = load()  # sanity: the stored form loads and round-trips
    if stored_form(loaded) != (blob, fields) or loaded.view(0) != game.view(0):
        raise SystemExit(f"{state.game}: the loaded game differs from the original")
    figures = {
        "rounds": len(state.rounds),
        "bytes": len(blob),
        "load": time_ms(load, None, repeat, stat),
        "save": time_ms(lambda: stored_form(game), None, repeat, stat),
        "view": time_ms(lambda: game.view(0), None, repeat, stat),
    }
    if with_log:
        data = state.to_dict()
        text = json.dumps(data)
        figures["log.load"] = time_ms(load_state, lambda: json.loads(text), repeat, stat)
        figures["log.dump"] = time_ms(state.to_dict, None, repeat, stat)
    return figures


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
    parser.add_argument("--game", choices=sorted(VARIANTS), action="append", help="default: all")
    parser.add_argument("--players", type=int, action="append", help="default: 2 and 4")
    parser.add_argument("--with-log", action="store_true", help="also the full form, log included")
    args = parser.parse_args()
    columns = ["rounds", "bytes", "load", "save", "view"]
    columns += ["log.load", "log.dump"] if args.with_log else []
    stat = statistics.median if args.stat == "median" else min
    print(f"ms per call ({args.stat}); bytes: the stored snapshot; rounds: completed rounds")
    header = f"{'game':<10}{'players':>8}{'policy':>8}{'point':>7}{'moves':>7}"
    print(header + "".join(f"{c:>10}" for c in columns))
    for variant, n_players, policy in itertools.product(
        args.game or list(VARIANTS), args.players or (2, 4), args.policy or ("random", "greedy")
    ):
        game, options = VARIANTS[variant]
        moves = play_moves(game, options, n_players, args.seed, policy)
        for point, fraction in POINTS:
            count = min(int(len(moves) * fraction), len(moves) - 1)
            state = state_after(game, options, n_players, args.seed, moves[:count])
            figures = measure(state, args.repeat, stat, args.with_log)
            cells = [
                f"{figures[c]:>10.0f}" if c in ("rounds", "bytes") else f"{figures[c]:>10.3f}"
                for c in columns
            ]
            print(f"{variant:<10}{n_players:>8}{policy:>8}{point:>7}{count:>7}" + "".join(cells))


if __name__ == "__main__":
    main()
