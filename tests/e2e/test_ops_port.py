"""/metrics and the docs on their own port, with a real gunicorn listening on both."""

from __future__ import annotations

import httpx

from cardtable.server.redis_server import RedisServer, free_port
from tests.e2e.gunicorn import Gunicorn


def test_metrics_and_docs_only_on_the_ops_port(redis_server: RedisServer) -> None:
    ops = free_port()
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_OPS_PORT": str(ops)}
    with Gunicorn(env=env) as server:
        public, private = server.url, f"http://127.0.0.1:{ops}"
        players = [{"name": "a"}, {"name": "b", "bot": "greedy"}]
        assert httpx.post(f"{public}/games", json={"game": "skyjo", "players": players}).is_success
        for path in ("/metrics", "/docs", "/openapi.json"):
            refused = httpx.get(public + path)
            assert refused.status_code == 404 and refused.json()["code"] == "not_found"
            # The Host header cannot open it: the port is the connection's own.
            spoofed = httpx.get(public + path, headers={"Host": f"127.0.0.1:{ops}"})
            assert spoofed.status_code == 404
            assert httpx.get(private + path).status_code == 200
        metrics = httpx.get(private + "/metrics")
        assert metrics.headers["Content-Type"] == "text/plain; version=1.0.0; charset=utf-8"
        assert "cardtable_games_created_total" in metrics.text
        assert httpx.get(private + "/games/x").status_code == 404
        for base in (public, private):
            assert httpx.get(base + "/livez").status_code == 200
            assert httpx.get(base + "/readyz").status_code == 200
