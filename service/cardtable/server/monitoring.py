"""Operator metrics and the per-process watch loop: requests in flight, waiting clients,
Redis errors by kind, 429s, process memory/CPU/fds, Redis reachability and data loss.

Data loss: the loop keeps a marker key in Redis (no expiry). A marker that disappears while
this process runs means Redis came back empty (restarted without persistence, a failover
to an empty replica, a FLUSHALL): every game is gone, which clients would otherwise only see
as 404s. The first process to notice logs `redis_data_loss` at ERROR, counts it in
`cardtable_redis_data_loss_total` and writes the marker again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from prometheus_client import Counter, Gauge, ProcessCollector

from cardtable.config import Settings
from cardtable.server import lifecycle

if TYPE_CHECKING:
    from flask import Flask, Response

log = logging.getLogger("cardtable.server.monitoring")

IN_FLIGHT = Gauge(
    "cardtable_http_requests_in_flight",
    "Requests being served now (long-polls included).",
    multiprocess_mode="livesum",
)
WAITING = Gauge(
    "cardtable_waiting_clients",
    "Clients waiting for a game to change, by kind (long_poll, stream).",
    ["kind"],
    multiprocess_mode="livesum",
)
REDIS_ERRORS = Counter(
    "cardtable_redis_errors_total",
    "Redis calls that failed, by error class (TimeoutError, ConnectionError, ...).",
    ["kind"],
)
RATE_LIMITED = Counter(
    "cardtable_rate_limited_total", "Requests refused with 429, by route.", ["endpoint"]
)
REDIS_UP = Gauge(
    "cardtable_redis_up",
    "1 when the last check of Redis (every CARDTABLE_WATCH_SECONDS) succeeded.",
    multiprocess_mode="livemin",
)
DATA_LOSS = Counter(
    "cardtable_redis_data_loss_total",
    "Times Redis was found empty (its marker key gone) while the service ran.",
)
PROCESS = {
    name: Gauge(f"cardtable_{name}", help_text, multiprocess_mode="livesum")
    for name, help_text in (
        ("process_resident_memory_bytes", "Resident memory of the worker processes."),
        ("process_cpu_seconds", "CPU time used by the live worker processes."),
        ("process_open_fds", "Open file descriptors of the worker processes."),
    )
}
_PROCESS_SOURCES = {
    "process_resident_memory_bytes": "process_resident_memory_bytes",
    "process_cpu_seconds": "process_cpu_seconds_total",
    "process_open_fds": "process_open_fds",
}


def record_redis_error(error: BaseException) -> None:
    REDIS_ERRORS.labels(kind=type(error).__name__).inc()


@contextmanager
def waiting(kind: str) -> Iterator[None]:
    """Count a client as waiting while the block runs."""
    gauge = WAITING.labels(kind=kind)
    gauge.inc()
    try:
        yield
    finally:
        gauge.dec()


def update_process_metrics() -> None:
    """Copy this process's /proc figures into the multiprocess-safe gauges."""
    for family in ProcessCollector(registry=None).collect():
        for sample in family.samples:
            for ours, source in _PROCESS_SOURCES.items():
                if sample.name == source:
                    PROCESS[ours].set(sample.value)


class Watch:
    """The loop's state: whether this process has seen the marker already."""

    def __init__(self, client: Any, marker_key: str):
        self.client = client
        self.marker_key = marker_key
        self.seen_marker = False

    def check_redis(self) -> None:
        try:
            created = self.client.set(self.marker_key, str(int(time.time())), nx=True)
        except Exception as error:  # any failure means "down" here (cluster errors too)
            REDIS_UP.set(0)
            record_redis_error(error)
            log.warning("redis check failed: %s", type(error).__name__)
            return
        REDIS_UP.set(1)
        if created and self.seen_marker:
            DATA_LOSS.inc()
            log.error(
                "redis came back empty: its marker key was gone, so every stored game and "
                "score sheet was lost",
                extra={"event": "redis_data_loss", "marker_key": self.marker_key},
            )
        self.seen_marker = True

    def run(self, interval: float) -> None:
        while not lifecycle.shutting_down():
            self.check_redis()
            update_process_metrics()
            if lifecycle.pause(interval):
                return


class InFlightMiddleware:
    """WSGI middleware counting requests in flight (a long-poll counts while it waits)."""

    def __init__(self, app: Callable[..., Iterable[bytes]]):
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        IN_FLIGHT.inc()
        try:
            return self.app(environ, start_response)
        finally:
            IN_FLIGHT.dec()


def init_app(app: Flask, client: Any, key_prefix: str) -> None:
    """Count requests and 429s, and start the watch loop with the first request."""
    from flask import request  # here: the service layer imports this module without Flask

    interval = float(Settings.read("watch_seconds"))
    watch = Watch(client, f"{key_prefix}:marker")
    started = threading.Lock()
    app.wsgi_app = InFlightMiddleware(app.wsgi_app)  # type: ignore[method-assign]

    @app.before_request
    def _start_watch() -> None:
        # Only in a server worker (not in tests or tools that build the app in-process).
        if interval > 0 and lifecycle.serving() and started.acquire(blocking=False):
            threading.Thread(target=watch.run, args=(interval,), daemon=True).start()

    @app.after_request
    def _count_rate_limited(response: Response) -> Response:
        if response.status_code == 429:
            rule = request.url_rule.rule if request.url_rule is not None else "unmatched"
            RATE_LIMITED.labels(endpoint=rule).inc()
        return response
