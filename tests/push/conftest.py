"""Push fixtures: the app over a real Redis or Redis Cluster, gunicorn servers with the
gevent worker, and a small Server-Sent Events reader."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.api.conftest import api, app, client  # noqa: F401  (over this directory's settings)
from tests.support.live_server import LiveServer

PUSH_CONF = str(Path(__file__).with_name("gunicorn_push.py"))
_prefixes = itertools.count()


@pytest.fixture(params=["redis", "cluster"])
def settings(request: pytest.FixtureRequest) -> Settings:
    prefix = f"push{next(_prefixes)}"
    if request.param == "cluster":
        cluster = request.getfixturevalue("redis_cluster")
        return Settings(redis_url=cluster.url, redis_cluster=True, key_prefix=prefix)
    server: RedisServer = request.getfixturevalue("redis_server")
    return Settings(redis_url=server.url, key_prefix=prefix)


@pytest.fixture
def push_servers(request: pytest.FixtureRequest) -> Iterator[Callable[..., LiveServer]]:
    """Start gevent gunicorn servers on the session's Redis (or on the cluster with
    `cluster=True`); every one started is stopped at the end of the test."""
    started: list[LiveServer] = []

    def start(cluster: bool = False, workers: int = 2, **env: str) -> LiveServer:
        extra = {"CARDTABLE_KEY_PREFIX": f"push{next(_prefixes)}", **env}
        if cluster:
            url = request.getfixturevalue("redis_cluster").url
            extra["CARDTABLE_REDIS_CLUSTER"] = "true"
        else:
            url = request.getfixturevalue("redis_server").url
        server = LiveServer(redis_url=url, workers=workers, config=PUSH_CONF, extra_env=extra)
        started.append(server.start())
        return server

    yield start
    for server in started:
        server.stop()


def create_game(url: str, game: str = "skyjo", players: int = 2, **body: Any) -> dict[str, Any]:
    response = httpx.post(
        f"{url}/games",
        json={"game": game, "players": [{"name": f"P{i}"} for i in range(players)], **body},
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def first_legal_move(url: str, game_id: str, token: str) -> dict[str, Any]:
    legal = httpx.get(
        f"{url}/games/{game_id}/legal-moves", headers={"Authorization": f"Bearer {token}"}
    ).json()
    move: dict[str, Any] = legal["moves"][0]
    return move


def move(url: str, game_id: str, token: str, chosen: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(
        f"{url}/games/{game_id}/moves",
        json={"move": chosen},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def sse_messages(response: httpx.Response) -> Iterator[dict[str, Any]]:
    """Parse a text/event-stream into messages: {"id", "data" (parsed), "retry", "comment"}."""
    message: dict[str, Any] = {}
    for line in response.iter_lines():
        if line == "":
            if message:
                yield message
            message = {}
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "":
            message["comment"] = value
        elif name == "data":
            message["data"] = json.loads(value)
        else:
            message[name] = value
