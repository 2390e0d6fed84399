"""Prometheus metrics, correct under several gunicorn workers.

With PROMETHEUS_MULTIPROC_DIR set (as `cardtable serve` and the container do), every worker
writes its samples to files there and /metrics aggregates them; without it (tests, a single
process) the default in-process registry is used.
"""

from __future__ import annotations

import functools
import time
from typing import Any

from flask import Flask, Response, g, request
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
    _moves(game).inc(count)


def record_created(game: str) -> None:
    GAMES_CREATED.labels(game=game).inc()


def record_conflict(kind: str) -> None:
    CONFLICTS.labels(kind=kind).inc()


def metrics_response() -> Response:
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
    """Time every request and count it by its route pattern (bounded label values)."""

    @app.before_request
    def _start_timer() -> None:
        g.request_started = time.perf_counter()

    @app.after_request
    def _observe(response: Response) -> Response:
        started = g.pop("request_started", None)
        rule = request.url_rule.rule if request.url_rule is not None else "unmatched"
        method = _method_label()
        if started is not None:
            _latency(rule, method).observe(time.perf_counter() - started)
        _requests(rule, method, response.status_code).inc()
        return response
