"""GET /games/{id}/events: what happened since a version, as JSON (optionally long-polled)
or as a Server-Sent Events stream woken by the push hub."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, Response, request
from flask.views import MethodView
from flask_smorest import Api
from marshmallow import fields, validate

from cardtable.api.blueprint import Blueprint
from cardtable.api.errors import ApiError
from cardtable.api.requests import bearer_token, wiring
from cardtable.api.schemas.base import StrictSchema
from cardtable.live.feeds import FEED_WAIT_SECONDS, LAST, Position

blp = Blueprint(
    "events",
    __name__,
    url_prefix="/games",
    description="What happened in a game since a version: JSON, long-poll or Server-Sent Events.",
    error_text={
        400: "`invalid_header`: Last-Event-ID is not an event id (`17` or `17.1`).",
        401: "`invalid_token`: the bearer token is not one of this game's.",
        404: "`not_found`: unknown or expired game.",
        429: "`too_many_streams`: this address holds its maximum of open streams here.",
        503: "`too_many_waiting`: this server holds its maximum of streams and long-polls, or "
        f"this game's feed stayed busy past {FEED_WAIT_SECONDS:g} s (other requests building "
        "its events; an open stream ends instead, with `retry:`); or `store_unavailable`. "
        "See Retry-After.",
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


EVENT_FEED_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["version", "events"],
    "properties": {
        "version": {"type": "integer", "description": "The game's version now."},
        "events": {"type": "array", "items": {"$ref": "#/components/schemas/Event"}},
        "next": {
            "type": "integer",
            "nullable": True,
            "description": "More events follow: ask again with this as `since` (null: none).",
        },
    },
}


def register(api: Api, app: Flask) -> None:
    """Add the schemas, the blueprint and the 503 for a full server (app.py calls this)."""
    # `Event` is derived from the games' declarations (api/schemas/derived.py).
    api.spec.components.schema("EventFeed", EVENT_FEED_SCHEMA)
    api.register_blueprint(blp)


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
    @blp.errors(400, 401, 404, 429, 503)
    def get(self, game_id: str, since: int | None = None, wait: float | None = None) -> Response:
        """Every change after version `since`, oldest first, as this viewer may see it.

        With `Accept: text/event-stream`: a stream of Server-Sent Events (`id` = version),
        resumable with `Last-Event-ID`, with heartbeat comments.
        """
        if _wants_stream():
            return _stream(game_id, since)
        wired = wiring()
        service, feeds = wired.games, wired.feeds
        if wait:
            with wired.hub.reading:  # long-polls share a bounded number of store reads
                game = service.load(game_id)
        else:
            game = service.load(game_id)
        seat = service.seat_for(game, bearer_token())
        since = since or 0
        # The events come encoded: a whole page is kept so by the feed (a client walking a
        # long game's history again and again must not cost the others their latency).
        version, events, after = feeds.json_page(game_id, seat, since, game=game)
        if events == b"[]" and wait and not game.finished:
            current = service.wait_for_change(game_id, max(since, game.version), wait)
            version, events, after = feeds.json_page(game_id, seat, since, at_least=current)
        next_ = b"null" if after is None else str(after).encode()
        body = b'{"version":%d,"events":%s,"next":%s}' % (version, events, next_)
        response = Response(body, mimetype="application/json")
        response.headers["Cache-Control"] = "private, no-cache"
        response.vary.add("Authorization")
        return response


def _wants_stream() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", "text/event-stream"])
    return best == "text/event-stream"


EVENT_ID = re.compile(r"([0-9]{1,15})(?:\.([0-9]{1,6}))?", re.ASCII)
"""An SSE id as the contract writes it: `<version>` or `<version>.<k>` (ASCII digits; more
than 15 of them is no version this server wrote)."""


def parse_event_id(text: str) -> Position:
    """The position a `Last-Event-ID` names (ApiError `invalid_header` for anything else)."""
    found = EVENT_ID.fullmatch(text.strip())
    if found is None or found.group(2) == "0":
        raise ApiError(
            "invalid_header", "Last-Event-ID must be an event id this server sent, like 17 or 17.1"
        )
    version, ordinal = found.groups()
    return int(version), int(ordinal) if ordinal else LAST


def _resumed() -> Position | None:
    """Where the client's Last-Event-ID resumes (None: it sent none)."""
    header = request.headers.get("Last-Event-ID")
    if header is not None and header.strip():
        return parse_event_id(header)
    return None


def _stream(game_id: str, since: int | None) -> Response:
    opened = wiring().streams.open(
        game_id,
        since,
        token=bearer_token,
        resume=_resumed,
        address=request.remote_addr or "",
        sock=request.environ.get("gunicorn.socket"),
    )
    if opened is None:
        return Response(status=204)  # nothing missed, nothing to come: an EventSource stops
    response = Response(opened.text, mimetype="text/event-stream")
    response.call_on_close(opened.close)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # proxies must pass each message at once
    response.vary.add("Authorization")
    return response
