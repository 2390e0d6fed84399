"""What the sync and async tables share: their connection, the requests that list and create
games, and the created game with its seats; `client` and `aio` only perform the requests
and pick their own session classes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypedDict, TypeVar

import httpx

from cardtable_client.api.catalog import list_game_types
from cardtable_client.api.games import create_game
from cardtable_client.models import CreatedGame, CreateGameRequest, GameType, GameTypes
from cardtable_sdk._http import DEFAULT_TIMEOUT, Connection, checked_body, players_body
from cardtable_sdk._retry import RetryPolicy
from cardtable_sdk._session import Call, new_idempotency_key

PlayerSpec = str | tuple[str, str | None] | Mapping[str, Any]
"""A player for `create_game`: a name, a (name, bot) pair, {"name": ..., "bot": ...}, or
`OPEN_SEAT` ({"open": True}: a seat left for `join`)."""

Players = Iterable[PlayerSpec]
Options = Mapping[str, Any] | None


class GameSettings(TypedDict, total=False):
    """What `create_game` takes besides the game and its players; every key is optional."""

    options: Options
    """The game's options (default: each option's default)."""
    seed: int | None
    """Seeds the shuffles, to replay a game (a seeded game cannot be public)."""
    public: bool
    """List the game in the lobby (default False)."""
    turn_seconds: int | None
    """A turn timer: a seat that does not move in time is played by a bot (default none)."""


Opened = TypeVar("Opened")
Session = TypeVar("Session", covariant=True)
Watcher = TypeVar("Watcher", covariant=True)


class Opens(Protocol[Session, Watcher]):
    """A table that opens seat sessions and spectators."""

    def seat(self, game_id: str, token: str, *, seat: int | None = None) -> Session: ...

    def spectate(self, game_id: str) -> Watcher: ...


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a created game; the token is its only proof of identity, keep it. An
    open seat has no name and no token yet (`open` is True)."""

    seat: int
    name: str | None
    bot: str | None
    token: str | None
    open: bool = False

    def __repr__(self) -> str:
        kind = f", bot={self.bot!r}" if self.bot else ""
        if self.open:
            return f"SeatInfo(seat={self.seat}, open=True)"
        return f"SeatInfo(seat={self.seat}, name={self.name!r}{kind}, token='…')"


def _game_types(response: httpx.Response) -> list[GameType]:
    return GameTypes.from_dict(response.json()).games


def _created(response: httpx.Response) -> CreatedGame:
    return CreatedGame.from_dict(response.json())


class TableCore:
    """A Cardtable server: its connection, and the sessions opened on it (closed with it)."""

    asynchronous: ClassVar[bool] = False
    """Whether this table's httpx clients are async ones."""

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        headers: Mapping[str, str] | None = None,
        verify_ssl: bool = True,
        httpx_args: Mapping[str, Any] | None = None,
        retry: RetryPolicy | None = None,
    ) -> None:
        self.retry = retry or RetryPolicy()
        """How this table's calls, and its sessions', are sent again after a passing failure."""
        self.connection = Connection(
            base_url, timeout, dict(headers or {}), verify_ssl, dict(httpx_args or {}), self.retry
        )
        self._client = self.connection.client(asynchronous=self.asynchronous)
        self._opened: list[Any] = []

    @property
    def base_url(self) -> str:
        return self.connection.base_url

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.base_url!r})"

    def _opening(self, session: Opened) -> Opened:
        self._opened.append(session)
        return session

    @staticmethod
    def _types_call() -> Call[list[GameType]]:
        return Call(list_game_types._get_kwargs(), _game_types)

    @staticmethod
    def _create_call(game: str, players: Players, settings: GameSettings) -> Call[CreatedGame]:
        unknown = sorted(set(settings) - set(GameSettings.__annotations__))
        if unknown:
            raise TypeError(f"create_game() got unexpected keyword arguments: {unknown}")
        body: dict[str, Any] = {"game": game, "players": players_body(players)}
        if (options := settings.get("options")) is not None:
            body["options"] = dict(options)
        if (seed := settings.get("seed")) is not None:
            body["seed"] = seed
        if settings.get("public"):
            body["public"] = True
        if (turn_seconds := settings.get("turn_seconds")) is not None:
            body["turn_seconds"] = turn_seconds
        request = checked_body(CreateGameRequest.from_dict, body)
        # One key per logical create: a resend after a lost answer gets the same game.
        key = new_idempotency_key()
        return Call(create_game._get_kwargs(body=request, idempotency_key=key), _created)


class GameCore(Generic[Session, Watcher]):
    """A game just created: its id, resolved options and every seat with its token, and
    sessions for its seats from the table that made it."""

    def __init__(self, table: Opens[Session, Watcher], created: CreatedGame) -> None:
        self.table = table
        self.id = created.id
        self.game = created.game
        self.version = created.version
        self.finished = created.finished
        self.options: dict[str, Any] = created.options.to_dict()
        self.players = [
            SeatInfo(
                p.seat,
                p.name if isinstance(p.name, str) else None,
                p.bot if isinstance(p.bot, str) else None,
                p.token if isinstance(p.token, str) else None,
                p.open_,
            )
            for p in created.players
        ]
        self.invite = created.invite if isinstance(created.invite, str) else None
        """Lets its holder join an open seat (None without open seats); share it."""
        self.public = created.public
        self.turn_seconds = created.turn_seconds if isinstance(created.turn_seconds, int) else None

    def __repr__(self) -> str:
        names = ", ".join(
            "(open)" if p.open else f"{p.name}" + (f" ({p.bot})" if p.bot else "")
            for p in self.players
        )
        return f"<{type(self).__name__} {self.game} {self.id} v{self.version}: {names}>"

    @property
    def tokens(self) -> list[str]:
        """The tokens of the seats taken at creation (open seats have none)."""
        return [player.token for player in self.players if player.token is not None]

    def seat(self, which: int | str) -> Session:
        """A session for a seat, by seat number or by token (not for an open seat: its
        player gets a session from `join`)."""
        if isinstance(which, int):
            info = self.players[which]
            if info.token is None:
                raise ValueError(f"seat {which} is open: its player joins with the invite")
            return self.table.seat(self.id, info.token, seat=info.seat)
        for info in self.players:
            if info.token == which:
                return self.table.seat(self.id, which, seat=info.seat)
        return self.table.seat(self.id, which)

    def human_seats(self) -> list[Session]:
        """Sessions for every seat the server does not play itself (open seats excepted)."""
        return [self.seat(p.seat) for p in self.players if not p.bot and not p.open]

    def spectate(self) -> Watcher:
        """A session without a token: public information only."""
        return self.table.spectate(self.id)
