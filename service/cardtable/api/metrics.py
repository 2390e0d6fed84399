"""Prometheus metrics, correct under several gunicorn workers.

With PROMETHEUS_MULTIPROC_DIR set (as `cardtable serve` and the container do), every worker
writes its samples to files there and /metrics aggregates them; without it (tests, a single
process) the default in-process registry is used.

The hot path does not write the samples itself: each request's, move's and conflict's are
queued in the process (`PENDING`) and written once a second (`Pending.run`), and by /metrics
before it answers and by a stopping worker before it exits. So a scrape from another
worker's process may see this worker's last second late (at most about 1 s), never lose it:
in multiprocess mode every write takes prometheus_client's lock (a gevent lock under gevent)
and a memory-mapped file write, three or four a request, about 5 % of a move's instructions.
"""

from __future__ import annotations

import bisect
import collections
import functools
import logging
import os
import threading
import time
from typing import Any

from flask import Flask, Response, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as prometheus_multiprocess

from cardtable.config import Settings
from cardtable.server import monitoring

REQUESTS = Counter(
    "cardtable_http_requests_total",
    "HTTP requests answered, by endpoint, method and status.",
    ["endpoint", "method", "status"],
)
LATENCY = Histogram(
    "cardtable_http_request_duration_seconds",
    "Time to answer an HTTP request, by endpoint and method.",
    ["endpoint", "method"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
MOVES = Counter(
    "cardtable_moves_applied_total", "Moves applied (bot moves too), by game.", ["game"]
)
GAMES_CREATED = Counter("cardtable_games_created_total", "Games created, by game.", ["game"])
CONFLICTS = Counter(
    "cardtable_conflicts_total",
    "Moves refused because the game changed under them, by kind.",
    ["kind"],
)


FLUSH_SECONDS = 1.0
"""How often a process writes its queued samples (a scrape may see them this much late)."""

log = logging.getLogger(__name__)


class Pending:
    """Samples queued in this process, written to the metrics in batches.

    A deque: `append` and `popleft` are atomic, so recording takes no lock whether requests
    run in threads or greenlets, and a flush racing a record loses nothing (what it does not
    pop, the next flush does)."""

    def __init__(self) -> None:
        self._queue: collections.deque[tuple[Any, float, bool]] = collections.deque()
        self._flusher_pid: int | None = None

    def inc(self, child: Any, amount: float = 1) -> None:
        """`child.inc(amount)`, deferred (a labelled Counter's child)."""
        self._queue.append((child, amount, False))
        if self._flusher_pid != os.getpid():
            self._start_flusher()

    def observe(self, child: Any, value: float) -> None:
        """`child.observe(value)`, deferred (a labelled Histogram's child)."""
        self._queue.append((child, value, True))
        if self._flusher_pid != os.getpid():
            self._start_flusher()

    def flush(self) -> None:
        """Write every queued sample: one increment per counter child, and per histogram
        child one per bucket hit plus its sum, as as many `observe` calls would."""
        counts: dict[Any, float] = {}
        observed: dict[Any, list[float]] = {}
        pop = self._queue.popleft
        while True:
            try:
                child, value, is_observation = pop()
            except IndexError:
                break
            if is_observation:
                observed.setdefault(child, []).append(value)
            else:
                counts[child] = counts.get(child, 0) + value
        for child, amount in counts.items():
            child.inc(amount)
        for child, values in observed.items():
            _observe_all(child, values)

    def run(self) -> None:
        while True:
            time.sleep(FLUSH_SECONDS)
            try:
                self.flush()
            except Exception:  # a metrics write must never stop the flusher
                log.exception("could not write the queued metrics")

    def _start_flusher(self) -> None:
        # Once per process (a fork has none: the pid differs); a daemon thread, a greenlet
        # under gevent's patching.
        self._flusher_pid = os.getpid()
        threading.Thread(target=self.run, name="metrics-flush", daemon=True).start()


def _observe_all(child: Any, values: list[float]) -> None:
    """`child.observe(v)` for each of `values`: the same bucket counts and sum, written
    once each. (prometheus_client's Histogram keeps a raw count per bucket, the first
    whose upper bound is at least the value, and sums them when collected.)"""
    bounds, hits = child._upper_bounds, collections.Counter[int]()
    for value in values:
        hits[bisect.bisect_left(bounds, value)] += 1
    child._sum.inc(sum(values))
    for index, count in hits.items():
        child._buckets[index].inc(count)


PENDING = Pending()


# Labelled children, looked up once per label values: `labels()` takes a lock and builds
# a key on every call, which the hot path need not pay. The values are few (route patterns,
# known methods, statuses, game names), so these caches stay small.
@functools.cache
def _moves(game: str) -> Any:
    return MOVES.labels(game=game)


@functools.cache
def _latency(rule: str, method: str) -> Any:
    return LATENCY.labels(endpoint=rule, method=method)


@functools.cache
def _requests(rule: str, method: str, status: int) -> Any:
    return REQUESTS.labels(endpoint=rule, method=method, status=str(status))


def record_moves(game: str, count: int) -> None:
    PENDING.inc(_moves(game), count)


def record_created(game: str) -> None:
    GAMES_CREATED.labels(game=game).inc()


def record_conflict(kind: str) -> None:
    PENDING.inc(_conflicts(kind))


@functools.cache
def _conflicts(kind: str) -> Any:
    return CONFLICTS.labels(kind=kind)


def metrics_response() -> Response:
    PENDING.flush()  # this process's last second (the other workers' comes within 1 s)
    if Settings.read("prometheus_multiproc_dir"):
        registry = CollectorRegistry()
        prometheus_multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        # Read at the scrape, not from the workers' files: every worker's own process_*
        # series (by pid) and the container's memory.
        registry.register(monitoring.ServerProcesses())
        registry.register(monitoring.CONTAINER_MEMORY)
        payload = generate_latest(registry)
    else:
        payload = generate_latest()
    # content_type, not mimetype: Flask would add a second "; charset=utf-8" to the latter.
    return Response(payload, content_type=CONTENT_TYPE_LATEST)


KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def _method_label() -> str:
    """The request's method, or "other": clients choose methods, label values must stay few."""
    return request.method if request.method in KNOWN_METHODS else "other"


def instrument(app: Flask) -> None:
    """Time every request and count it by its route pattern (bounded label values). The
    time runs from the request's arrival in the app's WSGI layers (`cardtable.started`, set
    by the request-id layer, `cardtable.logs`) to its answer."""

    @app.after_request
    def _observe(response: Response) -> Response:
        current = request._get_current_object()  # type: ignore[attr-defined]
        started = current.environ.get("cardtable.started")
        rule = current.url_rule.rule if current.url_rule is not None else "unmatched"
        method = current.method if current.method in KNOWN_METHODS else "other"
        if started is not None:
            PENDING.observe(_latency(rule, method), time.perf_counter() - started)
        PENDING.inc(_requests(rule, method, response.status_code))
        return response
