"""Live tables in the SDK, sans-IO (the sync and async clients only perform the calls):
the lobby page, joining a game by invite or from the lobby, starting it early, leaving it
and asking for a rematch.

    game = table.create_game("skyjo", ["Ann", OPEN_SEAT], public=True, turn_seconds=60)
    bea = other_table.join(game.id, "Bea", invite=game.invite)   # a SeatSession
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import httpx

from cardtable_client.api.chat import get_chat, post_chat
from cardtable_client.api.games import list_open_games
from cardtable_client.api.tables import join_game, leave_game, rematch_game, start_game
from cardtable_client.models import (
    ChatPost,
    JoinRequest,
    LobbyPage,
    SeatGrant,
    StartRequest,
    TableChange,
)
from cardtable_client.models.list_open_games_game import check_list_open_games_game
from cardtable_client.types import UNSET
from cardtable_sdk._http import checked_body
from cardtable_sdk._session import Call, new_idempotency_key
from cardtable_sdk.errors import ValidationError

OPEN_SEAT: Mapping[str, Any] = {"open": True}
"""A player entry for `create_game`: a seat left open, to be taken by `join`."""


@dataclass(frozen=True)
class OpenGames:
    """One page of the lobby: public games waiting for players, newest first. Pass `next`
    as `cursor` for the following page (None: this was the last)."""

    games: list[dict[str, Any]]
    next: str | None


@dataclass(frozen=True)
class Grant:
    """A seat given to this caller (by a join or a rematch): its game, seat and token."""

    game_id: str
    seat: int
    token: str
    version: int

    def __repr__(self) -> str:
        return f"Grant(game_id={self.game_id!r}, seat={self.seat}, token='…')"


def _open_games(response: httpx.Response) -> OpenGames:
    page = LobbyPage.from_dict(response.json())
    body = response.json()
    return OpenGames(list(body["games"]), page.next_ if isinstance(page.next_, str) else None)


def _grant(response: httpx.Response) -> Grant:
    grant = SeatGrant.from_dict(response.json())
    return Grant(grant.id, grant.seat, grant.token, grant.version)


def _version(response: httpx.Response) -> int:
    return TableChange.from_dict(response.json()).version


def _key() -> str:
    """Each unsafe call's own key (drawn once per call, kept by its resends): a join, start,
    leave or rematch resent after a lost answer gets the first answer back."""
    return new_idempotency_key()


def open_games_call(game: str | None, cursor: str | None, limit: int) -> Call[OpenGames]:
    try:
        which = check_list_open_games_game(game) if game is not None else UNSET
    except TypeError as exc:
        raise ValidationError(f"invalid request: unknown game {game!r}") from exc
    request = list_open_games._get_kwargs(
        game=which,
        cursor=cursor if cursor is not None else UNSET,
        limit=limit,
    )
    return Call(request, _open_games)


def _with_invite(body: dict[str, Any], invite: str | None) -> dict[str, Any]:
    """`body`, with the invite when there is one (the server refuses a null invite)."""
    return body if invite is None else {**body, "invite": invite}


def join_call(game_id: str, name: str, invite: str | None) -> Call[Grant]:
    request = checked_body(JoinRequest.from_dict, _with_invite({"name": name}, invite))
    return Call(join_game._get_kwargs(game_id, body=request, idempotency_key=_key()), _grant)


def start_call(game_id: str, fill: str, invite: str | None) -> Call[int]:
    request = checked_body(StartRequest.from_dict, _with_invite({"fill": fill}, invite))
    return Call(start_game._get_kwargs(game_id, body=request, idempotency_key=_key()), _version)


def _json(response: httpx.Response) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    return body


def chat_call(game_id: str, text: str | None, emote: str | None) -> Call[dict[str, Any]]:
    """Post `text` or `emote` to the table's chat (one key for all resends: posted once)."""
    body = {name: value for name, value in (("text", text), ("emote", emote)) if value is not None}
    request = checked_body(ChatPost.from_dict, body)
    return Call(post_chat._get_kwargs(game_id, body=request, idempotency_key=_key()), _json)


def chat_read_call(game_id: str, since: int, wait: float) -> Call[dict[str, Any]]:
    """The chat's messages after `since` ({"seq", "messages"}); `wait`: a long-poll."""
    return Call(get_chat._get_kwargs(game_id, since=since, wait=wait), _json)


def leave_call(game_id: str) -> Call[int]:
    return Call(leave_game._get_kwargs(game_id, idempotency_key=_key()), _version)


def rematch_call(game_id: str) -> Call[Grant]:
    return Call(rematch_game._get_kwargs(game_id, idempotency_key=_key()), _grant)


__all__ = ["OPEN_SEAT", "Grant", "OpenGames"]
