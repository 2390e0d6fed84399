"""The asynchronous client: `AsyncCardtable`, `AsyncGame`, `AsyncSeatSession`,
`AsyncSpectator` and the runner `play_async`. Same methods, same semantics as the sync
client (`cardtable_sdk.client`) and runner, awaited: both run the same sans-IO cores
(`_table`, `_session`, `_loop`); this module only awaits their steps over
httpx.AsyncClient and asyncio.

    async with AsyncCardtable("http://localhost:8000") as table:
        game = await table.create_game("skipbo", ["Ann", ("Bot", "greedy")])
        result = await play_async(game.seat(0), my_bot)

Bots given to `play_async` may be plain functions or coroutine functions.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Mapping
from types import TracebackType
from typing import Any, Self, TypeVar, Unpack

from cardtable_client.models import GameType
from cardtable_sdk import games
from cardtable_sdk import players as players_calls
from cardtable_sdk._drive import drive_async
from cardtable_sdk._loop import PlayLoop, PlayResult, PlaySettings, Port, Step, Watcher, bot_name
from cardtable_sdk._retry import perform_async, retried_by_caller
from cardtable_sdk._session import Call, CallSteps, ReaderCore, SeatCore
from cardtable_sdk._table import GameCore, GameSettings, Players, TableCore
from cardtable_sdk.games import OpenGames
from cardtable_sdk.players import KeyHolder, NewPlayer, Page, Profile, Ticket
from cardtable_sdk.streaming import AsyncEventStream
from cardtable_sdk.views import MoveList, MoveResult, Turn, View

T = TypeVar("T")

AsyncBot = Callable[[View, MoveList], Mapping[str, Any] | Awaitable[Mapping[str, Any]]]
"""A bot for `play_async`: a plain function or a coroutine function."""


async def _perform(owner: TableCore | ReaderCore, call: Call[T]) -> T:
    """`call` on `owner`'s client, sent again as its retry policy says."""
    return await perform_async(owner._client, call, owner.retry)


class _AsyncClosing:
    """Closes on leaving an `async with` block."""

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


class AsyncCardtable(TableCore, _AsyncClosing):
    """The async twin of `Cardtable`."""

    asynchronous = True

    async def game_types(self) -> list[GameType]:
        return await _perform(self, self._types_call())

    async def create_game(
        self, game: str, players: Players, **settings: Unpack[GameSettings]
    ) -> AsyncGame:
        call = self._create_call(game, players, settings)
        return AsyncGame(self, await _perform(self, call))

    async def open_games(
        self, game: str | None = None, *, cursor: str | None = None, limit: int = 20
    ) -> OpenGames:
        return await _perform(self, games.open_games_call(game, cursor, limit))

    async def join(self, game_id: str, name: str, *, invite: str | None = None) -> AsyncSeatSession:
        grant = await _perform(self, games.join_call(game_id, name, invite))
        return self.seat(grant.game_id, grant.token, seat=grant.seat)

    async def start(self, game_id: str, *, invite: str, fill: str = "greedy") -> int:
        return await _perform(self, games.start_call(game_id, fill, invite))

    def seat(self, game_id: str, token: str, *, seat: int | None = None) -> AsyncSeatSession:
        return self._opening(AsyncSeatSession(self.connection, game_id, token, seat=seat))

    def spectate(self, game_id: str) -> AsyncSpectator:
        return self._opening(AsyncSpectator(self.connection, game_id))

    async def create_player(self, name: str, *, kind: str = "human") -> NewPlayer:
        return await _perform(self, players_calls.create_player_call(name, kind))

    async def profile(self, player_id: str) -> Profile:
        return await _perform(self, players_calls.profile_call(player_id))

    async def history(
        self, player_id: str, *, limit: int | None = None, cursor: str | None = None
    ) -> Page:
        return await _perform(self, players_calls.history_call(player_id, limit, cursor))

    async def leaderboard(
        self,
        game: str,
        *,
        kind: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> Page:
        return await _perform(self, players_calls.leaderboard_call(game, kind, limit, cursor))

    def player_session(self, key: str, player_id: str | None = None) -> AsyncPlayerSession:
        return AsyncPlayerSession(self, key, player_id)

    async def close(self) -> None:
        for session in self._opened:
            await session.close()
        self._opened.clear()
        await self._client.get_async_httpx_client().aclose()


class AsyncPlayerSession(KeyHolder["AsyncCardtable"]):
    """The async twin of `PlayerSession`: one player acting with its key."""

    async def profile(self) -> Profile:
        return await self.table.profile(self.id)

    async def history(self, *, limit: int | None = None, cursor: str | None = None) -> Page:
        return await self.table.history(self.id, limit=limit, cursor=cursor)

    async def enqueue(
        self,
        game: str,
        players: int = 2,
        *,
        opponents: str | None = None,
        format: str | None = None,
        teams: bool = False,
    ) -> Ticket:
        call = players_calls.enqueue_call(self.key, game, players, opponents, format, teams)
        return await _perform(self.table, call)

    async def ticket(self, ticket: str | Ticket, *, wait: float | None = None) -> Ticket:
        name = ticket.ticket if isinstance(ticket, Ticket) else ticket
        call = players_calls.ticket_call(self.table.connection, self.key, name, wait)
        return await _perform(self.table, call)

    async def wait_for_match(
        self, ticket: str | Ticket, *, timeout: float | None = None, wait: float = 25.0
    ) -> Ticket:
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        current = await self.ticket(ticket)
        while current.waiting:
            left = wait if deadline is None else min(wait, deadline - loop.time())
            if left <= 0:
                break
            asked = loop.time()
            current = await self.ticket(current, wait=left)
            if current.waiting and loop.time() - asked < min(left, self.POLL_PAUSE):
                await asyncio.sleep(min(self.POLL_PAUSE, max(0.0, left)))
        return current

    async def cancel(self, ticket: str | Ticket) -> Ticket:
        name = ticket.ticket if isinstance(ticket, Ticket) else ticket
        return await _perform(self.table, players_calls.cancel_call(self.key, name))

    def seat(self, ticket: Ticket) -> AsyncSeatSession:
        if not ticket.matched or ticket.game_id is None or ticket.token is None:
            raise ValueError(f"ticket {ticket.ticket} is {ticket.status}, not matched")
        return self.table.seat(ticket.game_id, ticket.token, seat=ticket.seat)

    def seats(self, ticket: Ticket) -> list[AsyncSeatSession]:
        """Every game of a matched ticket: a duplicate set's, in rotation order, or one."""
        if not ticket.games:
            return [self.seat(ticket)]
        return [self.table.seat(g.game_id, g.token, seat=g.seat) for g in ticket.games]

    async def rename(self, name: str) -> Profile:
        return await _perform(self.table, players_calls.rename_call(self.key, self.id, name))

    async def rotate_key(self) -> str:
        self.key = await _perform(self.table, players_calls.rotate_key_call(self.key, self.id))
        return self.key


class AsyncGame(GameCore["AsyncSeatSession", "AsyncSpectator"]):
    """The async twin of `Game`: a game just created, with every seat's token."""


class _AsyncReader(ReaderCore, _AsyncClosing):
    """Reads one game over an httpx.AsyncClient."""

    asynchronous = True

    async def _run(self, steps: CallSteps[T]) -> T:
        return await drive_async(steps, lambda call: _perform(self, call))

    async def view(self) -> View:
        return await self._run(self._read_view())

    async def wait_for_change(self, timeout: float = 25.0) -> View | None:
        return await self._run(self._wait(timeout))

    async def score(self) -> dict[str, Any]:
        return await _perform(self, self._score_call())

    async def record(self) -> dict[str, Any]:
        return await _perform(self, self._record_call())

    async def review(self) -> dict[str, Any]:
        return await _perform(self, self._review_call())

    async def close(self) -> None:
        await self._client.get_async_httpx_client().aclose()


class AsyncSpectator(_AsyncReader):
    """The async twin of `Spectator`."""


class AsyncSeatSession(SeatCore, _AsyncReader):
    """The async twin of `SeatSession` (`get_seat()` stands for the `seat` property)."""

    async def get_seat(self) -> int:
        return await self._run(self._seat_number())

    async def legal_moves(self) -> MoveList:
        return await _perform(self, self._legal_moves_call())

    async def turn(self) -> Turn:
        return await self._run(self._turn())

    async def hints(self) -> dict[str, Any]:
        return await _perform(self, self._hints_call())

    async def chat(self, text: str | None = None, emote: str | None = None) -> dict[str, Any]:
        """Post a message (`text`) or a reaction (`emote`) to the table's chat as this seat:
        the message as stored, with its `seq`. It never changes the game's version."""
        return await _perform(self, games.chat_call(self.game_id, text, emote))

    async def chat_messages(self, since: int = 0, wait: float = 0) -> dict[str, Any]:
        """The table's chat after message `since`: {"seq", "messages"}; with `wait`
        seconds, a long-poll for the next message."""
        return await _perform(self, games.chat_read_call(self.game_id, since, wait))

    async def leave(self) -> int:
        return await _perform(self, games.leave_call(self.game_id))

    async def start(self, fill: str = "greedy") -> int:
        return await _perform(self, games.start_call(self.game_id, fill, None))

    async def rematch(self) -> AsyncSeatSession:
        grant = await _perform(self, games.rematch_call(self.game_id))
        return AsyncSeatSession(self.connection, grant.game_id, grant.token, seat=grant.seat)

    async def move(
        self,
        move: Mapping[str, Any],
        *,
        version: int | None = None,
        idempotency_key: str | None = None,
    ) -> MoveResult:
        return await self._run(self._move(move, version, idempotency_key))


async def play_async(
    session: AsyncSeatSession, bot: AsyncBot, **settings: Unpack[PlaySettings]
) -> PlayResult:
    """The async twin of `cardtable_sdk.play`: the same loop, the same settings."""
    stream = AsyncEventStream(session)  # started at the first wait, if it is the watcher
    watcher: Watcher = settings.get("watcher") or stream
    port = Port(session, bot, asyncio.sleep, watcher, session.get_seat)
    loop = PlayLoop(bot_name(bot), session.game_id, settings)

    async def perform(step: Step) -> Any:
        answer = port.perform(step)
        return await answer if inspect.isawaitable(answer) else answer

    try:
        with retried_by_caller(session):
            return await drive_async(loop.run(), perform)
    finally:
        await stream.aclose()
