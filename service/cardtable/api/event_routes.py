"""GET /games/{id}/events: what happened since a version, as JSON (optionally long-polled)
or as a Server-Sent Events stream woken by the push hub."""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import redis.exceptions
from flask import Flask, Response, current_app, jsonify, request
from flask.views import MethodView
from flask_smorest import Api
from marshmallow import fields, validate

from cardtable.api.blueprint import Blueprint
from cardtable.api.errors import ApiError, error_response
from cardtable.api.requests import bearer_token, wiring
from cardtable.api.schemas.base import StrictSchema
from cardtable.engine.events import Event
from cardtable.feeds import Feeds
from cardtable.games import GameService
from cardtable.push import OPEN_STREAMS, Hub, Overloaded

log = logging.getLogger("cardtable.push")

STREAM_RETRY_MS = 3000
"""How long an EventSource waits before reconnecting (sent as `retry:` first)."""
SHUTDOWN_RETRY_MS = 1000
"""Sent last when this server stops: reconnect soon, to another replica."""
REMATCH_WAIT_SECONDS = 600.0
"""How long a stream stays open after `game_end` for the `rematch` event. Then it closes
(with `retry:`); a reconnection after the end with nothing new gets 204, which stops an
EventSource."""

blp = Blueprint(
    "events",
    __name__,
    url_prefix="/games",
    description="What happened in a game since a version: JSON, long-poll or Server-Sent Events.",
    error_text={
        400: "`invalid_header`: Last-Event-ID is not a version.",
        401: "`invalid_token`: the bearer token is not one of this game's.",
        404: "`not_found`: unknown or expired game.",
        503: "`too_many_waiting` (this server holds its maximum of streams and long-polls) or "
        "`store_unavailable`; see Retry-After.",
    },
)


class EventsQuerySchema(StrictSchema):
    since = fields.Integer(
        validate=validate.Range(0, None),
        metadata={
            "description": "Events after this version (JSON: default 0, every event; a stream:"
            " default the current version, or the Last-Event-ID header, which wins)."
        },
    )
    wait = fields.Float(
        validate=validate.Range(0, 30),
        metadata={
            "description": "JSON only: when nothing happened after `since`, wait up to this "
            "many seconds for the next change."
        },
    )


EVENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One change, as this viewer may see it. `type`: `move` (`seat`, `move` as "
    "applied, and its public consequences: Skyjo `cells`, `discard_top`, the viewer's own "
    "`drawn` card; Skip-Bo `card`, `completed_pile`, `stock_top`, `hand_sizes`, the "
    "viewer's own `drew`), `reshuffle` (`draw_pile_size`), `round_end` (scores, revealed "
    "grids or stocks left), `deal` (a new round; Skip-Bo: the viewer's own `hand`), "
    "`game_end` (`totals`, `winners`), `join` (`seat`, `name`). See docs/events.md.",
    "required": ["version", "type"],
    "properties": {
        "version": {"type": "integer", "description": "The version this change created."},
        "type": {"type": "string"},
        "seat": {"type": "integer"},
        "move": {"$ref": "#/components/schemas/Move"},
    },
    "additionalProperties": True,
}
EVENT_FEED_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["version", "events"],
    "properties": {
        "version": {"type": "integer", "description": "The game's version now."},
        "events": {"type": "array", "items": {"$ref": "#/components/schemas/Event"}},
    },
}


def register(api: Api, app: Flask) -> None:
    """Add the schemas, the blueprint and the 503 for a full server (app.py calls this)."""
    api.spec.components.schema("Event", EVENT_SCHEMA)
    api.spec.components.schema("EventFeed", EVENT_FEED_SCHEMA)
    api.register_blueprint(blp)
    app.register_error_handler(Overloaded, _overloaded)


def _overloaded(error: Overloaded) -> Response:
    response = error_response(503, error.code, str(error))
    response.headers["Retry-After"] = str(error.retry_after)
    return response


def _feeds(service: GameService) -> Feeds:
    feeds: Feeds | None = current_app.extensions.get("cardtable_feeds")
    if feeds is None:
        feeds = Feeds(service.load, service.replayed, service.read_log)
        current_app.extensions["cardtable_feeds"] = feeds
    return feeds


OK_RESPONSE = {
    "description": "The events after `since` (JSON), or with `Accept: text/event-stream` a "
    "stream of Server-Sent Events: one message per event, `id: <version>` and "
    "`data: <Event as JSON>`, heartbeat comments while idle.",
    "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/EventFeed"}},
        "text/event-stream": {"schema": {"type": "string"}},
    },
}


@blp.route("/<string:game_id>/events")
class Events(MethodView):
    @blp.doc(
        operationId="get_events",
        security=[{"bearerAuth": []}, {}],
        responses={"200": OK_RESPONSE},
    )
    @blp.arguments(EventsQuerySchema(), location="query", as_kwargs=True)
    @blp.alt_response(204, description="A stream asked for after the end of a finished game.")
    @blp.errors(400, 401, 404, 503)
    def get(self, game_id: str, since: int | None = None, wait: float | None = None) -> Response:
        """Every change after version `since`, oldest first, as this viewer may see it.

        With `Accept: text/event-stream`: a stream of Server-Sent Events (`id` = version),
        resumable with `Last-Event-ID`, with heartbeat comments.
        """
        service = wiring().games
        feeds = _feeds(service)
        if _wants_stream():
            return _stream(service, feeds, game_id, since)
        game = service.load(game_id)
        seat = service.seat_for(game, bearer_token())
        since = since or 0
        version, events = feeds.events(game_id, seat, since, game=game)
        if not events and wait and not game.finished:
            current = service.wait_for_change(game_id, max(since, game.version), wait)
            version, events = feeds.events(game_id, seat, since, at_least=current)
        response = jsonify({"version": version, "events": events})
        response.headers["Cache-Control"] = "private, no-cache"
        response.vary.add("Authorization")
        return response


def _wants_stream() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", "text/event-stream"])
    return best == "text/event-stream"


def _last_event_id(default: int) -> int:
    header = request.headers.get("Last-Event-ID")
    if header is None or not header.strip():
        return default
    if not header.strip().isdigit():
        raise ApiError("invalid_header", "Last-Event-ID must be a game version, like 17")
    return int(header.strip())


def _stream(service: GameService, feeds: Feeds, game_id: str, since: int | None) -> Response:
    """Open a stream: take a slot and register as a waiter before reading the game, so that
    no change falls between the read and the first wait; release both when it closes."""
    hub = service.hub
    hub.acquire()  # before the first byte: a full server still answers 503
    watch = hub.register(game_id)
    try:
        with feeds.reading:  # a burst of streams opening must leave Redis to the moves
            game = service.load(game_id)
        seat = service.seat_for(game, bearer_token())
        start = _last_event_id(since if since is not None else game.version)
    except BaseException:
        hub.unregister(game_id, watch)
        hub.release()
        raise
    if game.finished and start >= game.version:
        hub.unregister(game_id, watch)
        hub.release()
        return Response(status=204)  # an EventSource stops reconnecting on 204
    OPEN_STREAMS.inc()
    _, backlog = feeds.events(game_id, seat, start, game=game)
    heartbeat = wiring().settings.sse_heartbeat_seconds
    body = _messages(Watching(hub, feeds, game_id, watch, seat, heartbeat), start, backlog)
    response = Response(body, mimetype="text/event-stream")
    response.call_on_close(_closer(hub, game_id, watch))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # proxies must pass each message at once
    response.vary.add("Authorization")
    return response


def _closer(hub: Hub, game_id: str, watch: Any) -> Callable[[], None]:
    def close() -> None:
        OPEN_STREAMS.dec()
        hub.unregister(game_id, watch)
        hub.release()

    return close


@dataclass
class Watching:
    """What a stream needs while it runs (outside the request context)."""

    hub: Hub
    feeds: Feeds
    game_id: str
    watch: Any
    seat: int | None
    heartbeat_seconds: float


def _messages(w: Watching, since: int, backlog: list[Event]) -> Iterator[str]:
    """The stream's text: `retry:`, the backlog, then each version's events in one chunk
    as notifications name them, heartbeat comments while idle, and a last `retry:` when
    the server stops. Waiting reads nothing from Redis: one read per process per change.
    After `game_end` it stays open for the `rematch` event (closing after it), at most
    REMATCH_WAIT_SECONDS."""
    yield f"retry: {STREAM_RETRY_MS}\n\n"
    sent = int(backlog[-1]["version"]) if backlog else since
    text, kinds = format_events(backlog), frozenset(str(event["type"]) for event in backlog)
    closing_at = math.inf
    try:
        while True:
            if text:
                yield text
                if "rematch" in kinds:
                    return  # the last change of this game: the table follows the new one
                if "game_end" in kinds:
                    closing_at = time.monotonic() + REMATCH_WAIT_SECONDS
            left = closing_at - time.monotonic()
            if w.hub.stopping or left <= 0:
                break
            generation = w.hub.generation
            heard = w.hub.wait(w.watch, sent, min(w.heartbeat_seconds, left))
            renewed = w.hub.generation != generation and not w.hub.stopping
            if heard is None and not renewed:
                text = "" if w.hub.stopping else ": keep-alive\n\n"
                kinds = frozenset()
                continue
            # After a renewed subscription: read the store once per game, not per stream.
            read_after = w.hub.woken_at if renewed else None
            sent, (text, kinds) = w.feeds.encoded(
                w.game_id, w.seat, sent, format_events, at_least=heard or 0, read_after=read_after
            )
    except redis.exceptions.RedisError as error:
        # The store went away (or kept us waiting past its timeout): the client reconnects
        # with Last-Event-ID, to us or another replica.
        log.warning("event stream of %s closed: %s", w.game_id, type(error).__name__)
    yield f"retry: {SHUTDOWN_RETRY_MS}\n\n"


def format_events(events: list[Event]) -> str:
    """SSE messages, one per event: `id: <version>` and `data: <Event as JSON>`."""
    return "".join(
        f"id: {event['version']}\ndata: {json.dumps(event, separators=(',', ':'))}\n\n"
        for event in events
    )
