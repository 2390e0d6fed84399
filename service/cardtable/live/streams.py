"""A game's Server-Sent Events stream, apart from HTTP: its slots, its text and its close.

The route (api/event_routes.py) parses the request and hands over the game's id, `since`,
how to read the viewer's token and Last-Event-ID, the client's address and its socket.
`EventStreams.open` takes the stream's slots (one context manager, `Hub.slot`, the
long-poll's too) and registers as a waiter before it reads the game, so that no change
falls between the read and the first wait; the returned `OpenStream` gives both back when
it closes.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import select
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import redis.exceptions

from cardtable.live.alarms import Alarms
from cardtable.live.feeds import LAST, FeedBusy, Feeds, Messages, Position
from cardtable.live.hub import Hub
from cardtable_engine.events import Event

if TYPE_CHECKING:
    from cardtable.games.live_table import Game

log = logging.getLogger("cardtable.live.hub")  # the name a stream's warnings have always had

STREAM_RETRY_MS = 3000
"""How long an EventSource waits before reconnecting (sent as `retry:` first)."""
SHUTDOWN_RETRY_MS = 1000
"""Sent last when this server stops: reconnect soon, to another replica."""
REMATCH_WAIT_SECONDS = 600.0
"""How long a stream stays open after `game_end` for the `rematch` event. Then it closes
(with `retry:`); a reconnection after the end with nothing new gets 204, which stops an
EventSource."""


@dataclass
class OpenStream:
    """A stream that has its slots: its text (to send as it comes) and what gives the slots
    back (call it when the response closes, sent or not)."""

    text: Iterator[str]
    close: Callable[[], None]


@dataclass
class EventStreams:
    """Opens the event streams of one app's games (`Wiring.streams`)."""

    hub: Hub
    feeds: Feeds
    alarms: Alarms
    read: Callable[[str], Game]
    seat_for: Callable[[Game, str | None], int | None]
    heartbeat_seconds: float

    def open(
        self,
        game_id: str,
        since: int | None,
        *,
        token: Callable[[], str | None],
        resume: Callable[[], Position | None],
        address: str,
        sock: Any,
    ) -> OpenStream | None:
        """The stream of `game_id` for the viewer of `token()`, after `resume()` (the
        Last-Event-ID, which wins: an EventSource keeps its URL when it reconnects), else
        after `since`, else from the current version. Both are asked for after the slot
        and the read (a full server is 503, an unknown game 404, whatever the headers).
        None: a finished game with nothing missed and nothing to come (204, which stops
        an EventSource). Raises the hub's TooManyStreams and Overloaded before the first
        byte, so that a full server still answers 503."""
        held = contextlib.ExitStack()
        try:
            held.enter_context(self.hub.slot(address))
            watch = held.enter_context(self.hub.watching(game_id))
            with self.hub.reading:  # a burst of streams opening must leave Redis to the moves
                game = self.read(game_id)
            seat = self.seat_for(game, token())
            start = resume() or ((since if since is not None else game.version), LAST)
            messages = self.feeds.messages(game_id, seat, encode_message, start, game=game)
            if game.finished and messages.live and messages.after(start) == len(messages.keys):
                held.close()
                return None
            watching = self._watching(game, watch, seat, _raw_socket(sock))
            _bound_send_buffer(watching.sock)
            return OpenStream(_messages(watching, start, messages), held.close)
        except BaseException:
            held.close()
            raise

    def _watching(self, game: Game, watch: Any, seat: int | None, sock: Any) -> Watching:
        """What the open stream of `game` needs; a turn timer's deadline is remembered from
        the read just made (its alarm acts at it)."""
        timed = game.hosting.turn_seconds is not None
        if timed:
            self.alarms.remember(game.game_id, game.version, game.hosting.deadline)
        return Watching(
            self.hub,
            self.feeds,
            self.alarms if timed else None,
            game.game_id,
            watch,
            seat,
            self.heartbeat_seconds,
            sock,
        )


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
        fd = sock.fileno()
        return fd < 0 or (_readable_now(fd) and sock.recv(1, socket.MSG_PEEK) == b"")
    except OSError:
        return True


def _readable_now(fd: int) -> bool:
    """Bytes (or the peer's close) wait on `fd`, asked without waiting. poll, not select:
    select() cannot watch a descriptor numbered 1024 or more (FD_SETSIZE) and raises
    ValueError, which once closed every stream past a worker's first thousand
    connections after their first idle check (5 s), each looking like a closed client."""
    poller = _poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(0))


def _poll() -> Any:
    """The OS's poll object (gevent's patching swaps select's; this asks without yielding)."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return select.poll()
    return monkey.get_original("select", "poll")()


def encode_message(event_id: str, event: Event) -> str:
    """One SSE message: `id: <event id>` and `data: <Event as JSON>`."""
    return f"id: {event_id}\ndata: {json.dumps(event, separators=(',', ':'))}\n\n"
