"""The per-process notification hub: one Redis subscription wakes every waiting request.

The store's compare-and-set script publishes `{"id", "version", "at"}` on
`<prefix>:game:changes` in the same script run as the write, so a notification exists
exactly when a write happened. Each process subscribes once (one connection, one
listener thread, a greenlet under gevent) and wakes the streams and long-polls waiting
for that game. A plain PUBLISH reaches every node of a Redis Cluster too (the cluster bus
forwards it), so nothing changes on a cluster. Waiting requests are capped per process
(`Settings.max_streams`): beyond it they get `Overloaded` (503 with Retry-After).
"""

from __future__ import annotations

import ctypes
import ipaddress
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import redis.exceptions
from prometheus_client import Counter, Histogram

from cardtable.config import GEVENT_MAX_STREAMS, Settings
from cardtable.error_codes import RetryLater
from cardtable.server.monitoring import WAITING

log = logging.getLogger("cardtable.live.hub")

# The operator metric `cardtable_waiting_clients{kind}` (cardtable.server.monitoring): one family
# for every waiting client, which the alerts and the dashboard read.
OPEN_STREAMS = WAITING.labels(kind="stream")
WAITING_POLLS = WAITING.labels(kind="long_poll")
PUBLISHED = Counter(
    "cardtable_push_notifications_published_total",
    "Change notifications published (one per stored write of a game).",
)
RECEIVED = Counter(
    "cardtable_push_notifications_received_total",
    "Change notifications this process received from its subscription.",
)
DELIVERED = Counter(
    "cardtable_push_notifications_delivered_total",
    "Waiting requests woken by a notification.",
)
REFUSED = Counter(
    "cardtable_push_refused_total", "Streams and long-polls refused (503): the cap was reached."
)
LAG = Histogram(
    "cardtable_push_delivery_lag_seconds",
    "From the write (Redis's clock) to this process waking its waiters.",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)

RETRY_AFTER_SECONDS = 2
READS_AT_ONCE = 16
"""Store reads one process makes at once for waiting clients (streams opening or woken,
long-polls): a burst of them queues here instead of taking every connection of the Redis
pool from the moves (past the pool's wait: 503 `store_unavailable`)."""
MIN_RETRY_DELAY = 0.1
"""Seconds before the first attempt to renew a lost subscription (then doubled, to 5 s)."""


TRIM_AFTER_DROP = 50
"""Waiting clients gone since their last peak after which freed heap goes back to the OS."""
TRIM_AT_ZERO_FROM = 10
"""...or when the last of at least this many has gone."""
TRIM_SETTLE_SECONDS = 1.0
"""Wait after the drop (the closed streams' greenlets and buffers are freed by then)."""
TRIM_EVERY_SECONDS = 5.0
"""At most one trim per this many seconds (a later drop waits for the next turn)."""


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where the C library has none (musl, macOS)."""
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the process's own symbols: its C library's
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


class FreedMemory:
    """Gives the heap that closed streams and long-polls freed back to the OS.

    A stream of a long game holds its backlog's encoded messages and socket buffers; once
    they are freed, glibc keeps the pages for later allocations (a second flood reuses
    them), so the process's RSS stays at its peak, which a pod's memory limit counts.
    `malloc_trim(0)` returns the free pages (whole ones inside the heap too, by madvise).
    It is called in the background (a greenlet under gevent, a thread otherwise), once per
    TRIM_EVERY_SECONDS at most, after a large drop only: it walks the heap (a few ms for
    hundreds of MB) and, under gevent, holds the loop that long. glibc's malloc locks its
    arenas itself, so it is safe beside other threads; under gevent there are none."""

    def __init__(self, enabled: bool = True):
        self._trim = _malloc_trim() if enabled else None
        self._peak = 0
        self._pending = False
        self._trimmed_at = -TRIM_EVERY_SECONDS

    def count(self, held: int) -> None:
        """The number of waiting clients after one came or went (under the hub's lock)."""
        if held >= self._peak:
            self._peak = held
            return
        dropped = self._peak - held
        if self._trim is None or self._pending:
            return
        if dropped >= TRIM_AFTER_DROP or (held == 0 and self._peak >= TRIM_AT_ZERO_FROM):
            self._pending = True
            self._peak = held
            _in_background(self._trim_soon)

    def _trim_soon(self) -> None:
        trim = self._trim
        if trim is None:
            return
        since = time.monotonic() - self._trimmed_at
        time.sleep(max(TRIM_SETTLE_SECONDS, TRIM_EVERY_SECONDS - since))
        started = time.perf_counter()
        try:
            trim(0)
        finally:
            self._trimmed_at = time.monotonic()
            self._pending = False
        log.info(
            "freed heap returned to the OS",
            extra={"took_ms": round((time.perf_counter() - started) * 1000, 1)},
        )


def address_group(address: str | None) -> str:
    """The unit a per-address cap counts: the IPv4 address, or the /64 of an IPv6 one
    (one host gets a whole /64; an IPv4-mapped one counts as its IPv4 address)."""
    try:
        parsed = ipaddress.ip_address(address or "")
    except ValueError:
        return address or ""
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)


class Overloaded(RetryLater):
    """This process holds as many waiting requests as it may: the client retries later."""

    code = "too_many_waiting"

    def __init__(self, capacity: int):
        super().__init__(self._message(capacity) + f"; retry in {RETRY_AFTER_SECONDS} s")
        self.retry_after = RETRY_AFTER_SECONDS

    @staticmethod
    def _message(capacity: int) -> str:
        return f"this server holds its maximum of {capacity} open streams and long-polls"


class TooManyStreams(Overloaded):
    """One client address already holds its maximum of open streams on this process."""

    code = "too_many_streams"

    @staticmethod
    def _message(capacity: int) -> str:
        return f"this address already holds {capacity} open event streams here; close one"


def default_capacity(configured: int | None = None) -> int:
    """The configured cap (Settings.max_streams, CARDTABLE_MAX_STREAMS), else
    GEVENT_MAX_STREAMS under gevent (a waiting request costs a greenlet) and half of
    gthread's threads otherwise (a waiting request holds a thread; gunicorn's setting)."""
    if configured is not None:
        return configured
    if _gevent_patched():
        return GEVENT_MAX_STREAMS
    return max(1, int(Settings.read("threads")) // 2)


def _gevent_patched() -> bool:
    try:
        from gevent import monkey
    except ImportError:
        return False
    return bool(monkey.is_module_patched("socket"))


def channel_for(prefix: str) -> str:
    """The channel the store's scripts publish a game's changes on."""
    return f"{prefix}:game:changes"


def sheet_channel_for(prefix: str) -> str:
    """The channel the store's scripts publish a score sheet's changes on: the hub knows a
    sheet's waiters by `sheet:<id>` (a game id never holds `:`)."""
    return f"{prefix}:sheet:changes"


@dataclass
class _Game:
    """The waiters of one game: the latest version heard of, and the event they wait on."""

    version: int = -1
    event: threading.Event = field(default_factory=threading.Event)
    waiters: int = 0


class Hub:
    """One process's subscription to the game-change channel and the requests waiting on
    it, keyed by game id. Works with threads and, monkey-patched, with greenlets."""

    def __init__(
        self,
        redis: Any,
        prefix: str,
        *,
        capacity: int | None = None,
        streams_per_address: int | None = None,
        return_freed_memory: bool = True,
    ):
        self._redis = redis
        self.channel = channel_for(prefix)
        self.sheet_channel = sheet_channel_for(prefix)
        self.capacity = default_capacity(capacity)
        self._lock = threading.Lock()
        self._games: dict[str, _Game] = {}
        self._held = 0
        self.streams_per_address = streams_per_address
        self._streams_by_address: dict[str, int] = {}
        self.freed = FreedMemory(return_freed_memory)
        self.reading = threading.BoundedSemaphore(READS_AT_ONCE)
        """Held by each store read made for a waiting client (see READS_AT_ONCE)."""
        self._listener: threading.Thread | None = None
        self._listener_pid = 0
        self._subscribed = threading.Event()
        self._retry_delay = MIN_RETRY_DELAY
        self.stopping = False
        self.generation = 0
        """Grows each time every waiter is woken to re-read the store (see wake_all)."""
        self.woken_at = 0.0
        """time.monotonic() of the last wake_all: reads made since then are fresh enough."""

    # ---- capacity ------------------------------------------------------------------

    def acquire(self) -> None:
        """Take one waiting slot, or raise Overloaded."""
        with self._lock:
            if self._held >= self.capacity or self.stopping:
                REFUSED.inc()
                raise Overloaded(self.capacity)
            self._held += 1
            self.freed.count(self._held)

    def release(self) -> None:
        with self._lock:
            self._held -= 1
            self.freed.count(self._held)

    @contextmanager
    def slot(self, address: str | None = None) -> Iterator[None]:
        """One waiting slot for the block, counted in `cardtable_waiting_clients`: a
        long-poll's (no address), or a stream's, which first takes one of its address
        group's stream slots (`address_group`; TooManyStreams), then a waiting slot
        (Overloaded). Every waiting request takes and gives back its slots here."""
        group = None if address is None else address_group(address)
        if group is not None:
            self._take_address(group)
        try:
            self.acquire()
        except Overloaded:
            if group is not None:
                self._release_address(group)
            raise
        gauge = WAITING_POLLS if group is None else OPEN_STREAMS
        gauge.inc()
        try:
            yield
        finally:
            gauge.dec()
            self.release()
            if group is not None:
                self._release_address(group)

    def _take_address(self, group: str) -> None:
        with self._lock:
            count = self._streams_by_address.get(group, 0)
            cap = self.streams_per_address
            if cap is not None and count >= cap:
                REFUSED.inc()
                raise TooManyStreams(cap)
            self._streams_by_address[group] = count + 1

    def _release_address(self, group: str) -> None:
        with self._lock:
            left = self._streams_by_address.get(group, 0) - 1
            if left > 0:
                self._streams_by_address[group] = left
            else:
                self._streams_by_address.pop(group, None)

    @property
    def held(self) -> int:
        return self._held

    # ---- waiting -------------------------------------------------------------------

    def register(self, game_id: str) -> _Game:
        """Become a waiter of `game_id` (the listener starts if needed); read the game's
        version only after this, so that no notification falls in between."""
        self.start()
        with self._lock:
            game = self._games.setdefault(game_id, _Game())
            game.waiters += 1
            return game

    def unregister(self, game_id: str, game: _Game) -> None:
        with self._lock:
            game.waiters -= 1
            if game.waiters == 0 and self._games.get(game_id) is game:
                del self._games[game_id]

    @contextmanager
    def watching(self, game_id: str) -> Iterator[_Game]:
        """`register` for the block."""
        game = self.register(game_id)
        try:
            yield game
        finally:
            self.unregister(game_id, game)

    def wait(self, game: _Game, known: int, timeout: float) -> int | None:
        """Block until a notification names a version above `known` (returned), or until
        `timeout` passes, the subscription was renewed or the hub stops (None: re-read)."""
        with self._lock:
            if game.version > known:
                return game.version
            event = game.event
        if self.stopping:
            return None
        event.wait(timeout)
        return game.version if game.version > known else None

    def wait_for_change(
        self, game_id: str, known: int, timeout: float, read_version: Callable[[], int]
    ) -> int:
        """A long-poll: the version once it differs from `known`, or at the timeout (or at
        once when the hub stops). Raises Overloaded when the cap is reached."""
        with self.slot(), self.watching(game_id) as game:
            deadline = time.monotonic() + timeout
            with self.reading:  # after registering: no notification is missed
                current = read_version()
            while current == known and not self.stopping:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                heard = self.wait(game, known, left)
                if heard is not None:
                    current = heard
                    continue
                with self.reading:
                    current = read_version()
            return current

    # ---- notifications ---------------------------------------------------------------

    def notify(self, game_id: str, version: int) -> None:
        """Wake the waiters of `game_id` (the listener calls this for each notification)."""
        with self._lock:
            game = self._games.get(game_id)
            if game is None or version <= game.version:
                return
            game.version = version
            event, game.event = game.event, threading.Event()
            woken = game.waiters
        event.set()
        DELIVERED.inc(woken)

    def wake_all(self) -> None:
        """Wake every waiter so that it re-reads the store (after a lost subscription, or
        when stopping)."""
        with self._lock:
            self.generation += 1
            self.woken_at = time.monotonic()
            events = []
            for game in self._games.values():
                events.append(game.event)
                game.event = threading.Event()
        for event in events:
            event.set()

    def shutdown(self) -> None:
        """Stop: streams end with a last `retry:`, long-polls answer at once, new ones are
        refused."""
        self.stopping = True
        self.wake_all()

    def stop_soon(self) -> None:
        """`shutdown`, from a signal handler (the worker's SIGTERM): not in the handler
        itself, which may have interrupted a holder of the hub's lock, and under gevent
        runs in the event loop, where nothing may block. A greenlet (or a thread) takes
        the lock in its turn."""
        _in_background(self.shutdown)

    # ---- the listener ------------------------------------------------------------------

    def start(self) -> None:
        """Start the listener once per process (after a fork, again in the child), and wait
        for its subscription: every caller, so that none reads a game before it (and a
        burst of first streams is not woken to read everything again)."""
        if self._listener_pid != os.getpid():
            with self._lock:
                if self._listener_pid != os.getpid():
                    self._listener_pid = os.getpid()
                    self._listener = threading.Thread(
                        target=self._listen, name="push-hub", daemon=True
                    )
                    self._listener.start()
        self._subscribed.wait(5)

    def _listen(self) -> None:
        while not self.stopping:
            try:
                self._listen_once()
            except (redis.exceptions.RedisError, OSError, ValueError) as error:
                # ValueError: redis-py's reader after its connection was closed under it.
                # Logged once per outage; retried with a growing pause (at most 5 s).
                if self._retry_delay == MIN_RETRY_DELAY:
                    log.warning("push subscription lost (%s); renewing", type(error).__name__)
                time.sleep(self._retry_delay)
                self._retry_delay = min(self._retry_delay * 2, 5.0)

    def _listen_once(self) -> None:
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        try:
            pubsub.subscribe(self.channel, self.sheet_channel)
            pubsub.get_message(timeout=1.0)  # the subscription's confirmation
            self._subscribed.set()
            self._retry_delay = MIN_RETRY_DELAY
            self.wake_all()  # anything published while we were not subscribed is re-read
            while not self.stopping:
                message = pubsub.get_message(timeout=1.0)
                if message is not None and message.get("type") == "message":
                    self._deliver(message["data"], message.get("channel"))
        finally:
            pubsub.close()

    def _deliver(self, data: bytes | str, channel: bytes | str | None = None) -> None:
        try:
            note = json.loads(data)
            game_id, version = str(note["id"]), int(note["version"])
            if channel in (self.sheet_channel, self.sheet_channel.encode()):
                game_id = f"sheet:{game_id}"
        except (ValueError, KeyError, TypeError):
            log.warning("ignored a malformed change notification")
            return
        RECEIVED.inc()
        if "at" in note:
            LAG.observe(max(0.0, time.time() - float(note["at"])))
        self.notify(game_id, version)


def counting_published(on_moves: Callable[[str, int], None]) -> Callable[[str, int], None]:
    """Wrap the game service's `on_moves` hook: each stored move batch is one publish."""

    def hook(game: str, count: int) -> None:
        PUBLISHED.inc()
        on_moves(game, count)

    return hook


def _in_background(work: Callable[[], None]) -> None:
    if _gevent_patched():
        import gevent

        gevent.spawn(work)
    else:
        threading.Thread(target=work, daemon=True).start()


def new_hub(
    redis: Any,
    prefix: str,
    capacity: int | None = None,
    streams_per_address: int | None = None,
    *,
    return_freed_memory: bool = True,
) -> Hub:
    """A hub (the app's is built once, by `cardtable.wiring.Wiring.build`)."""
    return Hub(
        redis,
        prefix,
        capacity=capacity,
        streams_per_address=streams_per_address,
        return_freed_memory=return_freed_memory,
    )
