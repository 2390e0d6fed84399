"""Build the redis-py client from the settings: one server, Sentinel, or a Cluster.

All three use redis-py's own support; TLS (`rediss://` + a CA file) and ACL users apply to
each. Timeouts are short on purpose: in a Redis brownout a request fails with 503 within
about one socket timeout instead of piling up, and the pool bounds the connections each
process opens (Redis `maxclients` must exceed max_connections * workers * pods).
"""

from __future__ import annotations

import logging
import select
import sys
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

import redis
from redis._parsers.hiredis import _HiredisParser
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry
from redis.sentinel import Sentinel

from cardtable.config import AUTO, Settings
from cardtable.store.switches import KnownReplicas, follow_switches

T = TypeVar("T")
log = logging.getLogger("cardtable.store")

RedisClient = Any
"""redis.Redis or redis.cluster.RedisCluster: the store uses only what both offer."""

_ONCE: ContextVar[bool] = ContextVar("cardtable_store_sending_once", default=False)


@contextmanager
def sending_once() -> Iterator[None]:
    """Inside the block, redis-py sends each command once: a broken connection raises
    instead of resending on a new one. A write's resend would otherwise be invisible: it
    could apply a script that already ran, and its error would hide that the first send
    reached Redis."""
    token = _ONCE.set(True)
    try:
        yield
    finally:
        _ONCE.reset(token)


class ReadRetry(Retry):
    """redis-py's retry, switched off inside `sending_once` (the connection is still closed
    after a failure, as redis-py's own failure handler does). A health check's PING, sent
    before the command, is retried as usual: the command has not left then."""

    def call_with_retry(
        self,
        do: Callable[[], T],
        fail: Callable[..., Any],
        is_retryable: Callable[[Exception], bool] | None = None,
        with_failure_count: bool = False,
    ) -> T:
        if not _ONCE.get() or getattr(do, "__name__", "") == "_send_ping":
            return super().call_with_retry(do, fail, is_retryable, with_failure_count)
        try:
            return do()
        except self._supported_errors as error:
            if with_failure_count:
                fail(error, self.get_retries() + 1)
            else:
                fail(error)
            raise


def _os_poll() -> Callable[[], Any]:
    """The operating system's `select.poll`, even after gevent replaced it with its own."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None:
        return monkey.get_original("select", "poll")  # type: ignore[no-any-return]
    return select.poll


class ReadinessParser(_HiredisParser):
    """redis-py's hiredis parser, whose check at every pool checkout ("has this idle
    connection anything to read?", which is how a connection Redis closed, or one left with
    an unread reply, is found and replaced) polls the socket with the OS's poll.

    redis-py calls `select.poll` there, which under gevent is gevent's own poll: a watcher
    per socket and a hub round, about 7 % of a move's instructions, to ask a question that
    a zero timeout answers without waiting. Anything other than "nothing to read now" (data,
    EOF, an error), and every check with a timeout, goes to redis-py's own code unchanged,
    so a dead connection is still told apart from a pending reply as it does."""

    _poll = staticmethod(_os_poll())

    def can_read(self, timeout: float = 0) -> bool:
        sock = self._sock
        if timeout != 0 or sock is None or self._reader is None or self._reader.has_data():
            return super().can_read(timeout)
        if hasattr(sock, "pending") and sock.pending():  # TLS bytes above the socket
            return True
        try:
            poller = self._poll()
            poller.register(sock, select.POLLIN)
            if not poller.poll(0):  # nothing to read, no EOF, no error: the usual checkout
                return False
        except (ValueError, OSError):  # a socket closed meanwhile: redis-py's own answer
            pass
        return super().can_read(0)


def _connection_options(settings: Settings) -> dict[str, Any]:
    options: dict[str, Any] = {
        "socket_timeout": settings.redis_timeout_seconds,
        "socket_connect_timeout": settings.redis_connect_timeout_seconds,
        "health_check_interval": 15,
        # One retry, on a broken connection only (a pooled connection Redis closed, a
        # failed-over master): never on a timeout, so a stalled Redis gives a quick 503.
        # Never for a write (see `sending_once`): the store resends those itself, with the
        # request id that lets the script recognise a write it already applied.
        "retry": ReadRetry(NoBackoff(), 1, supported_errors=(redis.exceptions.ConnectionError,)),
        "parser_class": ReadinessParser,
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
    sentinel = Sentinel(hosts, sentinel_kwargs=sentinel_options, **options)
    client: redis.Redis = sentinel.master_for(
        settings.redis_sentinel_service, max_connections=settings.redis_max_connections
    )
    replicas = None
    if settings.redis_wait_replicas == AUTO:
        replicas = KnownReplicas(sentinel, settings.redis_sentinel_service)
        replicas.refresh()  # before the first write; then kept up to date by the listener
        _KNOWN_REPLICAS[client] = replicas
    # A failover is learnt of at once, not when the old master is demoted (docs/consistency.md).
    follow_switches(sentinel, settings.redis_sentinel_service, client, replicas)
    return client


_KNOWN_REPLICAS: weakref.WeakKeyDictionary[Any, KnownReplicas] = weakref.WeakKeyDictionary()


def write_waits(settings: Settings, client: RedisClient) -> int | Callable[[], int]:
    """The replicas every write waits for (WAIT) through `client`: a number, or with
    CARDTABLE_REDIS_WAIT_REPLICAS=auto over Sentinel, the count Sentinel reports, followed
    (`KnownReplicas`). Logs the guarantee this gives, once per client."""
    known = _KNOWN_REPLICAS.get(client)
    if known is not None:
        if not known.known:
            log.warning(
                "no Sentinel answered yet: writes wait for no replica until one does "
                "(CARDTABLE_REDIS_WAIT_REPLICAS=auto)"
            )
        return known  # its own log lines say how many replicas, and when that changes
    wait = 0 if settings.redis_wait_replicas == AUTO else int(settings.redis_wait_replicas)
    if wait:
        log.info(
            "writes are acknowledged once %d replica(s) have them (CARDTABLE_REDIS_WAIT_REPLICAS)",
            wait,
        )
    elif settings.redis_sentinels:
        log.warning(
            "writes are acknowledged by the master alone and may be lost in a failover "
            "(CARDTABLE_REDIS_WAIT_REPLICAS=0; auto waits for every replica)"
        )
    else:
        log.info(
            "writes are acknowledged by the Redis master alone (no Sentinel: "
            "CARDTABLE_REDIS_WAIT_REPLICAS=auto waits for no replica; docs/consistency.md)"
        )
    return wait


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
