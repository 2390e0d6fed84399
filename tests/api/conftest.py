"""API fixtures: the real app over a real Redis (one key prefix per test), its test client,
and helpers that drive games through HTTP."""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from redis.cluster import RedisCluster

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.support.app_under_test import app_under_test
from tests.support.limits import RAISED_LIMITS
from tests.support.threads import run_at_once

_prefixes = itertools.count()


# API test modules whose every test also runs against a 3-master Redis Cluster: the
# service must work unchanged there (CARDTABLE_REDIS_CLUSTER=true).
CLUSTER_MODULES = {
    "test_play_and_errors",
    "test_create_and_discover",
    "test_concurrency",
    "test_live_tables",
    "test_rated_duplicate",
    "test_rated_players",
    "test_rated_queue",
    "test_rated_ratings",
    "test_rated_sweep",
    "test_rated_teams",
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "redis_backend" in metafunc.fixturenames:
        module = metafunc.module.__name__.rsplit(".", 1)[-1]
        backends = ["redis", "cluster"] if module in CLUSTER_MODULES else ["redis"]
        metafunc.parametrize("redis_backend", backends, indirect=True)


@pytest.fixture
def redis_backend(request: pytest.FixtureRequest) -> str:
    backend: str = request.param
    return backend


@pytest.fixture
def settings(request: pytest.FixtureRequest, redis_backend: str) -> Settings:
    prefix = f"t{next(_prefixes)}"
    if redis_backend == "cluster":
        cluster = request.getfixturevalue("redis_cluster")
        return Settings(
            redis_url=cluster.url, redis_cluster=True, key_prefix=prefix, **RAISED_LIMITS
        )
    server: RedisServer = request.getfixturevalue("redis_server")
    return Settings(redis_url=server.url, key_prefix=prefix, **RAISED_LIMITS)


@pytest.fixture
def raw_redis(settings: Settings) -> Iterator[Any]:
    """A plain client of the same Redis (or cluster) the app uses."""
    client: Any
    if settings.redis_cluster:
        client = RedisCluster.from_url(settings.redis_url)
    else:
        client = redis.Redis.from_url(settings.redis_url)
    yield client
    client.close()


@pytest.fixture
def app(settings: Settings) -> Iterator[Flask]:
    with app_under_test(settings) as app:
        yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Api:
    """Small helpers over the test client, so tests read as what a frontend does."""

    def __init__(self, client: FlaskClient):
        self.client = client

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    def create(
        self, game: str, players: int | list[dict[str, Any]] = 2, **body: Any
    ) -> dict[str, Any]:
        if isinstance(players, int):
            players = [{"name": f"P{i}"} for i in range(players)]
        response = self.client.post("/games", json={"game": game, "players": players, **body})
        assert response.status_code == 201, response.get_json()
        created: dict[str, Any] = response.get_json()
        # Every 201 names where the new resource lives.
        assert response.headers["Location"] == f"/games/{created['id']}"
        return created

    def view(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        response = self.client.get(f"/games/{game_id}", headers=self.auth(token))
        assert response.status_code == 200, response.get_json()
        view: dict[str, Any] = response.get_json()
        return view

    def legal(self, game_id: str, token: str) -> dict[str, Any]:
        response = self.client.get(f"/games/{game_id}/legal-moves", headers=self.auth(token))
        assert response.status_code == 200, response.get_json()
        legal: dict[str, Any] = response.get_json()
        return legal

    def move(self, game_id: str, token: str | None, move: dict[str, Any], **headers: str) -> Any:
        return self.client.post(
            f"/games/{game_id}/moves",
            json={"move": move},
            headers={**self.auth(token), **headers},
        )

    def play_to_end(
        self, created: dict[str, Any], rng: random.Random, max_moves: int = 20000
    ) -> int:
        """Play random legal moves for every human seat until the game is over."""
        game_id = created["id"]
        tokens = {p["seat"]: p["token"] for p in created["players"] if not p.get("bot")}
        moves = 0
        while moves < max_moves:
            spectator = self.view(game_id)
            if spectator["finished"]:
                return moves
            acting = [s for s in spectator["active_seats"] if s in tokens]
            assert acting, f"no human may act but the game is not over: {spectator}"
            seat = rng.choice(acting)
            legal = self.legal(game_id, tokens[seat])["moves"]
            assert legal, f"seat {seat} is active but has no legal move"
            response = self.move(game_id, tokens[seat], rng.choice(legal))
            assert response.status_code == 200, response.get_json()
            moves += 1
        raise AssertionError("game did not end")


def race_two_reveals(api: Api, created: dict[str, Any], **headers: str) -> dict[int, Any]:
    """Seats 0 and 1 each post a setup reveal, and each request is held after loading the
    game until the other has loaded it too: both read the same version before either
    writes. Returns each seat's answer."""
    service = api.client.application.extensions["cardtable"].games
    both_loaded = threading.Barrier(2, timeout=10)
    real_load = service.load

    def load_then_wait(requested: str, **options: Any) -> Any:
        game = real_load(requested, **options)
        both_loaded.wait()
        return game

    service.load = load_then_wait
    answers: dict[int, Any] = {}

    def reveal(seat: int) -> None:
        answers[seat] = api.client.application.test_client().post(
            f"/games/{created['id']}/moves",
            json={"move": {"type": "reveal", "row": 0, "col": seat}},
            headers={**Api.auth(created["players"][seat]["token"]), **headers},
        )

    run_at_once(partial(reveal, seat) for seat in (0, 1))
    service.load = real_load
    return answers


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)
