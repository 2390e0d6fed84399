"""Tracing (CARDTABLE_TRACING=on, docs/operations.md): a create and a move over the real app
and a real Redis give the request, Redis and engine spans, parented, with no secret in
them; off, building the app imports nothing of OpenTelemetry."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from cardtable import tracing
from cardtable.config import Settings
from tests.support.app_under_test import app_under_test


@pytest.fixture
def traced(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The app with tracing on, its spans kept in memory (nothing sent anywhere)."""
    monkeypatch.setenv("OTEL_TRACES_EXPORTER", "none")
    # An operator asking for every request header still records no secret one.
    monkeypatch.setenv("OTEL_INSTRUMENTATION_HTTP_CAPTURE_HEADERS_SERVER_REQUEST", ".*")
    monkeypatch.delenv("OTEL_INSTRUMENTATION_HTTP_CAPTURE_HEADERS_SANITIZE_FIELDS", raising=False)
    exporter = InMemorySpanExporter()
    with app_under_test(settings.with_overrides(tracing=True)) as app:
        tracing.provider().add_span_processor(SimpleSpanProcessor(exporter))
        try:
            yield app, exporter
        finally:
            tracing.stop(app)


def request_span(spans: list[ReadableSpan], method: str, route: str) -> ReadableSpan:
    (found,) = [
        s
        for s in spans
        if s.attributes and s.attributes.get("http.route") == route and s.name.startswith(method)
    ]
    return found


def descendants(spans: list[ReadableSpan], root: ReadableSpan) -> list[ReadableSpan]:
    by_parent: dict[int, list[ReadableSpan]] = {}
    for s in spans:
        if s.parent is not None:
            by_parent.setdefault(s.parent.span_id, []).append(s)
    found, todo = [], [root]
    while todo:
        for child in by_parent.get(todo.pop().context.span_id, []):
            found.append(child)
            todo.append(child)
    return found


def test_a_create_and_a_move_are_traced_without_secrets(traced: Any) -> None:
    app, exporter = traced
    client = app.test_client()
    created = client.post(
        "/games",
        json={"game": "skyjo", "players": [{"name": "A"}, {"name": "B"}], "seed": 7},
        headers={"Idempotency-Key": "create-key-0123456789"},
    )
    assert created.status_code == 201, created.get_json()
    game = created.get_json()
    token = game["players"][0]["token"]
    moved = client.post(
        f"/games/{game['id']}/moves",
        json={"move": {"type": "reveal", "row": 0, "col": 0}},
        headers={"Authorization": f"Bearer {token}", "Idempotency-Key": "move-key-0123456789"},
    )
    assert moved.status_code == 200, moved.get_json()

    spans = list(exporter.get_finished_spans())
    create = request_span(spans, "POST", "/games")
    move = request_span(spans, "POST", "/games/<string:game_id>/moves")
    for server in (create, move):
        assert server.kind.name == "SERVER" and server.parent is None
    assert move.attributes is not None
    assert (
        move.attributes.get("http.status_code", move.attributes.get("http.response.status_code"))
        == 200
    )

    under_move = descendants(spans, move)
    (engine,) = [s for s in under_move if s.name == "cardtable.engine.move"]
    assert engine.parent is not None and engine.parent.span_id == move.context.span_id
    assert engine.attributes == {"cardtable.game": "skyjo"}
    redis_spans = [s for s in under_move if s.kind.name == "CLIENT"]
    assert redis_spans, [s.name for s in under_move]
    assert all(s.attributes and s.attributes.get("db.system") == "redis" for s in redis_spans)
    assert any(s.kind.name == "CLIENT" for s in descendants(spans, create))
    # Every Redis span is under a request: none is left without its parent.
    assert all(s.parent is not None for s in spans if s.kind.name == "CLIENT")

    everything = json.dumps(
        [
            {
                **dict(s.attributes or {}),
                "name": s.name,
                "events": [dict(e.attributes or {}) for e in s.events],
            }
            for s in spans
        ],
        default=str,
    )
    secrets = [p["token"] for p in game["players"]] + [
        "create-key-0123456789",
        "move-key-0123456789",
    ]
    for secret in secrets:
        assert secret not in everything
    # The headers were captured (the operator asked), the secret ones masked.
    assert move.attributes.get("http.request.header.authorization") == ("[REDACTED]",)


def test_tracing_off_imports_no_opentelemetry(settings: Settings) -> None:
    """Off (the default), building the app imports no OpenTelemetry module of its own.

    redis-py (8 and later) imports OpenTelemetry's metrics SDK itself, when installed, for
    its own observability (idle unless an app initialises it): what `import redis` brought
    is set aside, and nothing of tracing may come after it."""
    script = (
        "import sys\n"
        "import redis\n"
        "before = {m for m in sys.modules if m.startswith('opentelemetry')}\n"
        "from cardtable.app import create_app\n"
        "from cardtable.config import Settings\n"
        f"app = create_app(Settings(redis_url={settings.redis_url!r}))\n"
        "app.test_client().get('/livez')\n"
        "after = {m for m in sys.modules if m.startswith('opentelemetry')}\n"
        "print(sorted(after - before))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTEL_", "CARDTABLE_TRAC"))}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_otel_sdk_disabled_wins_over_the_setting() -> None:
    on = Settings(tracing=True)
    assert tracing.wanted(on, {})
    assert not tracing.wanted(on, {"OTEL_SDK_DISABLED": "true"})
    assert not tracing.wanted(Settings(), {})
