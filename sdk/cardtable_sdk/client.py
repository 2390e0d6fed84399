"""The synchronous client: `Cardtable` lists and creates games, `SeatSession` plays one seat
(view, legal moves, moves with If-Match, long-polling, score, record), `Spectator` watches.

    with Cardtable("http://localhost:8000") as table:
        game = table.create_game("skyjo", ["Ann", ("Bot", "greedy")], seed=7)
        seat = game.seat(0)
        view, legal = seat.turn()
        seat.move(legal[0])

A session remembers the version of the last view it read and sends it as `If-Match` with
each move, so a move decided on an old view is refused (412) instead of applied. On such a
refusal (or a 409 `version_conflict`) the session reads the game again and raises, the
fresh view in `error.view`: the caller decides again; nothing is ever resent blindly.
Sessions are not thread-safe: give each thread its own (`Cardtable.seat` is cheap).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self

from cardtable_client import AuthenticatedClient, Client
from cardtable_client.api.catalog import list_game_types
from cardtable_client.api.games import create_game, get_game, get_legal_moves, get_record, get_score
from cardtable_client.models import CreatedGame, CreateGameRequest, GameType, GameTypes
from cardtable_sdk._http import (
    DEFAULT_TIMEOUT,
    MAX_WAIT,
    Connection,
    as_seat_or_spectator,
    body_json,
    checked_body,
    expect,
    players_body,
    raw_move_request,
    raw_view_request,
    transport_errors,
)
from cardtable_sdk.errors import CardtableError, MalformedMove, ValidationError, VersionMismatch
from cardtable_sdk.scoresheets import ScoresheetSession, create_sheet
from cardtable_sdk.views import MoveList, MoveResult, Turn, View, make_view

__all__ = ["Cardtable", "Game", "SeatInfo", "SeatSession", "Spectator"]

PlayerSpec = str | tuple[str, str | None] | Mapping[str, Any]
"""A player for `create_game`: a name, a (name, bot) pair, or {"name": ..., "bot": ...}."""

MAX_TURN_READS = 5
"""`turn()` reads view and legal moves again when the game moved between the two reads."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a created game; the token is its only proof of identity, keep it."""

    seat: int
    name: str
    bot: str | None
    token: str

    def __repr__(self) -> str:
        kind = f", bot={self.bot!r}" if self.bot else ""
        return f"SeatInfo(seat={self.seat}, name={self.name!r}{kind}, token='…')"


def _seat_infos(created: CreatedGame) -> list[SeatInfo]:
    infos = []
    for player in created.players:
        bot = player.bot if isinstance(player.bot, str) else None
        infos.append(SeatInfo(player.seat, player.name, bot, player.token))
    return infos


def _create_request(
    game: str, players: Iterable[PlayerSpec], options: Mapping[str, Any] | None, seed: int | None
) -> CreateGameRequest:
    body: dict[str, Any] = {"game": game, "players": players_body(players)}
    if options is not None:
        body["options"] = dict(options)
    if seed is not None:
        body["seed"] = seed
    return checked_body(CreateGameRequest.from_dict, body)


class Cardtable:
    """A Cardtable server: list the hosted games, create games, open seats and spectators.

    `timeout` (seconds) bounds every request except long-polls, which get `wait` more;
    `headers` go with every request; `httpx_args` go to every httpx client made (a
    `transport`, a `proxy`…). Use it as a context manager (or call `close()`) to release
    connections, including those of the sessions it opened."""

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        headers: Mapping[str, str] | None = None,
        verify_ssl: bool = True,
        httpx_args: Mapping[str, Any] | None = None,
    ) -> None:
        self.connection = Connection(
            base_url, timeout, dict(headers or {}), verify_ssl, dict(httpx_args or {})
        )
        self._client = self.connection.client()
        self._opened: list[SeatSession | Spectator | ScoresheetSession] = []

    @property
    def base_url(self) -> str:
        return self.connection.base_url

    def __repr__(self) -> str:
        return f"Cardtable({self.base_url!r})"

    # ---- discovery and creation -------------------------------------------------------

    def game_types(self) -> list[GameType]:
        """The hosted games: player counts, options (type, default, range), bots, moves."""
        with transport_errors():
            response = list_game_types.sync_detailed(client=self._client)
        return expect(response.parsed, GameTypes).games

    def create_game(
        self,
        game: str,
        players: Iterable[PlayerSpec],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> Game:
        """Create a game; `players` are names, (name, bot) pairs or dicts, where bot is
        "random" or "greedy" for a seat the server plays. Returns the game with every
        seat's token (shown only now)."""
        request = _create_request(game, players, options, seed)
        with transport_errors():
            response = create_game.sync_detailed(client=self._client, body=request)
        return Game(self, expect(response.parsed, CreatedGame))

    # ---- sessions ------------------------------------------------------------------------

    def seat(self, game_id: str, token: str, *, seat: int | None = None) -> SeatSession:
        """A session acting as the seat whose token this is."""
        session = SeatSession(self.connection, game_id, token, seat=seat)
        self._opened.append(session)
        return session

    def spectate(self, game_id: str) -> Spectator:
        """A session without a token: public information only."""
        spectator = Spectator(self.connection, game_id)
        self._opened.append(spectator)
        return spectator

    def create_scoresheet(
        self, game: str, players: list[str], *, options: Mapping[str, Any] | None = None
    ) -> ScoresheetSession:
        """Start a score sheet for a game played with real cards; it holds the edit token."""
        sheet = create_sheet(self.connection, game, players, options)
        self._opened.append(sheet)
        return sheet

    def scoresheet(self, sheet_id: str, edit_token: str | None = None) -> ScoresheetSession:
        """An existing score sheet: read it (anyone), edit it (with its edit token)."""
        sheet = ScoresheetSession(self.connection, sheet_id, edit_token)
        sheet.refresh()
        self._opened.append(sheet)
        return sheet

    def close(self) -> None:
        for session in self._opened:
            session.close()
        self._opened.clear()
        self._client.get_httpx_client().close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class Game:
    """A game just created: its id, resolved options and every seat with its token."""

    def __init__(self, table: Cardtable, created: CreatedGame) -> None:
        self.table = table
        self.id = created.id
        self.game = created.game
        self.version = created.version
        self.finished = created.finished
        self.options: dict[str, Any] = created.options.to_dict()
        self.players = _seat_infos(created)

    def __repr__(self) -> str:
        names = ", ".join(p.name + (f" ({p.bot})" if p.bot else "") for p in self.players)
        return f"<Game {self.game} {self.id} v{self.version}: {names}>"

    @property
    def tokens(self) -> list[str]:
        return [player.token for player in self.players]

    def seat(self, which: int | str) -> SeatSession:
        """A session for a seat, by seat number or by token."""
        if isinstance(which, int):
            info = self.players[which]
            return self.table.seat(self.id, info.token, seat=info.seat)
        for info in self.players:
            if info.token == which:
                return self.table.seat(self.id, which, seat=info.seat)
        return self.table.seat(self.id, which)

    def human_seats(self) -> list[SeatSession]:
        """Sessions for every seat the server does not play itself."""
        return [self.seat(p.seat) for p in self.players if not p.bot]

    def spectate(self) -> Spectator:
        return self.table.spectate(self.id)


class _Reader:
    """What seats and spectators share: reading the view, score and record of one game."""

    def __init__(self, connection: Connection, game_id: str, client: Client | AuthenticatedClient):
        self.connection = connection
        self.game_id = game_id
        self._client = client
        self.last_view: View | None = None

    @property
    def version(self) -> int | None:
        """The version of the last view this session read (None before the first read)."""
        return self.last_view.version if self.last_view is not None else None

    def view(self) -> View:
        """Read the game now (this seat's view, or the spectator's)."""
        with transport_errors():
            response = get_game.sync_detailed(
                self.game_id, client=as_seat_or_spectator(self._client)
            )
        self.last_view = make_view(body_json(response))
        return self.last_view

    def wait_for_change(self, timeout: float = 25.0) -> View | None:
        """Long-poll: the new view as soon as the game moves past the last version read
        (the server holds the request up to `timeout` ≤ 30 seconds), or None if nothing
        changed meanwhile. Reads the view first if none was read yet."""
        if self.last_view is None:
            return self.view()
        # Raw httpx: If-None-Match and the body-less 304 are beyond the generated code.
        timeout = min(timeout, MAX_WAIT)
        request = raw_view_request(self.game_id, self.last_view.version, timeout)
        http = self._client.get_httpx_client()
        with transport_errors():
            response = http.request(**request, timeout=self.connection.long_poll_timeout(timeout))
            if response.status_code == 304:
                return None
            self.last_view = make_view(response.json())
        return self.last_view

    def score(self) -> dict[str, Any]:
        """Completed rounds, running totals, and the winners once the game is over."""
        with transport_errors():
            response = get_score.sync_detailed(
                self.game_id, client=as_seat_or_spectator(self._client)
            )
        score: dict[str, Any] = body_json(response)
        return score

    def record(self) -> dict[str, Any]:
        """The full record (deals, moves, reshuffles); GameNotOver until the game ends."""
        with transport_errors():
            response = get_record.sync_detailed(
                self.game_id, client=as_seat_or_spectator(self._client)
            )
        record: dict[str, Any] = body_json(response)
        return record

    def close(self) -> None:
        self._client.get_httpx_client().close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class Spectator(_Reader):
    """Watches a game without a token: public information only."""

    def __init__(self, connection: Connection, game_id: str) -> None:
        super().__init__(connection, game_id, connection.client())

    def __repr__(self) -> str:
        return f"<Spectator of {self.game_id} at v{self.version}>"


class SeatSession(_Reader):
    """Plays one seat of one game with its token."""

    def __init__(
        self, connection: Connection, game_id: str, token: str, *, seat: int | None = None
    ) -> None:
        self._seat_client = connection.seat_client(token)
        super().__init__(connection, game_id, self._seat_client)
        self._seat = seat

    def __repr__(self) -> str:
        seat = "?" if self._seat is None else self._seat
        return f"<SeatSession seat {seat} of {self.game_id} at v{self.version}>"

    @property
    def seat(self) -> int:
        """This session's seat number (read from the server the first time if unknown)."""
        if self._seat is None:
            view = self.last_view or self.view()
            if view.seat is None:
                raise CardtableError("the server did not say which seat this token holds")
            self._seat = view.seat
        return self._seat

    def view(self) -> View:
        view = super().view()
        if self._seat is None:
            self._seat = view.seat
        return view

    def legal_moves(self) -> MoveList:
        """The moves this seat may make now (empty when it may not act), with the version
        they are legal at in `.version`."""
        with transport_errors():
            response = get_legal_moves.sync_detailed(self.game_id, client=self._seat_client)
        data = body_json(response)
        return MoveList(data["moves"], version=int(data["version"]))

    def turn(self) -> Turn:
        """The view and the legal moves at one same version: what to decide a move on."""
        for _ in range(MAX_TURN_READS):
            view = self.view()
            moves = self.legal_moves()
            if moves.version == view.version:
                return Turn(view, moves)
        # The game keeps moving under us (other seats acting fast): report, don't spin.
        raise VersionMismatch(
            "the game changed between reading the view and the legal moves, repeatedly",
            code="version_conflict",
            status=None,
        )

    def move(self, move: Mapping[str, Any], *, version: int | None = None) -> MoveResult:
        """Apply `move` for this seat, if the game is still at `version` (by default the
        version of the last view read; no check when no view was read yet).

        On StaleVersion or VersionConflict nothing was applied: the session reads the game
        again and raises, with the fresh view in `error.view`. Decide again from it."""
        if_match = version if version is not None else self.version
        request = raw_move_request(self.game_id, move, if_match)
        http = self._client.get_httpx_client()
        try:
            # Raw httpx: If-Match is beyond the generated code, and the generated model
            # would drop unknown fields of the move instead of letting the server judge.
            with transport_errors():
                response = http.request(**request)
        except VersionMismatch as mismatch:
            try:
                mismatch.view = self.view()
            except CardtableError:
                mismatch.view = None
            raise
        except ValidationError as invalid:
            # The server's schema caught what the engine calls a malformed move; one class
            # for both, so bot code handles it the same way online and in local play.
            raise MalformedMove(
                invalid.message, code=invalid.code, status=invalid.status, details=invalid.details
            ) from invalid
        with transport_errors():
            result = MoveResult.from_json(response.json())
        self.last_view = result.view
        return result
