"""Rated play over HTTP: players (`/players`), the matchmaking queue (`/queue`) and the
leaderboards (`/leaderboard`). A player's key (`Authorization: Bearer <key>`) acts as it."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from flask import Response, request, stream_with_context
from flask.views import MethodView

from cardtable.api.blueprint import Blueprint
from cardtable.api.idempotency_header import (
    IdempotencyKeyHeaderSchema,
    SecretIdempotencyKeyHeaderSchema,
    idempotency_key,
    keyed,
    replayed_answer,
)
from cardtable.api.requests import bearer_token, wiring
from cardtable.api.schemas.rated import (
    CreatedPlayerSchema,
    HistoryPageSchema,
    HistoryQuerySchema,
    LeaderboardQuerySchema,
    LeaderboardSchema,
    NewKeySchema,
    NewPlayerSchema,
    PlayerSchema,
    QueueRequestSchema,
    RenameSchema,
    TicketQuerySchema,
    TicketSchema,
)
from cardtable.rated.feed import PlayerFeed

PLAYER_KEY: list[dict[str, list[str]]] = [{"bearerAuth": []}]
ERRORS = {
    401: "No player key, or not a player's (`token_required`, `invalid_token`).",
    403: "The key is another player's (`not_your_player`, `not_your_ticket`).",
    404: "Unknown player or ticket (`not_found`).",
    409: "Conflict: `name_taken`, `already_queued`, `already_matched`.",
    422: "Well formed but not acceptable: `validation_error`, `invalid_player_name`, "
    "`invalid_queue_request`, `idempotency_key_reused`.",
}

players_blp = Blueprint(
    "players", __name__, url_prefix="/players", description="Rated players.", error_text=ERRORS
)
queue_blp = Blueprint(
    "queue", __name__, url_prefix="/queue", description="The matchmaking queue.", error_text=ERRORS
)
leaderboard_blp = Blueprint(
    "leaderboard",
    __name__,
    url_prefix="/leaderboard",
    description="Leaderboards by game.",
    error_text=ERRORS,
)
BODY = (400, 413, 415, 422)
JSON_OR_STREAM = ["application/json", "text/event-stream"]


def player_id_for(key: str) -> str:
    """The id of the player created with an Idempotency-Key (as unguessable as the key)."""
    digest = hashlib.sha256(b"cardtable player\n" + key.encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


@players_blp.route("")
class Players(MethodView):
    @players_blp.doc(operationId="create_player", security=[])
    @players_blp.arguments(NewPlayerSchema())
    @players_blp.headers(SecretIdempotencyKeyHeaderSchema())
    @players_blp.response(201, CreatedPlayerSchema, errors=(409, 503, *BODY))
    def post(self, body: dict[str, Any]) -> Any:
        """Create a rated player (a human or a bot): its key is shown only here."""
        key = idempotency_key(grants_secrets=True)
        idem = keyed(key, "player", body) if key else None
        answer, replayed = wiring().players.create(
            body["name"],
            body["kind"],
            player_id=player_id_for(key) if key else None,
            idem=idem,
        )
        return replayed_answer(answer, 201) if replayed else (answer, 201)


@players_blp.route("/<string:player_id>")
class Player(MethodView):
    @players_blp.doc(operationId="get_player", security=[])
    @players_blp.response(200, PlayerSchema, errors=(404, 503))
    def get(self, player_id: str) -> Any:
        """A player's public profile: its name, kind and per game its rating."""
        return wiring().players.profile(player_id)

    @players_blp.doc(operationId="rename_player", security=PLAYER_KEY)
    @players_blp.arguments(RenameSchema())
    @players_blp.response(200, PlayerSchema, errors=(401, 403, 404, 409, 503, *BODY))
    def patch(self, body: dict[str, Any], player_id: str) -> Any:
        """Rename yourself (the old name is freed)."""
        players = wiring().players
        players.acting_as(bearer_token(), player_id)
        return players.rename(player_id, body["name"])


@players_blp.route("/<string:player_id>/key")
class PlayerKey(MethodView):
    @players_blp.doc(operationId="rotate_player_key", security=PLAYER_KEY)
    @players_blp.headers(SecretIdempotencyKeyHeaderSchema())
    @players_blp.response(201, NewKeySchema, errors=(401, 403, 404, 503))
    def post(self, player_id: str) -> Any:
        """Rotate your key: a new one is shown once, the old one stops working at once."""
        players, token = wiring().players, bearer_token()
        key = idempotency_key(grants_secrets=True)
        idem = keyed(key, "key", {"player": player_id}) if key else None
        if idem is not None and players.rotated_from(token) == player_id:
            replay = idem.recall(players.records, player_id, "key")
            if replay is not None:  # the retry of a rotation whose answer was lost
                return replayed_answer(replay, 201)
        players.acting_as(token, player_id)
        assert token is not None
        return players.rotate(player_id, token, idem), 201


@players_blp.route("/<string:player_id>/games")
class PlayerGames(MethodView):
    @players_blp.doc(operationId="get_player_games", security=[])
    @players_blp.arguments(HistoryQuerySchema(), location="query", as_kwargs=True)
    @players_blp.response(200, HistoryPageSchema, errors=(400, 404, 422, 503))
    def get(self, player_id: str, cursor: str | None = None, limit: int | None = None) -> Any:
        """A player's rated games, newest first, with each rating change (paged)."""
        games, following = wiring().players.history(player_id, cursor, limit)
        return {"games": games, "next": following}


@players_blp.route("/<string:player_id>/events")
class PlayerEvents(MethodView):
    @players_blp.doc(
        operationId="get_player_events",
        security=PLAYER_KEY,
        responses={200: {"content": {"text/event-stream": {"schema": {"type": "string"}}}}},
    )
    @players_blp.response(200, errors=(401, 403, 404, 503))
    def get(self, player_id: str) -> Any:
        """Your own event stream (Server-Sent Events, your key): `matched` (a ticket's game,
        seat and token), `turn` (your turn in one of your rated games), `game_end`, and
        `ticket` (a ticket cancelled or expired). It keeps your waiting ticket alive: one
        connection serves a bot playing many games."""
        players, token = wiring().players, bearer_token()
        players.acting_as(token, player_id)
        assert token is not None
        feed = PlayerFeed(wiring().queue, player_id, token)
        events = feed.events(request.remote_addr, wiring().settings.sse_heartbeat_seconds)
        return _stream(events)


def _stream(events: Any) -> Response:
    response = Response(stream_with_context(events), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # proxies must pass each message at once
    return response


@queue_blp.route("")
class QueueTickets(MethodView):
    @queue_blp.doc(operationId="enqueue", security=PLAYER_KEY)
    @queue_blp.arguments(QueueRequestSchema())
    @queue_blp.headers(IdempotencyKeyHeaderSchema())
    @queue_blp.response(202, TicketSchema, errors=(401, 409, 503, *BODY))
    def post(self, body: dict[str, Any]) -> Any:
        """Queue for a rated game of this size; poll the ticket until it is matched."""
        token = bearer_token()
        player_id = wiring().players.authenticate(token)
        assert token is not None
        answer, replayed = wiring().queue.enqueue(
            player_id,
            token,
            body["game"],
            body["players"],
            body.get("opponents"),
            idempotency_key(),
            body.get("format"),
            teams=body.get("teams", False),
        )
        return replayed_answer(answer, 202) if replayed else (answer, 202)


@queue_blp.route("/<string:ticket>")
class QueueTicket(MethodView):
    @queue_blp.doc(operationId="get_ticket", security=PLAYER_KEY)
    @queue_blp.arguments(TicketQuerySchema(), location="query", as_kwargs=True)
    @queue_blp.response(200, TicketSchema, errors=(400, 401, 403, 404, 422, 503))
    def get(self, ticket: str, wait: float | None = None) -> Any:
        """Your ticket: waiting, or matched with its game, seat and seat token. `?wait=S`
        holds a waiting ticket's answer up to S seconds until it changes. Poll at least
        every 45 s: a ticket nobody polls expires.

        With `Accept: text/event-stream`: Server-Sent Events, each `data:` this answer, sent
        now and when the status changes (the stream keeps the ticket alive), then the end.
        """
        token = bearer_token()
        player_id = wiring().players.authenticate(token)
        assert token is not None
        queue = wiring().queue
        if request.accept_mimetypes.best_match(JSON_OR_STREAM) == "text/event-stream":
            heartbeat = wiring().settings.sse_heartbeat_seconds
            return _stream(queue.stream(player_id, token, ticket, heartbeat, request.remote_addr))
        return queue.wait(player_id, token, ticket, wait or 0)

    @queue_blp.doc(operationId="cancel_ticket", security=PLAYER_KEY)
    @queue_blp.response(200, TicketSchema, errors=(401, 403, 404, 409, 503))
    def delete(self, ticket: str) -> Any:
        """Leave the queue; a matched ticket cannot be cancelled (409 `already_matched`)."""
        token = bearer_token()
        player_id = wiring().players.authenticate(token)
        assert token is not None
        return wiring().queue.cancel(player_id, token, ticket)


@leaderboard_blp.route("")
class Leaderboard(MethodView):
    @leaderboard_blp.doc(operationId="get_leaderboard", security=[])
    @leaderboard_blp.arguments(LeaderboardQuerySchema(), location="query", as_kwargs=True)
    @leaderboard_blp.response(200, LeaderboardSchema, errors=(400, 422, 503))
    def get(
        self,
        game: str,
        kind: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> Any:
        """Players with at least one rated game of `game`, highest rating first (paged)."""
        players, following = wiring().ratings.leaderboard(game, kind, limit, cursor)
        return {"players": players, "next": following}


BLUEPRINTS = (players_blp, queue_blp, leaderboard_blp)
