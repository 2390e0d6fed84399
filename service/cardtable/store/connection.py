"""Build the redis-py client (single server or Cluster) from the settings."""

from __future__ import annotations

from typing import Any

import redis
from redis.cluster import RedisCluster

from cardtable.config import Settings

RedisClient = Any
"""redis.Redis or redis.cluster.RedisCluster: the store uses only what both offer."""


def connect(settings: Settings) -> RedisClient:
    if not settings.redis_url:
        raise ValueError("no Redis URL configured")
    options: dict[str, Any] = {
        "socket_timeout": settings.redis_timeout_seconds,
        "socket_connect_timeout": settings.redis_timeout_seconds,
        "health_check_interval": 15,
    }
    if settings.redis_password:
        options["password"] = settings.redis_password
    if settings.redis_cluster:
        return RedisCluster.from_url(settings.redis_url, **options)
    return redis.Redis.from_url(settings.redis_url, retry_on_timeout=False, **options)
