"""The pool's checkout check (`ReadinessParser`) against a real redis-server: it polls with
the OS's poll, and still finds a connection Redis closed (a restart, a failover, a kill)
before a write is sent on it, so a write sent once is not lost to a stale connection."""

from __future__ import annotations

import select
import time
from typing import Any

import pytest
import redis

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable.store.connection import ReadinessParser, connect, sending_once


def _client(server: RedisServer) -> Any:
    return connect(Settings(redis_url=server.url))


def _kill_others(server: RedisServer) -> None:
    """Close every client connection but the killer's, as a Redis restart would."""
    killer = redis.Redis.from_url(server.url)
    killer.client_kill_filter(skipme=True, _type="normal")
    killer.close()


def test_the_store_client_checks_readiness_with_the_os_poll(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = _client(redis_server)
    assert client.connection_pool.connection_kwargs["parser_class"] is ReadinessParser
    client.ping()

    def replaced_poll() -> Any:  # what gevent's patching would have put there
        raise AssertionError("the checkout used select.poll as patched, not the OS's")

    monkeypatch.setattr(select, "poll", replaced_poll)
    for _ in range(3):  # each command checks a pooled, idle connection out
        assert client.ping() is True


def test_a_connection_redis_closed_is_replaced_before_a_write_is_sent(
    redis_server: RedisServer,
) -> None:
    client = _client(redis_server)
    client.set("readiness:key", "0")
    pooled = client.connection_pool.get_connection()
    client.connection_pool.release(pooled)
    _kill_others(redis_server)
    # Sent once: no retry would hide a write lost on the dead socket. The checkout must
    # see the EOF and reconnect before sending.
    with sending_once():
        assert client.set("readiness:key", "1") is True
    assert client.get("readiness:key") == b"1"


def test_an_unread_reply_is_still_found_at_checkout(redis_server: RedisServer) -> None:
    """A connection given back with a reply unread is not reused as it is (redis-py then
    reconnects): the reply would answer the next command."""
    client = _client(redis_server)
    pool = client.connection_pool
    connection = pool.get_connection()
    connection.send_command("PING")
    deadline = time.monotonic() + 5
    while not connection.can_read(0) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert connection.can_read(0) is True  # the PONG waits, found by the OS poll
    pool.release(connection)
    assert client.echo("mine") == b"mine"  # not the stale PONG


def test_an_idle_open_connection_reads_as_nothing_to_read(redis_server: RedisServer) -> None:
    client = _client(redis_server)
    connection = client.connection_pool.get_connection()
    try:
        assert connection.can_read(0) is False
        _kill_others(redis_server)
        with pytest.raises(redis.ConnectionError):
            for _ in range(100):  # the EOF may take a moment to arrive
                connection.can_read(0)
                time.sleep(0.01)
    finally:
        client.connection_pool.release(connection)


def test_a_connection_whose_socket_was_closed_here_is_refused_as_redis_py_refuses_it(
    redis_server: RedisServer,
) -> None:
    client = _client(redis_server)
    connection = client.connection_pool.get_connection()
    try:
        connection._sock.close()  # as a concurrent disconnect leaves it: file descriptor -1
        with pytest.raises(redis.ConnectionError):
            connection.can_read(0)
    finally:
        client.connection_pool.release(connection)
