"""Expiry of idle and finished games, and Redis going away and coming back."""

from __future__ import annotations

import time

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.api.conftest import Api


def test_idle_games_expire_and_moves_refresh_the_ttl(redis_server: RedisServer) -> None:
    settings = Settings(
        redis_url=redis_server.url, key_prefix="expiry", game_ttl_seconds=4, finished_ttl_seconds=60
    )
    app = create_app(settings)
    api = Api(app.test_client())
    store = app.extensions["cardtable"].games.store
    key = store.key_for
    created = api.create("skyjo", 2)
    assert 3000 < store.redis.pttl(key(created["id"])) <= 4000
    time.sleep(2.5)
    left_before_move = store.redis.pttl(key(created["id"]))
    assert left_before_move <= 1500
    token = created["players"][0]["token"]
    assert api.move(created["id"], token, {"type": "reveal", "row": 0, "col": 0}).status_code == 200
    # Refreshed by the move: back near the full idle time (a margin for a slow machine).
    assert store.redis.pttl(key(created["id"])) > left_before_move + 1000
    time.sleep(4.3)
    gone = api.client.get(f"/games/{created['id']}")
    assert (gone.status_code, gone.get_json()["code"]) == (404, "not_found")


def test_finished_games_keep_the_finished_ttl(redis_server: RedisServer) -> None:
    settings = Settings(
        redis_url=redis_server.url,
        key_prefix="finished",
        game_ttl_seconds=600,
        finished_ttl_seconds=30,
        # The creation plays the bots' whole short game (under 200 moves) whatever the
        # machine's load: the slice's 20 ms default is a wall-clock bound.
        bot_budget_seconds=10.0,
    )
    app = create_app(settings)
    api = Api(app.test_client())
    created = api.create(
        "skipbo",
        [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "greedy"}],
        options={"stock_size": 3},
    )
    assert created["finished"]
    assert 25 <= app.extensions["cardtable"].games.store.ttl(created["id"]) <= 30


def test_redis_down_gives_503_then_the_service_recovers() -> None:
    server = RedisServer().start()
    try:
        app = create_app(
            Settings(redis_url=server.url, key_prefix="outage", redis_timeout_seconds=0.5)
        )
        api = Api(app.test_client())
        assert api.client.get("/readyz").status_code == 200
        created = api.create("skyjo", 2)
        port = server.port
        server.stop()
        for request in (
            lambda: api.client.get(f"/games/{created['id']}"),
            lambda: api.client.post(
                "/games", json={"game": "skyjo", "players": [{"name": "a"}, {"name": "b"}]}
            ),
        ):
            response = request()
            assert response.status_code == 503
            assert response.headers["Retry-After"]
        # Redis was reached once: the pod stays ready, the outage shows in the body.
        ready = api.client.get("/readyz")
        assert ready.status_code == 200
        assert ready.get_json()["status"] == "degraded"
        assert api.client.get("/livez").status_code == 200
        server = RedisServer(port=port).start()  # a fresh, empty Redis on the same address
        assert api.client.get("/readyz").status_code == 200
        assert api.client.get(f"/games/{created['id']}").status_code == 404
        assert api.create("skyjo", 2)["version"] == 0
    finally:
        server.stop()
