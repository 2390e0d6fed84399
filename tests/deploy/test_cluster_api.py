"""The service works unchanged against a Redis Cluster: full games of both kinds, played
over HTTP with CARDTABLE_REDIS_CLUSTER=true, leave every game in one hash slot."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from redis.cluster import RedisCluster

from cardtable.config import Settings
from tests.api.conftest import Api
from tests.support.app_under_test import app_under_test
from tests.support.limits import RAISED_LIMITS_ENV


@pytest.fixture(scope="session")
def cluster_app(redis_cluster: Any) -> Iterator[Flask]:
    settings = Settings.from_env(
        {
            "CARDTABLE_REDIS_URL": redis_cluster.url,
            "CARDTABLE_REDIS_CLUSTER": "true",
            "CARDTABLE_KEY_PREFIX": "clustered",
            **RAISED_LIMITS_ENV,
        }
    )
    with app_under_test(settings) as app:
        yield app


@pytest.fixture
def cluster_api(cluster_app: Flask) -> Api:
    client: FlaskClient = cluster_app.test_client()
    return Api(client)


@pytest.fixture
def raw_cluster(redis_cluster: Any) -> Iterator[Any]:
    with RedisCluster.from_url(redis_cluster.url, decode_responses=True) as client:
        yield client


def test_ready_against_the_cluster(cluster_api: Api) -> None:
    response = cluster_api.client.get("/readyz")
    assert response.status_code == 200, response.get_json()


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("skyjo", [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]),
        ("skipbo", [{"name": "Ann"}, {"name": "Bea"}, {"name": "Bot", "bot": "random"}]),
    ],
)
def test_full_game_over_a_cluster(
    cluster_api: Api, raw_cluster: Any, redis_cluster: Any, game: str, players: list[Any]
) -> None:
    created = cluster_api.create(game, players, seed=7)
    moves = cluster_api.play_to_end(created, random.Random(7))
    assert moves > 0
    game_id = created["id"]
    view = cluster_api.view(game_id)
    assert view["finished"] is True
    score = cluster_api.client.get(f"/games/{game_id}/score").get_json()
    assert score["finished"] is True
    assert set(score["winners"]) <= set(range(len(players)))
    record = cluster_api.client.get(f"/games/{game_id}/record")
    assert record.status_code == 200, record.get_json()
    # Everything stored for this game sits in one slot (one hash tag), so its Lua
    # compare-and-set can run on one node.
    keys = [key for key in raw_cluster.scan_iter(match=f"clustered:*{game_id}*")]
    assert keys
    assert len({raw_cluster.keyslot(key) for key in keys}) == 1


def test_games_spread_over_every_master(
    cluster_api: Api, raw_cluster: Any, redis_cluster: Any
) -> None:
    owners = set()
    for _ in range(30):
        created = cluster_api.create("skyjo", 2)
        (key,) = list(raw_cluster.scan_iter(match=f"clustered:*{created['id']}*"))
        owners.add(raw_cluster.get_node_from_key(key).port)
        assert cluster_api.view(created["id"])["version"] == created["version"]
    assert owners == set(redis_cluster.ports)


def test_concurrent_moves_conflict_on_a_cluster(cluster_api: Api) -> None:
    created = cluster_api.create("skyjo", 2, seed=3)
    game_id = created["id"]
    token = created["players"][0]["token"]
    legal = cluster_api.legal(game_id, token)
    stale = str(legal["version"])
    first = cluster_api.move(game_id, token, legal["moves"][0], **{"If-Match": f'"{stale}"'})
    assert first.status_code == 200, first.get_json()
    again = cluster_api.legal(game_id, token)["moves"][0]
    second = cluster_api.move(game_id, token, again, **{"If-Match": f'"{stale}"'})
    assert second.status_code == 412, second.get_json()
