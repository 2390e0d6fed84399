"""Live tables: join a game by invite or from the lobby, leave it, start it early with
server bots, and ask for a rematch once it is over."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask.views import MethodView

from cardtable.api.blueprint import Blueprint
from cardtable.api.requests import bearer_token, wiring
from cardtable.api.schemas.tables import (
    JoinRequestSchema,
    SeatGrantSchema,
    StartRequestSchema,
    TableChangeSchema,
)
from cardtable.tables import Game

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


def _granted(game: Game, seat: int, token: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    """201: the seat given (its token shown only now), with the game's Location."""
    grant = {"id": game.game_id, "seat": seat, "token": token, "version": game.version}
    return grant, 201, {"Location": url_for("games.GameView", game_id=game.game_id)}


def _changed(game: Game, seat: int | None) -> dict[str, Any]:
    """The game's version after a seat's change (leaving, starting)."""
    return {"id": game.game_id, "version": game.version, "seat": seat}


@blp.route("/<string:game_id>/join")
class Join(MethodView):
    @blp.doc(operationId="join_game", security=[])
    @blp.arguments(JoinRequestSchema())
    @blp.response(201, SeatGrantSchema, errors=(400, 403, 404, 409, 413, 415, 422, 503))
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Take an open seat: with the game's `invite`, or without it for a public game.

        The seat's token is shown only here. The join that takes the last open seat deals
        the game. Several clients racing for the last seats each get one or `no_open_seat`.
        """
        return _granted(*wiring().seating.join(game_id, body["name"], body.get("invite")))


@blp.route("/<string:game_id>/leave")
class Leave(MethodView):
    @blp.doc(operationId="leave_game", security=SEAT_ONLY)
    @blp.response(200, TableChangeSchema, errors=(401, 404, 409, 503))
    def post(self, game_id: str) -> Any:
        """Leave the game: before the deal the seat opens again; after it the server's
        greedy bot plays the seat from now on (views say so). Twice: `already_left`."""
        return _changed(*wiring().seating.leave(game_id, bearer_token()))


@blp.route("/<string:game_id>/start")
class Start(MethodView):
    @blp.doc(operationId="start_game", security=SEAT_OR_INVITE)
    @blp.arguments(StartRequestSchema())
    @blp.response(200, TableChangeSchema, errors=(400, 401, 403, 404, 409, 413, 415, 422, 503))
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Start before every seat is taken: server bots (`fill`) take the open seats and
        the game is dealt. For the creator's seat (its token) or the invite's holder."""
        seating = wiring().seating
        return _changed(*seating.start(game_id, bearer_token(), body.get("invite"), body["fill"]))


@blp.route("/<string:game_id>/rematch")
class Rematch(MethodView):
    @blp.doc(operationId="rematch_game", security=SEAT_ONLY)
    @blp.response(201, SeatGrantSchema, errors=(401, 404, 409, 503))
    def post(self, game_id: str) -> Any:
        """Once the game is over: your seat in its rematch (same players, options and table
        settings, a new shuffle), with a new token. The first call creates the new game
        (the old game's view names it in `rematch`); each player claims their own seat."""
        return _granted(*wiring().seating.rematch(game_id, bearer_token()))
