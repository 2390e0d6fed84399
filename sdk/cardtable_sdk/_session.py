"""The sans-IO core of the seat and spectator sessions: which HTTP calls each operation
makes, how their answers are read, and how a session recovers, written once for the sync
(`client`) and async (`aio`) sessions, which only perform the calls.

Each operation is a generator that yields `Call`s (an httpx request and a reader for its
answer) and gets the read answer back (see `cardtable_sdk._drive`). Requests come from the
generated package's request builders, except moves (`_http.raw_move_request`, for the
reason given in `_http`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

import httpx

from cardtable_client import AuthenticatedClient, Client
from cardtable_client.api.games import (
    get_game,
    get_hints,
    get_legal_moves,
    get_record,
    get_review,
    get_score,
)
from cardtable_sdk._drive import Steps
from cardtable_sdk._http import MAX_WAIT, Connection, raw_move_request, version_tag
from cardtable_sdk._retry import RetryPolicy
from cardtable_sdk.errors import CardtableError, MalformedMove, ValidationError, VersionMismatch
from cardtable_sdk.views import MoveList, MoveResult, Turn, View, make_view

T = TypeVar("T")

MAX_TURN_READS = 5
"""`turn()` reads view and legal moves again when the game moved between the two reads."""


@dataclass(frozen=True)
class Call(Generic[T]):
    """One HTTP request (the arguments of httpx's `request()`) and how to read its answer.
    Error answers never reach `read`: the client's response hook raised them already."""

    request: dict[str, Any]
    read: Callable[[httpx.Response], T]


CallSteps = Steps[Call[Any], T]


def new_idempotency_key() -> str:
    """A fresh key for one logical move: 128 random bits, as 32 hex digits."""
    return secrets.token_hex(16)


_PARSING = Client(base_url="http://unused")
"""The generated parsers take a client, only to read its `raise_on_unexpected_status`."""


def _checked(endpoint: ModuleType) -> Callable[[httpx.Response], Any]:
    """A reader that has the generated parser of `endpoint` check the answer against the
    API's schema (a mismatch raises KeyError, TypeError or ValueError, which the caller's
    `transport_errors` turns into a ServerError), then gives the JSON exactly as sent."""

    def read(response: httpx.Response) -> Any:
        endpoint._parse_response(client=_PARSING, response=response)
        return None if response.status_code == 304 else response.json()

    return read


_game = _checked(get_game)
_score = _checked(get_score)
_record = _checked(get_record)
_review = _checked(get_review)
_hints = _checked(get_hints)
_legal = _checked(get_legal_moves)


def _view(response: httpx.Response) -> View:
    return make_view(_game(response))


def _changed_view(response: httpx.Response) -> View | None:
    data = _game(response)
    return None if data is None else make_view(data)


def _moves(response: httpx.Response) -> MoveList:
    data = _legal(response)
    return MoveList(data["moves"], version=int(data["version"]))


def _move_result(response: httpx.Response) -> MoveResult:
    return MoveResult.from_json(response.json())


class LastView:
    """What every session keeps, over HTTP or local: the last view it read of one game,
    whose version its moves send as If-Match."""

    game_id: str
    last_view: View | None = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game_id} at v{self.version}>"

    @property
    def version(self) -> int | None:
        """The version of the last view this session read (None before the first read)."""
        return self.last_view.version if self.last_view is not None else None

    def _remember(self, view: View) -> View:
        self.last_view = view
        return view


class ReaderCore(LastView):
    """What seats and spectators share: reading the view, score and record of one game.
    Without a token it is a spectator: public information only."""

    asynchronous: ClassVar[bool] = False
    """Whether this session's httpx client is an async one."""

    def __init__(self, connection: Connection, game_id: str) -> None:
        self.connection = connection
        self.game_id = game_id
        self.retry: RetryPolicy = connection.retry or RetryPolicy()
        """How this session's calls are sent again after a passing failure (a
        `RetryPolicy`; the runners set `NO_RETRIES` while they play: they retry themselves)."""
        self._client: Client | AuthenticatedClient = connection.client(
            asynchronous=self.asynchronous
        )

    def _read_view(self) -> CallSteps[View]:
        view = yield Call(get_game._get_kwargs(self.game_id), _view)
        return self._remember(view)

    def _wait(self, timeout: float) -> CallSteps[View | None]:
        if self.last_view is None:
            return (yield from self._read_view())
        timeout = min(timeout, MAX_WAIT)
        tag = version_tag(self.last_view.version)
        request = get_game._get_kwargs(self.game_id, wait=timeout, if_none_match=tag)
        # The server holds the answer up to `timeout`: read for that much longer.
        request["timeout"] = self.connection.long_poll_timeout(timeout)
        changed = yield Call(request, _changed_view)
        return None if changed is None else self._remember(changed)

    def _score_call(self) -> Call[dict[str, Any]]:
        return Call(get_score._get_kwargs(self.game_id), _score)

    def _record_call(self) -> Call[dict[str, Any]]:
        return Call(get_record._get_kwargs(self.game_id), _record)

    def _review_call(self) -> Call[dict[str, Any]]:
        return Call(get_review._get_kwargs(self.game_id), _review)


class SeatCore(ReaderCore):
    """What a seat adds: its number, legal moves, turns and moves with If-Match."""

    def __init__(
        self, connection: Connection, game_id: str, token: str, *, seat: int | None = None
    ) -> None:
        super().__init__(connection, game_id)
        self._client = connection.seat_client(token, asynchronous=self.asynchronous)
        self._seat = seat
        self.token = token
        """This seat's bearer token: its only proof of identity (keep it to come back)."""

    def __repr__(self) -> str:
        seat = "?" if self._seat is None else self._seat
        return f"<{type(self).__name__} seat {seat} of {self.game_id} at v{self.version}>"

    def _remember(self, view: View) -> View:
        if self._seat is None:
            self._seat = view.seat
        return super()._remember(view)

    def _seat_number(self) -> CallSteps[int]:
        if self._seat is None:
            view = self.last_view or (yield from self._read_view())
            if view.seat is None:
                raise CardtableError("the server did not say which seat this token holds")
            self._seat = view.seat
        return self._seat

    def _legal_moves_call(self) -> Call[MoveList]:
        return Call(get_legal_moves._get_kwargs(self.game_id), _moves)

    def _hints_call(self) -> Call[dict[str, Any]]:
        return Call(get_hints._get_kwargs(self.game_id), _hints)

    def _turn(self) -> CallSteps[Turn]:
        for _ in range(MAX_TURN_READS):
            view = yield from self._read_view()
            moves = yield self._legal_moves_call()
            if moves.version == view.version:
                return Turn(view, moves)
        # The game keeps moving under us (other seats acting fast): report, don't spin.
        raise VersionMismatch(
            "the game changed between reading the view and the legal moves, repeatedly",
            code="version_conflict",
            status=None,
        )

    def _move(
        self, move: Mapping[str, Any], version: int | None, idempotency_key: str | None
    ) -> CallSteps[MoveResult]:
        if_match = version if version is not None else self.version
        key = idempotency_key or new_idempotency_key()
        # Built by hand: the generated model would drop unknown fields of the move instead
        # of letting the server judge them.
        request = raw_move_request(self.game_id, move, if_match, key)
        try:
            result: MoveResult = yield Call(request, _move_result)
        except VersionMismatch as mismatch:
            mismatch.view = yield from self._fresh_view()
            raise
        except ValidationError as invalid:
            # The server's schema caught what the engine calls a malformed move; one class
            # for both, so bot code handles it the same way online and in local play.
            raise MalformedMove(
                invalid.message, code=invalid.code, status=invalid.status, details=invalid.details
            ) from invalid
        self._remember(result.view)
        return result

    def _fresh_view(self) -> CallSteps[View | None]:
        try:
            return (yield from self._read_view())
        except CardtableError:
            return None
