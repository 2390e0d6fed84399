"""Rated play in the SDK, sans-IO (the clients only perform the calls): lasting players with
a secret key, the matchmaking queue, profiles, rating histories and leaderboards.

    with Cardtable("http://localhost:8000") as table:
        me = table.create_player("MyBot", kind="bot")     # me.key is shown only now: keep it
        player = table.player_session(me.key, me.id)
        ticket = player.enqueue("skyjo", players=2, opponents="bots")
        ticket = player.wait_for_match(ticket)            # long-polls `GET /queue/{ticket}`
        seat = player.seat(ticket)                        # a SeatSession for the matched game
        play(seat, my_bot)

Every write sends an `Idempotency-Key` drawn once per logical call, so the retry policy may
resend it after a lost answer (a resent enqueue gets the first ticket, not a second one).
A player's key goes in `Authorization: Bearer <key>` and nowhere else; the objects here
never show it in their repr.

The requests are built by hand rather than by the generated `cardtable_client`, like moves
(`_http.raw_move_request`): these routes' bodies are small and stable (the contract's
"Rated play" section), and building them here keeps the SDK working while the generated
models follow the server's openapi.yaml.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar
from urllib.parse import quote

import httpx

from cardtable_sdk._http import MAX_WAIT, Connection
from cardtable_sdk._session import Call, new_idempotency_key
from cardtable_sdk.errors import ServerError, ValidationError

Kind = Literal["human", "bot"]
Opponents = Literal["humans", "bots", "any"]
TicketStatus = Literal["waiting", "matched", "cancelled", "expired"]
Format = Literal["single", "duplicate"]
FORMATS: tuple[str, ...] = ("single", "duplicate")
"""`"duplicate"`: a duplicate set (a bot against bots only): the same deal played once from
every seat rotation, rated once on the set; the matched ticket lists every game (`games`)."""

KINDS: tuple[str, ...] = ("human", "bot")
OPPONENTS: tuple[str, ...] = ("humans", "bots", "any")


def _path(*parts: str) -> str:
    return "/" + "/".join(quote(part, safe="") for part in parts)


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _write(
    method: str,
    url: str,
    body: Mapping[str, Any] | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """An unsafe request with its own Idempotency-Key (kept by every resend of it)."""
    headers = {"Idempotency-Key": new_idempotency_key(), **(_bearer(key) if key else {})}
    request: dict[str, Any] = {"method": method, "url": url, "headers": headers}
    if body is not None:
        request["json"] = dict(body)
    return request


def _read(
    url: str, key: str | None = None, params: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    request: dict[str, Any] = {"method": "GET", "url": url}
    if key:
        request["headers"] = _bearer(key)
    if params:
        request["params"] = {name: value for name, value in params.items() if value is not None}
    return request


def _object(response: httpx.Response) -> dict[str, Any]:
    """The answer's JSON object (a ServerError when it is not one)."""
    body = response.json()
    if not isinstance(body, dict):
        raise ServerError(f"the answer does not fit the API's schema: {body!r}")
    return body


def _next(body: Mapping[str, Any]) -> str | None:
    cursor = body.get("next")
    return cursor if isinstance(cursor, str) and cursor else None


T = TypeVar("T")


class KeyHolder(Generic[T]):
    """What the sync and async player sessions share: the table they use, the player's key
    and its id when known (never shown: the repr hides the key)."""

    POLL_PAUSE = 1.0
    """Seconds between reads of a waiting ticket when the server answers at once (one
    without `?wait=`): a waiting client never hammers the server."""

    def __init__(self, table: T, key: str, player_id: str | None = None) -> None:
        self.table = table
        self.key = key
        self.player_id = player_id

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.player_id or '?'} key='…'>"

    @property
    def id(self) -> str:
        if self.player_id is None:
            raise ValueError("this session does not know its player's id: pass player_id")
        return self.player_id


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game: `rating` is what leaderboards sort by (higher is
    better, conservative for new players), `games` the rated games finished. `details` is
    the whole entry as the server sent it (e.g. the model's mu and sigma)."""

    rating: float
    games: int
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rating:
        return cls(float(data["rating"]), int(data["games"]), dict(data))


@dataclass(frozen=True)
class Profile:
    """A player's public profile: never its key nor any seat token."""

    id: str
    name: str
    kind: str
    ratings: dict[str, Rating]
    details: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Profile:
        ratings = data.get("ratings") or {}
        return cls(
            str(data["id"]),
            str(data["name"]),
            str(data["kind"]),
            {game: Rating.from_json(entry) for game, entry in dict(ratings).items()},
            dict(data),
        )

    def rating(self, game: str) -> Rating | None:
        """This player's rating in `game` (None when the server has none for it)."""
        return self.ratings.get(game)


@dataclass(frozen=True)
class NewPlayer:
    """A player just created: its `key` is shown only now (keep it: it is the player)."""

    id: str
    name: str
    kind: str
    key: str

    def __repr__(self) -> str:
        return f"NewPlayer(id={self.id!r}, name={self.name!r}, kind={self.kind!r}, key='…')"


@dataclass(frozen=True)
class SetGame:
    """One game of a matched duplicate set: its id, this player's seat and that seat's
    token."""

    game_id: str
    seat: int
    token: str = field(repr=False)


@dataclass(frozen=True)
class Ticket:
    """A place in the queue. Once `matched`: the game's id, this player's seat and that
    seat's token (`SeatSession` material; `PlayerSession.seat(ticket)` opens it); a
    duplicate ticket's also `games`, every game of its set (`PlayerSession.seats`)."""

    ticket: str
    status: str
    game_id: str | None = None
    seat: int | None = None
    token: str | None = None
    details: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    format: str = "single"
    set_id: str | None = None
    games: tuple[SetGame, ...] = field(default=(), repr=False)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ticket:
        seat = data.get("seat")
        games = data.get("games") if isinstance(data.get("games"), list) else []
        return cls(
            str(data["ticket"]),
            str(data["status"]),
            data.get("game_id") if isinstance(data.get("game_id"), str) else None,
            int(seat) if isinstance(seat, int) else None,
            data.get("token") if isinstance(data.get("token"), str) else None,
            dict(data),
            str(data.get("format") or "single"),
            data.get("set_id") if isinstance(data.get("set_id"), str) else None,
            tuple(
                SetGame(str(game["game_id"]), int(game["seat"]), str(game["token"]))
                for game in games or []
                if isinstance(game, Mapping)
            ),
        )

    @property
    def waiting(self) -> bool:
        return self.status == "waiting"

    @property
    def matched(self) -> bool:
        return self.status == "matched"

    def __repr__(self) -> str:
        match = f", game_id={self.game_id!r}, seat={self.seat}, token='…'" if self.matched else ""
        return f"Ticket(ticket={self.ticket!r}, status={self.status!r}{match})"


@dataclass(frozen=True)
class Page:
    """One page of a list (leaderboard rows, rated games): pass `next` as `cursor` for the
    following page (None: this was the last)."""

    items: list[dict[str, Any]]
    next: str | None


def _player(response: httpx.Response) -> Profile:
    return Profile.from_json(_object(response))


def _new_player(response: httpx.Response) -> NewPlayer:
    body = _object(response)
    return NewPlayer(str(body["id"]), str(body["name"]), str(body["kind"]), str(body["key"]))


def _ticket(response: httpx.Response) -> Ticket:
    return Ticket.from_json(_object(response))


def _page(field_name: str) -> Any:
    def read(response: httpx.Response) -> Page:
        body = _object(response)
        items = body.get(field_name)
        if not isinstance(items, list):
            raise ServerError(f"the answer has no {field_name!r} list")
        return Page(items, _next(body))

    return read


def _choice(what: str, value: str | None, allowed: tuple[str, ...]) -> None:
    if value is not None and value not in allowed:
        raise ValidationError(f"invalid request: {what} must be one of {allowed}, not {value!r}")


def create_player_call(name: str, kind: str) -> Call[NewPlayer]:
    _choice("kind", kind, KINDS)
    return Call(_write("POST", "/players", {"name": name, "kind": kind}), _new_player)


def profile_call(player_id: str) -> Call[Profile]:
    return Call(_read(_path("players", player_id)), _player)


def leaderboard_call(
    game: str, kind: str | None, limit: int | None, cursor: str | None
) -> Call[Page]:
    _choice("kind", kind, KINDS)
    params = {"game": game, "kind": kind, "limit": limit, "cursor": cursor}
    return Call(_read("/leaderboard", params=params), _page("players"))


def history_call(player_id: str, limit: int | None, cursor: str | None) -> Call[Page]:
    params = {"limit": limit, "cursor": cursor}
    return Call(_read(_path("players", player_id, "games"), params=params), _page("games"))


def enqueue_call(
    key: str,
    game: str,
    players: int,
    opponents: str | None,
    format: str | None = None,
    teams: bool = False,
) -> Call[Ticket]:
    _choice("opponents", opponents, OPPONENTS)
    _choice("format", format, FORMATS)
    body: dict[str, Any] = {"game": game, "players": players}
    if opponents is not None:
        body["opponents"] = opponents
    if format is not None:
        body["format"] = format
    if teams:
        body["teams"] = True
    return Call(_write("POST", "/queue", body, key), _ticket)


def ticket_call(connection: Connection, key: str, ticket: str, wait: float | None) -> Call[Ticket]:
    if wait is None or wait <= 0:
        return Call(_read(_path("queue", ticket), key), _ticket)
    wait = min(wait, MAX_WAIT)
    request = _read(_path("queue", ticket), key, {"wait": wait})
    # The server holds a waiting ticket's answer up to `wait`: read for that much longer.
    request["timeout"] = connection.long_poll_timeout(wait)
    return Call(request, _ticket)


def cancel_call(key: str, ticket: str) -> Call[Ticket]:
    return Call(_write("DELETE", _path("queue", ticket), key=key), _ticket)


def rename_call(key: str, player_id: str, name: str) -> Call[Profile]:
    return Call(_write("PATCH", _path("players", player_id), {"name": name}, key), _player)


def _new_key(response: httpx.Response) -> str:
    return str(_object(response)["key"])


def rotate_key_call(key: str, player_id: str) -> Call[str]:
    return Call(_write("POST", _path("players", player_id, "key"), key=key), _new_key)


__all__ = [
    "KINDS",
    "OPPONENTS",
    "Kind",
    "NewPlayer",
    "Opponents",
    "Page",
    "Profile",
    "Rating",
    "Ticket",
    "TicketStatus",
]
