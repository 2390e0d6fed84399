"""The arena: play many local games between bots, in parallel processes, with rotating
seats and fixed seeds, and report win rates (Wilson 95 % intervals) and Elo ratings.

    cardtable-arena skyjo sdk/examples/skyjo_expert.py greedy --games 1000 --workers 2

A bot is `random` or `greedy` (the engine's own bots, as the server plays them), a
`module:function` (imported), `path/to/file.py[:function]` (`bot` by default), or
`policy:path/to/file.npz` (a trained policy file, `cardtable_sdk.policies.files`). A bot
function takes `(view, legal_moves)`, or `(view, legal_moves, rng)` to get a seeded
`random.Random` of its own. Game `i` deals with seed `seed + i // L`, where L is the number
of seat orders: each deal is played once with every seat order (duplicate format), so the
luck of the deal evens out. Needs the engine: `pip install 'cardtable-sdk[local,arena]'`.

`--export records.jsonl` writes each finished game's record (the HTTP contract's Record,
its players named after their bots) as one JSON line.

Every game ends: unless `--option max_turns=...` says otherwise, rounds are played with the
game's default `max_turns`, as on the server (Skyjo: 100 turns per seat, then the round is
scored as it lies; Skip-Bo: 200, then the round is drawn), and a game that still runs past
`MAX_MOVES` moves is stopped and counted as stalled (no winner, listed in the report), so
one bad game never loses the others' results.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import itertools
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from cardtable_sdk._botspec import import_function as _import_function
from cardtable_sdk._engine import GAMES, GameState, Move, get_rules, turn_limit
from cardtable_sdk.ratings import elo_ratings, wilson_interval
from cardtable_sdk.views import MoveList, make_view

__all__ = ["ArenaResult", "BotStats", "load_bot", "main", "run_arena"]

Decide = Callable[[GameState, int, random.Random], Move]
"""How the arena asks a bot for a move: it builds the seat's view and legal moves from the
state and hands the bot only those."""

MAX_MOVES = 200_000
"""A game still running after this many moves is stopped and reported as stalled (with
`max_turns` a round cannot stall, but a game of capped rounds that never reaches its end
score could)."""


def _engine_bot(game: str, name: str) -> Decide:
    bot = get_rules(game).bots[name]
    if name == "random":
        # Any legal move: no need to build a view nobody reads (twice the games per second).
        return lambda state, seat, rng: rng.choice(state.legal_moves(seat))
    return lambda state, seat, rng: bot(state.view(seat), state.legal_moves(seat), rng)


def load_bot(game: str, spec: str) -> Decide:
    """The bot a command-line name stands for (see the module docstring)."""
    if spec in get_rules(game).bots:
        return _engine_bot(game, spec)
    if ":" not in spec and not spec.endswith(".py"):
        known = ", ".join(sorted(get_rules(game).bots))
        raise ValueError(f"{spec!r}: not a built-in bot ({known}), module:function or .py file")
    function = _import_function(spec, game)
    wants_rng = len(inspect.signature(function).parameters) >= 3

    def decide(state: GameState, seat: int, rng: random.Random) -> Move:
        view = make_view(state.view(seat))
        legal = MoveList(state.legal_moves(seat), version=state.version)
        move = function(view, legal, rng) if wants_rng else function(view, legal)
        return dict(move)

    return decide


def lineups(bots: int, players: int) -> list[tuple[int, ...]]:
    """Seat orders that give every bot every seat equally often: every ordered choice of
    distinct bots when there are enough, else the rotations of the bots repeated."""
    if bots >= players:
        return list(itertools.permutations(range(bots), players))
    return [tuple((first + s) % bots for s in range(players)) for first in range(bots)]


@dataclass(frozen=True)
class Tournament:
    """What to play: the game, the bots by spec, and how many games of how many seats."""

    game: str
    bots: tuple[str, ...]
    games: int
    players: int = 2
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    records: bool = False
    """Keep each finished game's record (`--export`)."""

    def __post_init__(self) -> None:
        # The game's turn limit applies unless the caller chose one (or null): shown in the
        # report, it comes from the rules' default, not from a copy here.
        resolved = get_rules(self.game).resolve_options(self.options, self.players)
        if "max_turns" in resolved and "max_turns" not in self.options:
            object.__setattr__(
                self, "options", {**self.options, "max_turns": resolved["max_turns"]}
            )

    def lineup(self, index: int) -> tuple[int, ...]:
        orders = lineups(len(self.bots), self.players)
        return orders[index % len(orders)]

    def deal_seed(self, index: int) -> int:
        return self.seed + index // len(lineups(len(self.bots), self.players))


_loaded: list[Decide] = []
"""The bots of the tournament a worker process plays (loaded once per process)."""


def _load_all(tournament: Tournament) -> None:
    _loaded[:] = [load_bot(tournament.game, spec) for spec in tournament.bots]


@dataclass(frozen=True)
class Outcome:
    """One game: the bot of each seat, the winning seats, the rounds that reached the turn
    limit, and whether the game was stopped at `MAX_MOVES` (then nobody won)."""

    index: int
    order: tuple[int, ...]
    winners: list[int]
    capped_rounds: int = 0
    stalled: bool = False
    record: dict[str, Any] | None = None
    """The contract's Record of the game, its players named after their bots (`records`)."""


def play_game(tournament: Tournament, index: int, max_moves: int = MAX_MOVES) -> Outcome:
    """Play game `index` (stopped as stalled after `max_moves` moves)."""
    order = tournament.lineup(index)
    names = [f"seat {seat}" for seat in range(tournament.players)]
    state = get_rules(tournament.game).new_state(
        names, dict(tournament.options), tournament.deal_seed(index)
    )
    rngs = [random.Random(f"{tournament.seed}:{index}:{seat}") for seat in range(len(names))]
    # The rules' cap, counted by the engine (`turn_limit`): seen here only to count it.
    limit = turn_limit.cap(tournament.options, tournament.players) or -1
    capped = 0
    for _ in range(max_moves):
        if state.is_over:
            record = _named_record(state, tournament, order) if tournament.records else None
            return Outcome(index, order, list(state.score()["winners"]), capped, record=record)
        seat = state.active_seats()[0]
        before = getattr(state, "turns", 0)
        state.apply(seat, _loaded[order[seat]](state, seat, rngs[seat]))
        # The limit's last turn ends the round: the count starts again (or the game ends).
        capped += before == limit - 1 and (state.is_over or getattr(state, "turns", 0) != limit)
    return Outcome(index, order, [], capped, stalled=True)


def _named_record(
    state: GameState, tournament: Tournament, order: tuple[int, ...]
) -> dict[str, Any]:
    """The game's record with each seat named after its bot (names change no card)."""
    record: dict[str, Any] = state.record()
    names = _unique_names(tournament.bots)
    for player in record["players"]:
        player["name"] = names[order[player["seat"]]]
    return record


def _play_chunk(job: tuple[Tournament, range]) -> list[Outcome]:
    tournament, indices = job
    if not _loaded:
        _load_all(tournament)
    return [play_game(tournament, index) for index in indices]


def _chunks(tournament: Tournament, workers: int) -> list[range]:
    size = max(1, min(200, tournament.games // (workers * 8) or 1))
    return [range(i, min(i + size, tournament.games)) for i in range(0, tournament.games, size)]


def play_all(tournament: Tournament, workers: int, progress: bool) -> Iterator[list[Outcome]]:
    """Every game's outcome, chunk by chunk (in any order), on `workers` processes."""
    jobs = [(tournament, chunk) for chunk in _chunks(tournament, workers)]
    bar = _progress(tournament.games, progress)
    if workers <= 1:
        _load_all(tournament)
        outcomes: Iterator[Any] = map(_play_chunk, jobs)
        for chunk in outcomes:
            bar(len(chunk))
            yield chunk
        return
    # fork: the workers inherit the imported engine instead of importing it again.
    context = multiprocessing.get_context("fork")
    with context.Pool(workers, initializer=_load_all, initargs=(tournament,)) as pool:
        for chunk in pool.imap_unordered(_play_chunk, jobs):
            bar(len(chunk))
            yield chunk


def _progress(total: int, enabled: bool) -> Callable[[int], None]:
    """A progress bar on stderr (tqdm, from the `arena` extra), or nothing."""
    if not enabled:
        return lambda done: None
    try:
        from tqdm import tqdm
    except ImportError:  # the bar is a comfort, not a need
        return lambda done: None
    bar = tqdm(total=total, unit="game", file=sys.stderr, leave=False)

    def update(done: int) -> None:
        bar.update(done)
        if bar.n >= total:
            bar.close()

    return update


@dataclass
class BotStats:
    """One bot's results: a game it shares the win of counts half a point."""

    name: str
    games: int = 0
    wins: int = 0
    shared: int = 0

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.shared

    def as_dict(self, elo: float) -> dict[str, Any]:
        low, high = wilson_interval(self.points, self.games)
        rate = self.points / self.games if self.games else 0.0
        return {
            "bot": self.name,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared,
            "win_rate": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "elo": round(elo, 1),
        }


@dataclass
class ArenaResult:
    """Everything the arena measured, as `--json` prints it (`as_dict`)."""

    tournament: Tournament
    stats: list[BotStats]
    pair_points: dict[tuple[str, str], float]
    pair_games: dict[tuple[str, str], int]
    seconds: float
    workers: int
    stalled: list[int] = field(default_factory=list)
    """The games stopped at `MAX_MOVES` (counted as played, won by nobody)."""
    capped_rounds: int = 0
    """Rounds that reached the `max_turns` limit and were scored as they lay."""
    played: int = 0
    """Games finished (fewer than asked only when interrupted)."""

    def as_dict(self) -> dict[str, Any]:
        t = self.tournament
        elo = elo_ratings([s.name for s in self.stats], self.pair_points, self.pair_games)
        return {
            "game": t.game,
            "players": t.players,
            "games": t.games,
            "games_played": self.played,
            "seed": t.seed,
            "options": dict(t.options),
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(t.games / self.seconds, 1) if self.seconds else None,
            "stalled_games": sorted(self.stalled),
            "capped_rounds": self.capped_rounds,
            "bots": [s.as_dict(elo[s.name]) for s in self.stats],
            "pairs": [
                {"bot": a, "opponent": b, "games": n, "points": self.pair_points[a, b]}
                for (a, b), n in sorted(self.pair_games.items())
            ],
        }


def _tally(result: ArenaResult, order: tuple[int, ...], winners: list[int]) -> None:
    """Count one game: per bot (a win if any of its seats won), and per pair of bots."""
    names = [result.stats[i].name for i in order]
    won = {names[seat] for seat in winners}
    for name in set(names):
        stats = result.stats[order[names.index(name)]]
        stats.games += 1
        if name in won:
            stats.wins += len(won) == 1
            stats.shared += len(won) > 1
    for a, b in itertools.permutations(sorted(set(names)), 2):
        result.pair_games[a, b] = result.pair_games.get((a, b), 0) + 1
        points = 0.5 if (a in won) == (b in won) else float(a in won)
        result.pair_points[a, b] = result.pair_points.get((a, b), 0.0) + points


def run_arena(
    tournament: Tournament,
    *,
    workers: int = 1,
    progress: bool = False,
    export: TextIO | None = None,
) -> ArenaResult:
    """Play the tournament and count the results (the same for any `workers`). `export`:
    where each finished game's record goes, one JSON line each (with `records` set)."""
    names = _unique_names(tournament.bots)
    result = ArenaResult(tournament, [BotStats(n) for n in names], {}, {}, 0.0, workers)
    started = time.perf_counter()
    try:
        for chunk in play_all(tournament, workers, progress):
            for outcome in chunk:
                _tally(result, outcome.order, outcome.winners)
                if export is not None and outcome.record is not None:
                    export.write(json.dumps(outcome.record, separators=(",", ":")) + "\n")
                result.played += 1
                result.capped_rounds += outcome.capped_rounds
                if outcome.stalled:
                    result.stalled.append(outcome.index)
    except KeyboardInterrupt:
        # Keep what finished: the report says how many games were played of those asked.
        print("interrupted: reporting the games finished so far", file=sys.stderr)
    result.seconds = time.perf_counter() - started
    return result


def _unique_names(specs: Sequence[str]) -> list[str]:
    """Short names for the table (a file's stem), numbered when two bots share one."""
    short = [Path(spec.partition(":")[0]).stem if ".py" in spec else spec for spec in specs]
    return [n if short.count(n) == 1 else f"{n}#{i + 1}" for i, n in enumerate(short)]


def format_table(data: Mapping[str, Any]) -> str:
    """The human-readable report of `ArenaResult.as_dict()`."""
    speed = data["games_per_second"]
    lines = [
        f"{data['game']}, {data['players']} players, {data['games']} games (seed {data['seed']}),"
        f" {data['workers']} workers: {data['seconds']:.1f} s, {speed} games/s",
        f"{'bot':<24} {'games':>6} {'wins':>6} {'shared':>6} {'win rate':>9}"
        f" {'95% CI':>16} {'Elo':>7}",
    ]
    for bot in data["bots"]:
        low, high = bot["ci95"]
        lines.append(
            f"{bot['bot']:<24} {bot['games']:>6} {bot['wins']:>6} {bot['shared_wins']:>6}"
            f" {bot['win_rate']:>9.1%} {f'{low:.1%} - {high:.1%}':>16} {bot['elo']:>7.0f}"
        )
    stalled = data["stalled_games"]
    lines.append(
        f"rounds ended by max_turns: {data['capped_rounds']}; stalled games (stopped at"
        f" {MAX_MOVES:,} moves, no winner): {len(stalled)}"
        + (f" ({', '.join(map(str, stalled[:20]))}{' ...' if len(stalled) > 20 else ''})"
           if stalled else "")
    )  # fmt: skip
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(
        prog="cardtable-arena", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("game", choices=sorted(GAMES), help="a hosted game")
    parser.add_argument(
        "bots", nargs="+", help="random, greedy, module:function, file.py, policy:file.npz"
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2, help="seats per game")
    parser.add_argument("--seed", type=int, default=0, help="game i deals with seed+i//L")
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument(
        "--export",
        metavar="FILE.jsonl",
        help="write each finished game's record (the HTTP contract's Record, players named"
        " after their bots) as one JSON line, in the order games finish",
    )
    args = parser.parse_args(argv)
    for spec in args.bots:  # a bad name is one clear line here, not a trace from each worker
        try:
            load_bot(args.game, spec)
        except (ValueError, ImportError) as error:
            parser.error(str(error))
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    tournament = Tournament(
        args.game,
        tuple(args.bots),
        args.games,
        args.players,
        args.seed,
        options,
        records=args.export is not None,
    )
    with contextlib.ExitStack() as stack:
        export = stack.enter_context(open(args.export, "w")) if args.export else None
        result = run_arena(
            tournament, workers=args.workers, progress=not args.no_progress, export=export
        )
    data = result.as_dict()
    print(json.dumps(data, indent=2) if args.json else format_table(data))
    return data


def console() -> None:
    """The `cardtable-arena` command."""
    main()


if __name__ == "__main__":
    console()
