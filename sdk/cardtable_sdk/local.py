"""Local play: the same bots, in-process against the rules engine, with no server.

    from cardtable_sdk.local import play_local
    result = play_local("skyjo", [my_bot, "greedy"], seed=1)

A `LocalGame` behaves as the server does: views and legal moves are the same JSON objects
(the view gains the game `id` and the seats' `bots`, as the server adds them), seats
named "random" or "greedy" are played by the engine's bots right after each move (with the
same random stream the server uses, so a seeded local game replays a seeded server game
move for move), versions grow by one per move, and errors are the SDK's typed exceptions
with the codes the server would send. A `LocalSeat` has the methods of a `SeatSession`, so
`cardtable_sdk.play(seat, bot)` runs unchanged against it, one thread per seat if needed.

Needs the rules engine (the `cardtable-engine` distribution): `pip install 'cardtable-sdk[local]'`.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cardtable_client.models import GameType
from cardtable_sdk._engine import GAMES, AppliedMove, EngineError, GameState, ServiceError, Table
from cardtable_sdk._http import players_body
from cardtable_sdk._session import LastView
from cardtable_sdk.errors import CardtableError, InvalidPlayers, VersionMismatch, error_for
from cardtable_sdk.runner import Bot
from cardtable_sdk.views import MoveList, MoveResult, Turn, View, make_view

__all__ = ["LocalGame", "LocalResult", "LocalSeat", "game_types", "play_local"]

MAX_TURN_MOVES = 100_000
"""A guard against a bot loop that never ends a game (a bug, not a rule)."""

_ids = itertools.count(1)


def game_types() -> list[GameType]:
    """The games the local engine plays, described as `Cardtable.game_types()` does."""
    return [GameType.from_dict(rules.describe()) for rules in GAMES.values()]


@contextmanager
def _table_errors() -> Iterator[None]:
    """The table's and engine's errors as the SDK's exceptions, with the code (and details)
    the server would send."""
    try:
        yield
    except EngineError as error:
        raise error_for(error.code, error.message) from error
    except ServiceError as error:
        raise error_for(error.code, error.message, details=error.details) from error


def _json_copy(data: Any) -> Any:
    """What the data becomes once sent as JSON: same types as over HTTP, and a copy.

    Views and legal moves skip this: the engine builds them afresh, from JSON types only,
    at every call (tests/sdk check both), and copying them would halve the speed of a
    training loop."""
    return json.loads(json.dumps(data))


class LocalGame:
    """One game played in-process. `players` as for `Cardtable.create_game`: names,
    (name, bot) pairs or {"name", "bot"} dicts, bot being "random" or "greedy"."""

    def __init__(
        self,
        game: str,
        players: Iterable[Any],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> None:
        with _table_errors():
            self.table = Table.deal(
                f"local-{next(_ids)}", game, players_body(players), options, seed
            )
        self.id = self.table.table_id
        self.game = game
        self.names = [seat.name for seat in self.table.seats]
        self.bots: list[str | None] = self.table.bots
        self._changed = threading.Condition()
        self.applied: list[dict[str, Any]] = []
        """Every applied move, as the server's MoveResult lists them."""
        self._log(self.table.play_bots())

    @property
    def state(self) -> GameState:
        return self.table.state

    def __repr__(self) -> str:
        return f"<LocalGame {self.game} {self.id} v{self.version}>"

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def finished(self) -> bool:
        return self.state.is_over

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = _json_copy(self.state.options)
        return options

    def seat(self, seat: int) -> LocalSeat:
        """A session for one seat, with the methods of an HTTP `SeatSession`."""
        if not 0 <= seat < len(self.names):
            raise InvalidPlayers(f"seat must be from 0 to {len(self.names) - 1}")
        return LocalSeat(self, seat)

    def human_seats(self) -> list[LocalSeat]:
        return [self.seat(s) for s, bot in enumerate(self.bots) if bot is None]

    # ---- what the server does, in-process ---------------------------------------------

    def view(self, seat: int | None = None) -> View:
        with self._changed:
            return make_view(self.table.view(seat))

    def legal_moves(self, seat: int) -> MoveList:
        with self._changed, _table_errors():
            return MoveList(self.state.legal_moves(seat), version=self.version)

    def apply(
        self, seat: int, move: Mapping[str, Any], *, version: int | None = None
    ) -> MoveResult:
        """Apply `move` for `seat` (refused with StaleVersion unless the game is still at
        `version`, when given), then let the engine's bots answer, as the server does."""
        with self._changed:
            before = self._apply(seat, move, version)
            applied = _json_copy(self.applied[before:])
            return MoveResult(self.version, seat, applied, self.view(seat))

    def _apply(self, seat: int, move: Mapping[str, Any], version: int | None) -> int:
        """Apply the move and the bots' answers; the index of the move in `applied`."""
        with self._changed:
            before = len(self.applied)
            with _table_errors():
                self._log(self.table.move(seat, dict(move), version))
            self._changed.notify_all()
            return before

    def _log(self, applied: list[AppliedMove]) -> None:
        self.applied += [entry.to_dict() for entry in applied]

    def wait_for_change(self, known_version: int, timeout: float) -> bool:
        """Block until the version differs from `known_version` (another thread moved) or
        `timeout` seconds pass; True if it changed."""
        with self._changed:
            return self._changed.wait_for(lambda: self.version != known_version, timeout)

    def score(self) -> dict[str, Any]:
        with self._changed:
            score: dict[str, Any] = _json_copy(self.state.score())
            return score

    def record(self) -> dict[str, Any]:
        with self._changed, _table_errors():
            record: dict[str, Any] = _json_copy(self.state.record())
            return record

    def play(self, bots: Mapping[int, Bot] | Sequence[Bot | None]) -> LocalResult:
        """Play every human seat with its bot (by seat number) until the game is over."""
        chosen = dict(bots) if isinstance(bots, Mapping) else dict(enumerate(bots))
        started = time.perf_counter()
        for _ in range(MAX_TURN_MOVES):
            if self.finished:
                break
            humans = [s for s in self.state.active_seats() if self.bots[s] is None]
            if not humans:
                raise CardtableError("no seat can act, yet the game is not over")
            seat = humans[0]
            bot = chosen.get(seat)
            if bot is None:
                raise CardtableError(f"seat {seat} is to act but was given no bot")
            view = self.view(seat)
            legal = self.legal_moves(seat)
            move = bot(view, legal)
            try:
                self._apply(seat, move, None)
            except CardtableError as error:
                error.turn = Turn(view, legal)
                raise
        else:
            raise CardtableError(f"the game did not end within {MAX_TURN_MOVES} moves")
        first = min((seat for seat, bot in chosen.items() if bot is not None), default=0)
        return LocalResult(self, first, self.score(), time.perf_counter() - started)


class LocalSeat(LastView):
    """One seat of a `LocalGame`, with the methods of an HTTP `SeatSession`."""

    def __init__(self, game: LocalGame, seat: int) -> None:
        self.local_game = game
        self.game_id = game.id
        self.seat = seat

    def __repr__(self) -> str:
        return f"<LocalSeat seat {self.seat} of {self.game_id} at v{self.version}>"

    def view(self) -> View:
        return self._remember(self.local_game.view(self.seat))

    def wait_for_change(self, timeout: float = 25.0) -> View | None:
        if self.last_view is None:
            return self.view()
        if self.local_game.wait_for_change(self.last_view.version, timeout):
            return self.view()
        return None

    def legal_moves(self) -> MoveList:
        return self.local_game.legal_moves(self.seat)

    def turn(self) -> Turn:
        return Turn(self.view(), self.legal_moves())

    def move(self, move: Mapping[str, Any], *, version: int | None = None) -> MoveResult:
        try:
            result = self.local_game.apply(
                self.seat, move, version=version if version is not None else self.version
            )
        except VersionMismatch as mismatch:
            mismatch.view = self.view()
            raise
        self._remember(result.view)
        return result

    def score(self) -> dict[str, Any]:
        return self.local_game.score()

    def record(self) -> dict[str, Any]:
        return self.local_game.record()

    def close(self) -> None:
        """Nothing to release; here so code written for `SeatSession` runs unchanged."""


@dataclass
class LocalResult:
    """A finished local game, with the attributes of the runner's `PlayResult`: `seat` is the
    first seat a bot function played (the one `won` is about)."""

    game: LocalGame = field(repr=False)
    seat: int
    score: dict[str, Any]
    seconds: float

    @property
    def won(self) -> bool:
        return self.seat in self.score.get("winners", [])

    @property
    def winners(self) -> list[int]:
        return list(self.score["winners"])

    @property
    def totals(self) -> list[int]:
        return list(self.score["totals"])

    @cached_property
    def record(self) -> dict[str, Any]:
        """The contract's record of the game: every deal, move and reshuffle."""
        return self.game.record()


def play_local(
    game: str,
    bots: Sequence[Bot | str],
    *,
    names: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> LocalResult:
    """Play one game in-process: one entry per seat, a bot function or the name of an
    engine bot ("random", "greedy"). Returns the final score (and the game, for its record)."""
    names = list(names) if names is not None else [f"Player {i + 1}" for i in range(len(bots))]
    players: list[dict[str, Any]] = []
    functions: dict[int, Bot] = {}
    for seat, (name, bot) in enumerate(zip(names, bots, strict=True)):
        if isinstance(bot, str):
            players.append({"name": name, "bot": bot})
        else:
            players.append({"name": name})
            functions[seat] = bot
    return LocalGame(game, players, options=options, seed=seed).play(functions)
