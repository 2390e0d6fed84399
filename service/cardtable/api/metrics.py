"""Prometheus metrics, correct under several gunicorn workers.

With PROMETHEUS_MULTIPROC_DIR set (as `cardtable serve` and the container do), every worker
writes its samples to files there and /metrics aggregates them; without it (tests, a single
process) the default in-process registry is used.

The hot path does not write the samples itself: each request's, move's and conflict's are
queued in the process and written once a second (`cardtable.server.pending_metrics`).
"""

from __future__ import annotations

import functools
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
from cardtable.server.pending_metrics import PENDING, Pending  # noqa: F401 (re-exported)

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
