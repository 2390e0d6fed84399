"""The push settings come through `Settings` under their documented names, are checked,
and reach the hub, the streams and gunicorn's connection allowance."""

from __future__ import annotations

import pytest

from cardtable.api.requests import wiring
from cardtable.app import create_app
from cardtable.config import GEVENT_MAX_STREAMS, Settings
from cardtable.live.hub import default_capacity
from tests.deploy.test_gunicorn_conf import load


def test_the_documented_variables_are_read() -> None:
    settings = Settings.from_env(
        {"CARDTABLE_MAX_STREAMS": "7", "CARDTABLE_SSE_HEARTBEAT_SECONDS": "0.5"}
    )
    assert (settings.max_streams, settings.sse_heartbeat_seconds) == (7, 0.5)
    defaults = Settings.from_env({})
    assert (defaults.max_streams, defaults.sse_heartbeat_seconds) == (None, 15.0)


@pytest.mark.parametrize(
    "env",
    [
        {"CARDTABLE_MAX_STREAMS": "0"},
        {"CARDTABLE_MAX_STREAMS": "-3"},
        {"CARDTABLE_MAX_STREAMS": "many"},
        {"CARDTABLE_SSE_HEARTBEAT_SECONDS": "0"},
        {"CARDTABLE_SSE_HEARTBEAT_SECONDS": "3600"},
    ],
)
def test_bad_values_are_refused_at_start(env: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        Settings.from_env(env)


def test_the_hub_takes_the_configured_cap(settings: Settings) -> None:
    app = create_app(settings.with_overrides(max_streams=9))
    with app.app_context():
        assert wiring().games.hub.capacity == 9
    assert default_capacity(5) == 5
    # Unset and without gevent (as here), the cap is half of gthread's threads.
    assert default_capacity(None) == 2


def test_gunicorn_leaves_connections_for_the_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDTABLE_WORKER_CONNECTIONS", raising=False)
    monkeypatch.delenv("CARDTABLE_MAX_STREAMS", raising=False)
    assert load(monkeypatch)["worker_connections"] == GEVENT_MAX_STREAMS + 1000
    assert load(monkeypatch, CARDTABLE_MAX_STREAMS="50")["worker_connections"] == 1050
    conf = load(monkeypatch, CARDTABLE_MAX_STREAMS="50", CARDTABLE_WORKER_CONNECTIONS="80")
    assert conf["worker_connections"] == 80


def test_an_idle_stream_sends_heartbeats_at_the_configured_interval(settings: Settings) -> None:
    client = create_app(settings.with_overrides(sse_heartbeat_seconds=0.05)).test_client()
    created = client.post("/games", json={"game": "skyjo", "players": [{"name": "A"}] * 2})
    stream = client.get(
        f"/games/{created.get_json()['id']}/events", headers={"Accept": "text/event-stream"}
    )
    chunks = iter(stream.response)
    assert next(chunks) == b"retry: 3000\n\n"
    assert next(chunks) == b": keep-alive\n\n"  # nothing happened: a heartbeat comes
    stream.close()
