"""GET /games/{id}/events: what happened since a version, as JSON (optionally long-polled)
or as a Server-Sent Events stream woken by the push hub."""

from __future__ import annotations

import contextlib
import json
import logging
import math
import re
import select
import socket
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
from cardtable.api.errors import ApiError
from cardtable.api.requests import bearer_token, wiring
from cardtable.api.schemas.base import StrictSchema
from cardtable.games.service import GameService
from cardtable.live.alarms import Alarms
from cardtable.live.feeds import FEED_WAIT_SECONDS, LAST, FeedBusy, Feeds, Messages, Position
from cardtable.live.hub import OPEN_STREAMS, Hub
from cardtable_engine.events import Event

log = logging.getLogger("cardtable.live.hub")

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
            "type": ["integer", "null"],
            "description": "More events follow: ask again with this as `since` (null: none).",
        },
    },
}


def register(api: Api, app: Flask) -> None:
    """Add the schemas, the blueprint and the 503 for a full server (app.py calls this)."""
    # `Event` is derived from the games' declarations (api/schemas/derived.py).
    api.spec.components.schema("EventFeed", EVENT_FEED_SCHEMA)
    api.register_blueprint(blp)


def _feeds(service: GameService) -> Feeds:
    feeds: Feeds | None = current_app.extensions.get("cardtable_feeds")
    if feeds is None:
        # The hub's read bound: streams and long-polls share one per process.
        feeds = Feeds(service.load, service.replayed, service.read_log, reading=service.hub.reading)
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
    @blp.errors(400, 401, 404, 429, 503)
    def get(self, game_id: str, since: int | None = None, wait: float | None = None) -> Response:
        """Every change after version `since`, oldest first, as this viewer may see it.

        With `Accept: text/event-stream`: a stream of Server-Sent Events (`id` = version),
        resumable with `Last-Event-ID`, with heartbeat comments.
        """
        service = wiring().games
        feeds = _feeds(service)
        if _wants_stream():
            return _stream(service, feeds, game_id, since)
        if wait:
            with service.hub.reading:  # long-polls share a bounded number of store reads
                game = service.load(game_id)
        else:
            game = service.load(game_id)
        seat = service.seat_for(game, bearer_token())
        since = since or 0
        version, events, after = feeds.page(game_id, seat, since, game=game)
        if not events and wait and not game.finished:
            current = service.wait_for_change(game_id, max(since, game.version), wait)
            version, events, after = feeds.page(game_id, seat, since, at_least=current)
        response = jsonify({"version": version, "events": events, "next": after})
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


def _start(since: int | None, current: int) -> Position:
    """Where a stream starts: after Last-Event-ID (which wins: an EventSource keeps its
    URL when it reconnects), else after `since`, else at the current version."""
    header = request.headers.get("Last-Event-ID")
    if header is not None and header.strip():
        return parse_event_id(header)
    return (since if since is not None else current), LAST


def _stream(service: GameService, feeds: Feeds, game_id: str, since: int | None) -> Response:
    """Open a stream: take a slot and register as a waiter before reading the game, so that
    no change falls between the read and the first wait; release both when it closes."""
    hub = service.hub
    address = request.remote_addr or ""
    hub.acquire_stream(address)  # before the first byte: a full server still answers 503
    watch = hub.register(game_id)
    try:
        with hub.reading:  # a burst of streams opening must leave Redis to the moves
            game = service.load(game_id)
        seat = service.seat_for(game, bearer_token())
        position = _start(since, game.version)
        messages = feeds.messages(game_id, seat, encode_message, position, game=game)
    except BaseException:
        hub.unregister(game_id, watch)
        hub.release_stream(address)
        raise
    if game.finished and messages.live and messages.after(position) == len(messages.keys):
        hub.unregister(game_id, watch)
        hub.release_stream(address)
        return Response(status=204)  # nothing missed, nothing to come: an EventSource stops
    alarms = _alarms(service)
    if game.life.turn_seconds is not None:
        alarms.remember(game_id, game.version, game.life.deadline)
    settings = wiring().settings
    sock = _raw_socket(request.environ.get("gunicorn.socket"))
    watching = Watching(
        hub,
        feeds,
        alarms if game.life.turn_seconds is not None else None,
        game_id,
        watch,
        seat,
        settings.sse_heartbeat_seconds,
        sock,
    )
    response = Response(_messages(watching, position, messages), mimetype="text/event-stream")
    OPEN_STREAMS.inc()
    _bound_send_buffer(sock)
    response.call_on_close(_closer(hub, game_id, watch, address))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # proxies must pass each message at once
    response.vary.add("Authorization")
    return response


def _alarms(service: GameService) -> Alarms:
    alarms: Alarms | None = current_app.extensions.get("cardtable_alarms")
    if alarms is None:
        alarms = current_app.extensions["cardtable_alarms"] = Alarms(service)
    return alarms


def _bound_send_buffer(sock: Any) -> None:
    """Bound the kernel's send buffer of the stream's socket (socket memory counts against
    a pod's memory limit): a client that stops reading then blocks the stream's sends
    after about STREAM_SEND_BUFFER bytes, and the worker's write timeout
    (CARDTABLE_WRITE_TIMEOUT, 30 s) closes it, which gives its slot and memory back."""
    raw = _raw_socket(sock)
    if raw is not None:
        with contextlib.suppress(OSError, AttributeError):
            raw.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_SEND_BUFFER)


def _raw_socket(sock: Any) -> Any:
    """The OS socket under gunicorn's (the project's worker wraps it: cardtable.server.worker)."""
    if sock is None or isinstance(sock, socket.socket):
        return sock
    raw = getattr(sock, "_sock", None)  # a wrapper's (under gevent: a cooperative socket)
    return raw if hasattr(raw, "setsockopt") and hasattr(raw, "fileno") else None


def _closer(hub: Hub, game_id: str, watch: Any, address: str) -> Callable[[], None]:
    def close() -> None:
        OPEN_STREAMS.dec()
        hub.unregister(game_id, watch)
        hub.release_stream(address)

    return close


@dataclass
class Watching:
    """What a stream needs while it runs (outside the request context)."""

    hub: Hub
    feeds: Feeds
    alarms: Alarms | None
    game_id: str
    watch: Any
    seat: int | None
    heartbeat_seconds: float
    sock: Any


@dataclass
class _Pace:
    """A stream's clock: when its next heartbeat is due, when it closes after `game_end`,
    and the turn-timer deadline it last acted on."""

    heartbeat_seconds: float
    beat_at: float = 0.0
    closing_at: float = math.inf
    acted: float | None = None

    def beat_later(self) -> None:
        self.beat_at = time.monotonic() + self.heartbeat_seconds


def _messages(w: Watching, position: Position, messages: Messages) -> Iterator[str]:
    """The stream's text: `retry:`, the backlog, each version's events as notifications
    name them, keep-alive comments while idle, a last `retry:` when the server stops. The
    messages are the feed's, shared by this viewer's streams; a stream holds its position
    and the backlog page it sends (built when it gets there). Waiting reads only a turn
    timer's deadline (once per process and version) and acts at it. After `game_end` it
    waits for `rematch` at most REMATCH_WAIT_SECONDS."""
    yield f"retry: {STREAM_RETRY_MS}\n\n"
    pace = _Pace(w.heartbeat_seconds)
    pace.beat_later()
    try:
        while True:
            first, end = messages.after(position), len(messages.keys)
            if first < end:
                yield from _chunks(messages.texts, first, end)
                position = messages.keys[end - 1]
                pace.beat_later()
                if _after_sent(set(messages.kinds[first:end]), pace):
                    return  # the last change of this game: the table follows the new one
            if not messages.live:  # a page of the backlog: then the next, built as sent
                messages = w.feeds.messages(w.game_id, w.seat, encode_message, position)
                continue
            alarm, acted = _turn_alarm(w, messages.version, pace)
            if acted:
                continue  # its write wakes us (and every stream)
            now = time.monotonic()
            if w.hub.stopping or pace.closing_at <= now:
                break
            known = max(position[0], messages.version)
            heard, renewed = _wait(w, known, _timeout(pace, alarm, now))
            if heard is None and not renewed:
                if w.hub.stopping:
                    continue
                if _client_gone(w.sock):
                    return  # frees the slot now, not at the next heartbeat's failed send
                if time.monotonic() >= pace.beat_at:
                    pace.beat_later()
                    yield ": keep-alive\n\n"
                continue
            # After a renewed subscription: read the store once per game, not per stream.
            messages = w.feeds.messages(
                w.game_id, w.seat, encode_message, position, at_least=heard or 0,
                read_after=w.hub.woken_at if renewed else None,
            )  # fmt: skip
    except (redis.exceptions.RedisError, FeedBusy) as error:
        # The store went away (or kept us waiting past its timeout), or this process is too
        # busy to build the game's events: the client reconnects with Last-Event-ID, to us
        # or another replica.
        log.warning("event stream of %s closed: %s", w.game_id, type(error).__name__)
    yield f"retry: {SHUTDOWN_RETRY_MS}\n\n"


def _after_sent(kinds: set[str], pace: _Pace) -> bool:
    """After sending events of these kinds: whether the stream ends now (a rematch), and
    after `game_end` when it closes at the latest."""
    if "rematch" in kinds:
        return True
    if "game_end" in kinds:
        pace.closing_at = time.monotonic() + REMATCH_WAIT_SECONDS
    return False


def _turn_alarm(w: Watching, version: int, pace: _Pace) -> tuple[float | None, bool]:
    """Seconds to the turn timer's deadline of this version (None: none to wait for), and
    whether the stream has just acted at it (once per deadline; never after `game_end`)."""
    if w.alarms is None or pace.closing_at != math.inf:
        return None, False
    due = w.alarms.deadline(w.game_id, version)
    alarm = w.alarms.seconds_left(due) if due != pace.acted else None
    if alarm is None or alarm > 0 or due is None:
        return alarm, False
    pace.acted = due
    w.alarms.act(w.game_id, due)
    return alarm, True


def _wait(w: Watching, known: int, timeout: float) -> tuple[int | None, bool]:
    """Wait for a version after `known`: the version heard (None: none), and whether the
    hub renewed its subscription meanwhile (changes may have been missed)."""
    generation = w.hub.generation
    heard = w.hub.wait(w.watch, known, timeout)
    return heard, w.hub.generation != generation and not w.hub.stopping


def _timeout(pace: _Pace, alarm: float | None, now: float) -> float:
    """How long an idle stream waits: until its heartbeat, its client check, its closing
    or its turn alarm, whichever comes first."""
    timeout = min(pace.beat_at - now, CLOSED_CHECK_SECONDS, pace.closing_at - now)
    if alarm is not None:
        timeout = min(timeout, alarm)
    return max(0.0, timeout)


CHUNK_CHARS = 16 * 1024
"""A backlog is sent in pieces of about this size: a stream never holds a copy of a long
game's history, only the piece being sent (its text and bytes, held while a client that
does not read blocks the send: 300 such streams added +45 MB with 64 KB pieces, +28 MB
with 16 KB, bench/stream_bench.py)."""
STREAM_SEND_BUFFER = 128 * 1024
"""Bytes the kernel may hold for a stream's client (socket memory counts against a pod's
memory limit): a client that stops reading blocks the stream's sends after about this."""
CLOSED_CHECK_SECONDS = 5.0
"""How often an idle stream checks whether its client went away."""


def _chunks(texts: list[str], first: int, end: int) -> Iterator[str]:
    piece: list[str] = []
    size = 0
    for index in range(first, end):
        piece.append(texts[index])
        size += len(texts[index])
        if size >= CHUNK_CHARS:
            yield "".join(piece)
            piece, size = [], 0
    if piece:
        yield "".join(piece)


def _client_gone(sock: Any) -> bool:
    """True when the client closed its side (an SSE client sends nothing after its
    request, so a readable socket with nothing to read is a closed one)."""
    if sock is None:
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        return bool(readable) and sock.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


def encode_message(event_id: str, event: Event) -> str:
    """One SSE message: `id: <event id>` and `data: <Event as JSON>`."""
    return f"id: {event_id}\ndata: {json.dumps(event, separators=(',', ':'))}\n\n"
