"""Build the redis-py client from the settings: one server, Sentinel, or a Cluster.

All three use redis-py's own support; TLS (`rediss://` + a CA file) and ACL users apply to
each. Timeouts are short on purpose: in a Redis brownout a request fails with 503 within
about one socket timeout instead of piling up, and the pool bounds the connections each
process opens (Redis `maxclients` must exceed max_connections * workers * pods).
"""

from __future__ import annotations

from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry
from redis.sentinel import Sentinel

from cardtable.config import Settings

RedisClient = Any
"""redis.Redis or redis.cluster.RedisCluster: the store uses only what both offer."""


def _connection_options(settings: Settings) -> dict[str, Any]:
    options: dict[str, Any] = {
        "socket_timeout": settings.redis_timeout_seconds,
        "socket_connect_timeout": settings.redis_connect_timeout_seconds,
        "health_check_interval": 15,
        # One retry, on a broken connection only (a pooled connection Redis closed, a
        # failed-over master): never on a timeout, so a stalled Redis gives a quick 503.
        "retry": Retry(NoBackoff(), 1, supported_errors=(redis.exceptions.ConnectionError,)),
    }
    if settings.redis_username:
        options["username"] = settings.redis_username
    if settings.redis_password:
        options["password"] = settings.redis_password
    if settings.redis_ca_file:
        options["ssl_ca_certs"] = settings.redis_ca_file
    return options


def _sentinel(settings: Settings, options: dict[str, Any]) -> redis.Redis:
    hosts = []
    for entry in settings.redis_sentinels:
        host, _, port = entry.rpartition(":")
        hosts.append((host or entry, int(port) if host else 26379))
    sentinel_options: dict[str, Any] = {
        "socket_timeout": settings.redis_timeout_seconds,
        "socket_connect_timeout": settings.redis_connect_timeout_seconds,
    }
    if settings.redis_sentinel_password:
        sentinel_options["password"] = settings.redis_sentinel_password
    if settings.redis_ca_file:
        # Sentinels behind TLS like the data nodes (one CA for both).
        options = {**options, "ssl": True}
        sentinel_options.update(ssl=True, ssl_ca_certs=settings.redis_ca_file)
    sentinel = Sentinel(hosts, sentinel_kwargs=sentinel_options, **options)  # type: ignore[no-untyped-call]
    client: redis.Redis = sentinel.master_for(  # type: ignore[no-untyped-call]
        settings.redis_sentinel_service, max_connections=settings.redis_max_connections
    )
    return client


def connect(settings: Settings) -> RedisClient:
    options = _connection_options(settings)
    if settings.redis_sentinels:
        return _sentinel(settings, options)
    if not settings.redis_url:
        raise ValueError("no Redis URL configured")
    if settings.redis_cluster:
        return RedisCluster.from_url(
            settings.redis_url, max_connections=settings.redis_max_connections, **options
        )
    # Blocking: past max_connections a request waits (up to the socket timeout) for a free
    # connection rather than opening more than Redis' maxclients was sized for.
    pool = redis.BlockingConnectionPool.from_url(
        settings.redis_url,
        max_connections=settings.redis_max_connections,
        timeout=settings.redis_timeout_seconds,
        **options,
    )
    return redis.Redis(connection_pool=pool)
