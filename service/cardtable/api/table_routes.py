"""Live tables: join a game by invite or from the lobby, leave it, start it early with
server bots, and ask for a rematch once it is over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import url_for
from flask.views import MethodView
from marshmallow import Schema

from cardtable.api.blueprint import Blueprint
from cardtable.api.idempotency_header import (
    IdempotencyKeyHeaderSchema,
    SecretIdempotencyKeyHeaderSchema,
    holder,
    idempotency_key,
    keyed,
    replayed_answer,
)
from cardtable.api.requests import bearer_token, wiring
from cardtable.api.schemas.tables import (
    JoinRequestSchema,
    SeatGrantSchema,
    StartRequestSchema,
    TableChangeSchema,
)
from cardtable.games.idempotency import Idempotency
from cardtable.games.live_table import Game
from cardtable.store.documents import Record

Act = Callable[[Callable[..., Record] | None], Any]
SeatAct = Callable[[str | None, Callable[..., Record] | None], tuple[Game, int | None]]

blp = Blueprint(
    "tables",
    __name__,
    url_prefix="/games",
    description="Open seats: join, leave, start early, rematch.",
    error_text={
        401: "Missing or invalid bearer token (`token_required`, `invalid_token`).",
        403: "`invalid_invite`: the invite is wrong (or missing for a private game).",
        409: "Conflict: `no_open_seat`, `already_started`, `already_left`, `game_over`, "
        "`game_not_over`, `version_conflict`.",
        422: "Well formed but not acceptable: `validation_error`, `invalid_name`.",
    },
)

SEAT_ONLY: list[dict[str, list[str]]] = [{"bearerAuth": []}]
SEAT_OR_INVITE: list[dict[str, list[str]]] = [{"bearerAuth": []}, {}]
TABLE_ERRORS = (404, 409, 503)
"""Every table route's refusals: an unknown game, one its state forbids, a store outage."""
BODY_ERRORS = (400, 413, 415, 422)
"""A body's: unreadable, too large, not JSON, or not acceptable."""


def _table_route(
    operation_id: str,
    security: list[dict[str, list[str]]],
    answer: tuple[int, type[Schema]],
    body: Schema | None = None,
    refusals: tuple[int, ...] = (),
) -> Callable[[Any], Any]:
    """What every table route declares alike: its Idempotency-Key header, and the table's
    and (with a body) the body's refusals beside its own `refusals`."""
    errors = sorted({*TABLE_ERRORS, *refusals, *(BODY_ERRORS if body is not None else ())})

    def declare(view: Any) -> Any:
        view = blp.response(*answer, errors=tuple(errors))(view)
        if body is not None:
            view = blp.arguments(body)(view)
        # A granted seat's answer shows its token, which a replay gives to the key's holder.
        grants_secrets = answer[1] is SeatGrantSchema
        key = SecretIdempotencyKeyHeaderSchema if grants_secrets else IdempotencyKeyHeaderSchema
        view = blp.headers(key())(view)
        return blp.doc(operationId=operation_id, security=security)(view)

    return declare


def _granted(game: Game, seat: int, token: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    """201: the seat given (its token shown only now), with the game's Location."""
    grant = {"id": game.game_id, "seat": seat, "token": token, "version": game.version}
    return grant, 201, {"Location": url_for("games.GameView", game_id=game.game_id)}


def _changed(game: Game, seat: int | None) -> dict[str, Any]:
    """The game's version after a seat's change (leaving, starting)."""
    return {"id": game.game_id, "version": game.version, "seat": seat}


def _grant(result: tuple[Game, int, str]) -> dict[str, Any]:
    return _granted(*result)[0]


def _change(result: tuple[Game, int | None]) -> dict[str, Any]:
    return _changed(*result)


def _rematch_record(idem: Idempotency, result: tuple[Game, int, str]) -> Record:
    """The record of a rematch seat: in the new game's list of joins."""
    return idem.record(wiring().games.store, result[0].game_id, "join", _grant(result))


def _once(
    idem: Idempotency | None, game_id: str, name: str, act: Act, answer: Callable[[Any], Any]
) -> tuple[Any, Any]:
    """`act` without a key, else at most once for it: (the result, None) or (None, the
    first answer)."""
    if idem is None:
        return act(None), None
    return idem.once(wiring().games.store, game_id, name, act, answer)


def _seat_change(game_id: str, name: str, content: dict[str, Any], act: SeatAct) -> Any:
    """Leave or start for the bearer token's seat: at most once per Idempotency-Key of that
    holder, answered with the game's version."""
    key, token = idempotency_key(), bearer_token()
    idem = keyed(key, f"{name}:{holder(token)}", content) if key else None
    result, replay = _once(idem, game_id, name, lambda record: act(token, record), _change)
    return _changed(*result) if result else replayed_answer(replay, 200)


@blp.route("/<string:game_id>/join")
class Join(MethodView):
    @_table_route("join_game", [], (201, SeatGrantSchema), JoinRequestSchema(), (403,))
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Take an open seat: with the game's `invite`, or without it for a public game.

        The seat's token is shown only here. The join that takes the last open seat deals
        the game. Several clients racing for the last seats each get one or `no_open_seat`.
        """
        key = idempotency_key(grants_secrets=True)
        idem = keyed(key, "join", body, grants_secrets=True) if key else None

        def join(record: Callable[..., Record] | None) -> tuple[Game, int, str]:
            return wiring().seating.join(game_id, body["name"], body.get("invite"), record)

        result, replay = _once(idem, game_id, "join", join, _grant)
        return _granted(*result) if result else replayed_answer(replay, 201, game_id)


@blp.route("/<string:game_id>/leave")
class Leave(MethodView):
    @_table_route("leave_game", SEAT_ONLY, (200, TableChangeSchema), refusals=(401,))
    def post(self, game_id: str) -> Any:
        """Leave the game: before the deal the seat opens again; after it the server's
        greedy bot plays the seat from now on (views say so). Twice: `already_left`."""

        def leave(token: str | None, record: Callable[..., Record] | None) -> tuple[Game, int]:
            return wiring().seating.leave(game_id, token, record)

        return _seat_change(game_id, "leave", {}, leave)


@blp.route("/<string:game_id>/start")
class Start(MethodView):
    @_table_route(
        "start_game", SEAT_OR_INVITE, (200, TableChangeSchema), StartRequestSchema(), (401, 403)
    )
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Start before every seat is taken: server bots (`fill`) take the open seats and
        the game is dealt. For the creator's seat (its token) or the invite's holder."""

        def start(
            token: str | None, record: Callable[..., Record] | None
        ) -> tuple[Game, int | None]:
            seating = wiring().seating
            return seating.start(game_id, token, body.get("invite"), body["fill"], record)

        return _seat_change(game_id, "start", body, start)


@blp.route("/<string:game_id>/rematch")
class Rematch(MethodView):
    @_table_route("rematch_game", SEAT_ONLY, (201, SeatGrantSchema), refusals=(401,))
    def post(self, game_id: str) -> Any:
        """Once the game is over: your seat in its rematch (same players, options and table
        settings, a new shuffle), with a new token. The first call creates the new game
        (the old game's view names it in `rematch`); each player claims their own seat."""
        key, token = idempotency_key(grants_secrets=True), bearer_token()
        if key is None:
            return _granted(*wiring().seating.rematch(game_id, token))
        old = wiring().games.load(game_id)
        seat = wiring().games.require_seat(old, token)
        idem = keyed(key, f"rematch:{game_id}:{seat}", {})
        if old.hosting.rematch is not None:  # a retry finds its record in the new game
            replay = idem.recall(wiring().games.store, old.hosting.rematch, "join")
            if replay is not None:
                return replayed_answer(replay, 201, old.hosting.rematch)
        granted = wiring().seating.rematch(game_id, token, lambda *r: _rematch_record(idem, r))
        return _granted(*granted)
