"""The games resource: create, view, legal moves, moves, score, record, hints and review."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable
from typing import Any

import orjson
from flask import Response, url_for
from flask.views import MethodView
from marshmallow import Schema

from cardtable.api import metrics
from cardtable.api.blueprint import Blueprint
from cardtable.api.idempotency_header import (
    IdempotencyKeyHeaderSchema,
    SecretIdempotencyKeyHeaderSchema,
    idempotency_key,
    ids_secret,
    keyed,
    replayed_answer,
)
from cardtable.api.limits import request_rider
from cardtable.api.links import CREATED_GAME
from cardtable.api.move_body import move_body
from cardtable.api.requests import (
    bearer_token,
    if_match_version,
    if_none_match_any,
    if_none_match_versions,
    version_tag,
    wiring,
)
from cardtable.api.schemas.analysis import HintsSchema, ReviewSchema
from cardtable.api.schemas.common import (
    CreatedGameSchema,
    CreateGameRequestSchema,
    IfMatchHeaderSchema,
    IfNoneMatchHeaderSchema,
    LegalMovesSchema,
    MoveRequestSchema,
    RecordSchema,
    ScoreSchema,
    ViewQuerySchema,
)
from cardtable.api.schemas.tables import LobbyPageSchema, LobbyQuerySchema
from cardtable.games import analysis
from cardtable.games.idempotency import game_id_for, move_once
from cardtable.games.service import Game
from cardtable.store import VersionConflict
from cardtable.store.documents import Record as WriteRecord
from cardtable_engine.host import StaleVersion, TokenRequired
from cardtable_engine.table import AppliedMove

blp = Blueprint(
    "games",
    __name__,
    url_prefix="/games",
    description="Create games, see them, list and apply moves, read scores and records.",
    error_text={
        304: "Not modified: the game is still at the version named by If-None-Match.",
        404: "Unknown or expired game (`not_found`).",
        409: "Conflict: `not_your_turn`, `game_over`, `version_conflict`, `game_not_over`,"
        " `bot_seat`, `game_not_started` (still waiting for players), `hints_unavailable`.",
        412: "`stale_version`: If-Match names an older version; nothing was applied.",
        422: "Well formed but not acceptable: `validation_error`, `illegal_move`, "
        "`malformed_move`, `wrong_phase`, `invalid_options`, `invalid_players`, "
        "`invalid_table_settings`.",
    },
)

JSON = "application/json"
SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{"bearerAuth": []}, {}]
SEAT_ONLY: list[dict[str, list[str]]] = [{"bearerAuth": []}]
CallerView = Callable[[Any, Game, int | None], Any]
"""A view of one game as its caller may see it (see `_seen_by_caller`)."""
VERSION_HEADER = {
    "ETag": {
        "description": 'The game\'s version, quoted: "17".',
        "schema": {"type": "string"},
    }
}


def _seen_by_caller(
    operation_id: str,
    security: list[dict[str, list[str]]],
    schema: type[Schema],
    *,
    light: bool = False,
) -> Callable[[CallerView], Any]:
    """A GET of what the caller may see of a game: the view is given the game and the
    caller's seat (None: a spectator) as the bearer token allows, which refuses a bad token
    (401) and an unknown game (404). `light`: the view always answers a Response (see
    `Blueprint.light`)."""

    def declare(view: CallerView) -> Any:
        @functools.wraps(view)
        def get(self: MethodView, game_id: str) -> Any:
            # A riding route's rider goes with this, its first store read (None otherwise).
            seen = wiring().games.load_for(game_id, bearer_token(), rider=request_rider())
            return view(self, *seen)

        documents = (
            blp.doc(operationId=operation_id, security=security),
            blp.response(200, schema, errors=(401, 404, 503)),
        )
        # A view answering a Response itself (legal moves) needs no layer of flask-smorest's.
        return (blp.light(*documents) if light else _stacked(*documents))(get)

    return declare


def _stacked(*decorators: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def decorate(func: Any) -> Any:
        for decorator in reversed(decorators):
            func = decorator(func)
        return func

    return decorate


def _private(response: Response) -> Response:
    """Views depend on the bearer token: shared caches must not keep them, and a client's
    cache must check back (If-None-Match) before reusing one."""
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.add("Authorization")
    return response


def _json(body: Any, etag_version: int | None = None) -> Response:
    """The hot routes' answers, serialised by orjson rather than dumped through their
    marshmallow schemas (which stay in openapi.yaml; tests validate real answers against
    them): the engine's output already has the schema's shape."""
    response = Response(orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS), mimetype=JSON)
    if etag_version is not None:
        response.headers["ETag"] = version_tag(etag_version)
    return response


Created = tuple[Game, list[str | None], str | None, list[AppliedMove]]


def _created_answer(created: Created) -> dict[str, Any]:
    """The 201 answer of a create (also what its idempotency record keeps)."""
    game, tokens, invite, _ = created
    return {
        "id": game.game_id,
        "game": game.game,
        "version": game.version,
        "options": game.hosting.options,
        "finished": game.finished,
        "players": [
            {
                "seat": s.seat,
                "name": s.name if not s.open else None,
                "bot": s.bot,
                "open": s.open,
                "token": tokens[s.seat],
            }
            for s in game.seats
        ],
        "invite": invite,
        "public": game.hosting.public,
        "turn_seconds": game.hosting.turn_seconds,
    }


def _created(created: Created) -> tuple[dict[str, Any], int, dict[str, str]]:
    game_id = created[0].game_id
    return _created_answer(created), 201, {"Location": url_for("games.GameView", game_id=game_id)}


@blp.route("")
class Games(MethodView):
    @blp.doc(operationId="create_game", security=[], responses=CREATED_GAME)
    @blp.arguments(CreateGameRequestSchema())
    @blp.headers(SecretIdempotencyKeyHeaderSchema())
    @blp.response(201, CreatedGameSchema, errors=(400, 413, 415, 422, 503))
    def post(self, body: dict[str, Any], **_headers: Any) -> Any:
        """Create a game: deal it, let server bots act first, return one token per seat.

        Tokens appear only in this answer (and in its replay to the same Idempotency-Key);
        keep them. `version` is above 0 when server bots moved first.
        """
        service = wiring().games
        key = idempotency_key(grants_secrets=True)
        game_id = game_id_for(key, ids_secret()) if key else None

        def create(record: Callable[..., WriteRecord] | None = None) -> Created:
            return service.create(
                body["game"],
                body["players"],
                body.get("options"),
                body.get("seed"),
                game_id=game_id,
                record=record,
                public=body["public"],
                turn_seconds=body.get("turn_seconds"),
            )

        if key is None or game_id is None:
            return _created(create())
        created, replay = keyed(key, "create", body, grants_secrets=True).once(
            service.store, game_id, "create", create, _created_answer
        )
        return _created(created) if created else replayed_answer(replay, 201, game_id)

    @blp.doc(operationId="list_open_games", security=[])
    @blp.arguments(LobbyQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, LobbyPageSchema, errors=(422, 503))
    def get(self, game: str | None = None, cursor: str | None = None, **query: Any) -> Any:
        """The lobby: public games still waiting for players, newest first, without tokens
        or invites. Pass the answer's `next` as `cursor` for the next page (null: none)."""
        games, after = wiring().seating.lobby(game, int(cursor) if cursor else None, query["limit"])
        return {"games": games, "next": str(after) if after is not None else None}


@blp.route("/<string:game_id>")
class GameView(MethodView):
    @blp.doc(operationId="get_game", security=SEAT_OR_SPECTATOR)
    @blp.arguments(ViewQuerySchema(), location="query", as_kwargs=True)
    @blp.headers(IfNoneMatchHeaderSchema())
    @blp.response(200, "GameView", headers=VERSION_HEADER, errors=(304, 400, 401, 404, 503))
    def get(self, game_id: str, wait: float | None = None, **_headers: Any) -> Response:
        """See the game as a seat (with its bearer token) or as a spectator (without).

        Send If-None-Match with the last ETag to get 304 while nothing changed; add
        `?wait=N` to hold the answer up to N seconds until something does.
        """
        service = wiring().games
        token = bearer_token()
        known = if_none_match_versions()
        any_version = if_none_match_any()
        # A long-poll's reads share the hub's bound on the store reads of waiting clients
        # (as /events does): 2,000 polls sent at once, or woken by one move, queue there
        # instead of each taking a pooled connection (past the pool's wait: 503
        # `store_unavailable`, and budgets not checked).
        reads = wiring().hub.reading if wait else contextlib.nullcontext()
        # The rate limits' counters ride with the first read, whichever it is.
        if known or any_version:
            # Authenticates too: a bad token must not learn whether anything changed.
            with reads:
                current = service.poll_version(game_id, token, rider=request_rider())
            if any_version:
                known = [current]
            if current in known and wait:
                current = service.wait_for_change(game_id, current, wait)
            if current in known:
                response = _private(Response(status=304))
                response.headers["ETag"] = version_tag(current)
                return response
        with reads:
            game, seat = service.load_for(game_id, token, rider=request_rider())
        return _private(_json(game.view(seat), game.version))


@blp.route("/<string:game_id>/legal-moves")
class LegalMoves(MethodView):
    init_every_request = False  # no state: one instance serves every request

    @_seen_by_caller("get_legal_moves", SEAT_ONLY, LegalMovesSchema, light=True)
    def get(self, game: Game, seat: int | None) -> Response:
        """The moves this seat may make now (empty when it may not act, or the game is over)."""
        if seat is None:
            raise TokenRequired("the legal moves are a seat's: send its bearer token")
        moves = game.state.legal_moves(seat) if game.dealt else []
        return _json({"version": game.version, "seat": seat, "moves": moves})


@blp.route("/<string:game_id>/moves")
class Moves(MethodView):
    init_every_request = False  # no state: one instance serves every request

    @blp.light(  # the hottest route: it answers a Response itself
        blp.doc(operationId="apply_move", security=SEAT_ONLY),
        blp.body(MoveRequestSchema(), move_body),  # checked by hand
        blp.headers(IfMatchHeaderSchema()),
        blp.headers(IdempotencyKeyHeaderSchema()),
        blp.response(200, "MoveResult"),
        blp.errors(400, 401, 404, 409, 412, 413, 415, 422, 503),
    )
    def post(self, body: dict[str, Any], game_id: str, **_headers: Any) -> Response:
        """Apply a move for this seat; server bots then answer until a human must act.

        Send If-Match with the version you decided on: if the game moved on meanwhile the
        move is refused with 412 and nothing changes.
        """
        service = wiring().games
        key, replayed, rider = idempotency_key(), False, request_rider()
        try:
            if key is None:
                game, seat, applied = service.move(
                    game_id, bearer_token(), body["move"], if_match_version(), rider=rider
                )
            else:
                game, seat, applied, replayed = move_once(
                    service,
                    game_id,
                    bearer_token(),
                    body["move"],
                    if_match_version(),
                    key,
                    wiring().settings.idempotency_ttl_seconds,
                    rider=rider,
                )
        except StaleVersion:
            metrics.record_conflict("stale_version")
            raise
        except VersionConflict:
            metrics.record_conflict("version_conflict")
            raise
        response = _json(
            {
                "version": applied[-1].version if replayed else game.version,
                "seat": seat,
                "applied": applied,  # dataclasses: orjson writes their fields as asdict would
                "view": game.view(seat),
            },
            game.version,
        )
        if replayed:
            response.headers["Idempotent-Replayed"] = "true"
        return response


@blp.route("/<string:game_id>/score")
class Score(MethodView):
    @_seen_by_caller("get_score", SEAT_OR_SPECTATOR, ScoreSchema)
    def get(self, game: Game, _seat: int | None) -> Any:
        """Completed rounds, running totals, and the winners once the game is over."""
        if not game.dealt:
            totals = [0] * len(game.seats)
            return {"finished": False, "rounds": [], "totals": totals, "winners": []}
        score = game.state.score()
        ratings = wiring().ratings.of_game(game) if game.finished else None
        if ratings is not None:
            score["ratings"] = ratings
        sets = wiring().ratings.sets
        if game.hosting.rated_set and sets is not None:
            score["set"] = sets.score_set(game)
        return score


@blp.route("/<string:game_id>/record")
class Record(MethodView):
    @blp.doc(operationId="get_record", security=SEAT_OR_SPECTATOR)
    @blp.response(200, RecordSchema, errors=(401, 404, 409, 503))
    def get(self, game_id: str) -> Any:
        """The full record of a finished game: every deal, move and reshuffle, to replay it
        without our RNG. 409 (`game_not_over`) until the game is over; a game of a
        duplicate set: 409 (`set_in_play`) until every game of its set is over."""
        games = wiring().games
        return games.record_for(game_id, bearer_token(), guard=wiring().queue.sets.check_record)


@blp.route("/<string:game_id>/hints")
class Hints(MethodView):
    @blp.doc(operationId="get_hints", security=SEAT_ONLY)
    @blp.response(200, HintsSchema, errors=(401, 404, 409, 503))
    def get(self, game_id: str) -> Response:
        """Each legal move of this seat with its estimate, best first, judged from the
        seat's view alone (docs/bots.md, "Hints and reviews"). Casual games only: 409
        `hints_unavailable` in rated games and at tables with a turn timer; 409
        `not_your_turn` when the seat has no move to make."""
        game, seat = wiring().games.load_for(game_id, bearer_token())
        if seat is None:
            raise TokenRequired("hints are a seat's: send its bearer token")
        return _private(_json(analysis.hints(game, seat), game.version))


@blp.route("/<string:game_id>/review")
class Review(MethodView):
    @blp.doc(operationId="get_review", security=SEAT_OR_SPECTATOR)
    @blp.response(200, ReviewSchema, errors=(401, 404, 409, 503))
    def get(self, game_id: str) -> Any:
        """A finished game's review: per seat, the moves that lost the most by the
        estimator, each judged from that seat's view at the time. 409 (`game_not_over`)
        until the game is over."""
        return analysis.review(wiring().games, game_id, bearer_token())
