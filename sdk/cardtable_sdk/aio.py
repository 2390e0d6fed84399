"""The asynchronous client: `AsyncCardtable`, `AsyncGame`, `AsyncSeatSession`,
`AsyncSpectator` and the runner `play_async`, over the generated `asyncio_detailed`
functions and httpx.AsyncClient. Same methods, same semantics as the sync client
(`cardtable_sdk.client`), awaited:

    async with AsyncCardtable("http://localhost:8000") as table:
        game = await table.create_game("skipbo", ["Ann", ("Bot", "greedy")])
        result = await play_async(game.seat(0), my_bot)

Bots given to `play_async` may be plain functions or coroutine functions.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from types import TracebackType
from typing import Any, Self

from cardtable_client import AuthenticatedClient, Client
from cardtable_client.api.catalog import list_game_types
from cardtable_client.api.games import create_game, get_game, get_legal_moves, get_record, get_score
from cardtable_client.models import CreatedGame, GameType, GameTypes
from cardtable_sdk._http import (
    DEFAULT_TIMEOUT,
    MAX_WAIT,
    Connection,
    as_seat_or_spectator,
    body_json,
    expect,
    raw_move_request,
    raw_view_request,
    transport_errors,
)
from cardtable_sdk.client import MAX_TURN_READS, PlayerSpec, SeatInfo, _create_request, _seat_infos
from cardtable_sdk.errors import (
    CardtableError,
    MalformedMove,
    TransientError,
    ValidationError,
    VersionMismatch,
)
from cardtable_sdk.runner import (
    DEFAULT_WAIT,
    RETRY_AFTER_CONFLICT,
    Backoff,
    PlayResult,
    Stalled,
)
from cardtable_sdk.views import MoveList, MoveResult, Turn, View, make_view

__all__ = [
    "AsyncBot",
    "AsyncCardtable",
    "AsyncGame",
    "AsyncSeatSession",
    "AsyncSpectator",
    "play_async",
]

AsyncBot = Callable[[View, MoveList], Mapping[str, Any] | Awaitable[Mapping[str, Any]]]
"""A bot for `play_async`: a plain function or a coroutine function."""


class AsyncCardtable:
    """The async twin of `Cardtable`."""

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
        self._client = self.connection.client(asynchronous=True)
        self._opened: list[AsyncSeatSession | AsyncSpectator] = []

    @property
    def base_url(self) -> str:
        return self.connection.base_url

    def __repr__(self) -> str:
        return f"AsyncCardtable({self.base_url!r})"

    async def game_types(self) -> list[GameType]:
        with transport_errors():
            response = await list_game_types.asyncio_detailed(client=self._client)
        return expect(response.parsed, GameTypes).games

    async def create_game(
        self,
        game: str,
        players: Iterable[PlayerSpec],
        *,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> AsyncGame:
        request = _create_request(game, players, options, seed)
        with transport_errors():
            response = await create_game.asyncio_detailed(client=self._client, body=request)
        return AsyncGame(self, expect(response.parsed, CreatedGame))

    def seat(self, game_id: str, token: str, *, seat: int | None = None) -> AsyncSeatSession:
        session = AsyncSeatSession(self.connection, game_id, token, seat=seat)
        self._opened.append(session)
        return session

    def spectate(self, game_id: str) -> AsyncSpectator:
        spectator = AsyncSpectator(self.connection, game_id)
        self._opened.append(spectator)
        return spectator

    async def close(self) -> None:
        for session in self._opened:
            await session.close()
        self._opened.clear()
        await self._client.get_async_httpx_client().aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


class AsyncGame:
    """The async twin of `Game`: a game just created, with every seat's token."""

    def __init__(self, table: AsyncCardtable, created: CreatedGame) -> None:
        self.table = table
        self.id = created.id
        self.game = created.game
        self.version = created.version
        self.finished = created.finished
        self.options: dict[str, Any] = created.options.to_dict()
        self.players: list[SeatInfo] = _seat_infos(created)

    def __repr__(self) -> str:
        names = ", ".join(p.name + (f" ({p.bot})" if p.bot else "") for p in self.players)
        return f"<AsyncGame {self.game} {self.id} v{self.version}: {names}>"

    def seat(self, which: int | str) -> AsyncSeatSession:
        if isinstance(which, int):
            info = self.players[which]
            return self.table.seat(self.id, info.token, seat=info.seat)
        for info in self.players:
            if info.token == which:
                return self.table.seat(self.id, which, seat=info.seat)
        return self.table.seat(self.id, which)

    def human_seats(self) -> list[AsyncSeatSession]:
        return [self.seat(p.seat) for p in self.players if not p.bot]

    def spectate(self) -> AsyncSpectator:
        return self.table.spectate(self.id)


class _AsyncReader:
    def __init__(self, connection: Connection, game_id: str, client: Client | AuthenticatedClient):
        self.connection = connection
        self.game_id = game_id
        self._client = client
        self.last_view: View | None = None

    @property
    def version(self) -> int | None:
        return self.last_view.version if self.last_view is not None else None

    async def view(self) -> View:
        with transport_errors():
            response = await get_game.asyncio_detailed(
                self.game_id, client=as_seat_or_spectator(self._client)
            )
        self.last_view = make_view(body_json(response))
        return self.last_view

    async def wait_for_change(self, timeout: float = 25.0) -> View | None:
        if self.last_view is None:
            return await self.view()
        # Raw httpx: If-None-Match and the body-less 304 are beyond the generated code.
        timeout = min(timeout, MAX_WAIT)
        request = raw_view_request(self.game_id, self.last_view.version, timeout)
        http = self._client.get_async_httpx_client()
        with transport_errors():
            response = await http.request(
                **request, timeout=self.connection.long_poll_timeout(timeout)
            )
            if response.status_code == 304:
                return None
            self.last_view = make_view(response.json())
        return self.last_view

    async def score(self) -> dict[str, Any]:
        with transport_errors():
            response = await get_score.asyncio_detailed(
                self.game_id, client=as_seat_or_spectator(self._client)
            )
        score: dict[str, Any] = body_json(response)
        return score

    async def record(self) -> dict[str, Any]:
        with transport_errors():
            response = await get_record.asyncio_detailed(
                self.game_id, client=as_seat_or_spectator(self._client)
            )
        record: dict[str, Any] = body_json(response)
        return record

    async def close(self) -> None:
        await self._client.get_async_httpx_client().aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


class AsyncSpectator(_AsyncReader):
    def __init__(self, connection: Connection, game_id: str) -> None:
        super().__init__(connection, game_id, connection.client(asynchronous=True))

    def __repr__(self) -> str:
        return f"<AsyncSpectator of {self.game_id} at v{self.version}>"


class AsyncSeatSession(_AsyncReader):
    """The async twin of `SeatSession`."""

    def __init__(
        self, connection: Connection, game_id: str, token: str, *, seat: int | None = None
    ) -> None:
        self._seat_client = connection.seat_client(token, asynchronous=True)
        super().__init__(connection, game_id, self._seat_client)
        self._seat = seat

    def __repr__(self) -> str:
        seat = "?" if self._seat is None else self._seat
        return f"<AsyncSeatSession seat {seat} of {self.game_id} at v{self.version}>"

    async def get_seat(self) -> int:
        """This session's seat number (read from the server the first time if unknown)."""
        if self._seat is None:
            view = self.last_view or await self.view()
            if view.seat is None:
                raise CardtableError("the server did not say which seat this token holds")
            self._seat = view.seat
        return self._seat

    async def view(self) -> View:
        view = await super().view()
        if self._seat is None:
            self._seat = view.seat
        return view

    async def legal_moves(self) -> MoveList:
        with transport_errors():
            response = await get_legal_moves.asyncio_detailed(
                self.game_id, client=self._seat_client
            )
        data = body_json(response)
        return MoveList(data["moves"], version=int(data["version"]))

    async def turn(self) -> Turn:
        for _ in range(MAX_TURN_READS):
            view = await self.view()
            moves = await self.legal_moves()
            if moves.version == view.version:
                return Turn(view, moves)
        raise VersionMismatch(
            "the game changed between reading the view and the legal moves, repeatedly",
            code="version_conflict",
        )

    async def move(self, move: Mapping[str, Any], *, version: int | None = None) -> MoveResult:
        if_match = version if version is not None else self.version
        request = raw_move_request(self.game_id, move, if_match)
        http = self._seat_client.get_async_httpx_client()
        try:
            # Raw httpx, for If-Match and the move sent as given (see cardtable_sdk._http).
            with transport_errors():
                response = await http.request(**request)
        except VersionMismatch as mismatch:
            try:
                mismatch.view = await self.view()
            except CardtableError:
                mismatch.view = None
            raise
        except ValidationError as invalid:
            raise MalformedMove(
                invalid.message, code=invalid.code, status=invalid.status, details=invalid.details
            ) from invalid
        with transport_errors():
            result = MoveResult.from_json(response.json())
        self.last_view = result.view
        return result


async def play_async(
    session: AsyncSeatSession,
    bot: AsyncBot,
    *,
    wait: float = DEFAULT_WAIT,
    max_failures: int = 8,
    idle_timeout: float | None = None,
    backoff: Backoff | None = None,
    on_move: Callable[[Turn, Mapping[str, Any], MoveResult], None] | None = None,
) -> PlayResult:
    """The async twin of `cardtable_sdk.play`: same loop, same recovery rules."""
    backoff = backoff or Backoff()
    failures = retries = moves = 0
    view: View | None = None
    last_change = time.monotonic()
    while True:
        try:
            if view is None:
                view = await session.view()
            if view.finished:
                seat = await session.get_seat()
                return PlayResult(seat, await _score(session, backoff), view, moves, retries)
            if not view.is_my_turn:
                changed = await session.wait_for_change(wait)
                if changed is None:
                    if idle_timeout is not None and time.monotonic() - last_change > idle_timeout:
                        raise Stalled(f"no change for {idle_timeout} s at version {view.version}")
                else:
                    view, last_change = changed, time.monotonic()
                failures = 0
                continue
            legal = await session.legal_moves()
            if legal.version != view.version:
                view = None
                retries += 1
                continue
            if not legal:
                failures += 1
                if failures > max_failures:
                    raise CardtableError("the seat is to act but has no legal move")
                await asyncio.sleep(backoff.delay(failures))
                view = None
                continue
            turn = Turn(view, legal)
            move = await _decide(bot, view, legal)
            try:
                result = await session.move(move, version=view.version)
            except CardtableError as error:
                error.turn = turn
                raise
            moves += 1
            failures = 0
            view, last_change = result.view, time.monotonic()
            if on_move is not None:
                on_move(turn, move, result)
        except RETRY_AFTER_CONFLICT as error:
            retries += 1
            fresh = getattr(error, "view", None)
            view = fresh if isinstance(fresh, View) else None
        except TransientError as error:
            failures += 1
            retries += 1
            if failures > max_failures:
                raise
            await asyncio.sleep(backoff.delay(failures, error.retry_after))
            view = None


async def _decide(bot: AsyncBot, view: View, legal: MoveList) -> Mapping[str, Any]:
    decided = bot(view, legal)
    if inspect.isawaitable(decided):
        return await decided
    return decided


async def _score(session: AsyncSeatSession, backoff: Backoff) -> dict[str, Any]:
    failures = 0
    while True:
        try:
            return await session.score()
        except TransientError as error:
            failures += 1
            if failures > 8:
                raise
            await asyncio.sleep(backoff.delay(failures, error.retry_after))
