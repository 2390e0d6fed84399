"""Readiness: a gate on reaching Redis once and on stopping, not a mirror of Redis's health
(a shared Redis outage must not take every pod out; see cardtable.api.ops_routes)."""

from __future__ import annotations

import threading

import pytest

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server import lifecycle
from cardtable.server.redis_server import RedisServer, free_port


def test_a_pod_that_never_reached_redis_is_not_ready() -> None:
    # Nothing listens there: a wrong URL, password or CA looks the same from here.
    settings = Settings(
        redis_url=f"redis://127.0.0.1:{free_port()}/0",
        redis_timeout_seconds=0.2,
        redis_connect_timeout_seconds=0.2,
    )
    client = create_app(settings).test_client()
    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.get_json()["status"] == "unavailable"
    assert ready.get_json()["checks"]["redis"]
    assert ready.headers["Retry-After"]
    assert client.get("/livez").status_code == 200


def test_a_ready_pod_stays_ready_through_an_outage_and_says_so() -> None:
    server = RedisServer().start()
    try:
        client = create_app(Settings(redis_url=server.url, redis_timeout_seconds=0.3)).test_client()
        assert client.get("/readyz").get_json() == {"status": "ok", "checks": {"redis": "ok"}}
        port = server.port
        server.stop()
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert ready.get_json()["status"] == "degraded"
        assert ready.get_json()["checks"]["redis"] != "ok"
        # The clients get the app's own answer, not a proxy's.
        refused = client.post("/games", json={"game": "skyjo", "players": [{"name": "a"}] * 2})
        assert refused.status_code == 503 and refused.headers["Retry-After"]
        assert refused.get_json()["code"].startswith("store_")
        server = RedisServer(port=port).start()
        assert client.get("/readyz").get_json()["status"] == "ok"
    finally:
        server.stop()


def test_a_stopping_pod_is_not_ready(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = create_app(Settings(redis_url=redis_server.url)).test_client()
    assert client.get("/readyz").status_code == 200
    monkeypatch.setattr(lifecycle, "_SHUTTING_DOWN", threading.Event())
    lifecycle.begin_shutdown()
    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.get_json() == {"status": "draining", "checks": {}}
