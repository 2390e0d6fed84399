"""The failover listener: a real Sentinel's `+switch-master` makes the process drop its
connections to the old master."""

from __future__ import annotations

from pathlib import Path

from cardtable.config import Settings
from cardtable.store import connect
from cardtable.store.switches import _names
from tests.support.failover_load import SERVICE, sentinel_topology
from tests.support.waiting import eventually


def test_only_the_services_own_switch_counts() -> None:
    switch = {"channel": b"+switch-master", "data": b"mymaster 127.0.0.1 1 127.0.0.1 2"}
    assert _names(switch, "mymaster")
    assert not _names({**switch, "data": b"other 127.0.0.1 1 127.0.0.1 2"}, "mymaster")
    # An instance's announcement names its master after "@" (a replica), or itself.
    replica = b"slave 127.0.0.1:7 127.0.0.1 7 @ mymaster 127.0.0.1 1"
    assert _names({"channel": b"+sdown", "data": replica}, "mymaster")
    assert not _names(
        {"channel": b"+sdown", "data": replica.replace(b"mymaster", b"x")}, "mymaster"
    )
    assert _names({"channel": b"+sdown", "data": b"master mymaster 127.0.0.1 1"}, "mymaster")


def test_a_switch_drops_the_connections_to_the_old_master(tmp_path: Path) -> None:
    with sentinel_topology(tmp_path) as topology:
        settings = Settings(redis_sentinels=tuple(topology.sentinels.split(",")))
        client = connect(settings.with_overrides(redis_sentinel_service=SERVICE))
        client.set("k", "v")
        pool = client.connection_pool
        (connection,) = pool._available_connections
        assert connection.port == topology.master.port
        topology.sentinel().execute_command("SENTINEL FAILOVER", SERVICE)
        eventually(lambda: connection._sock is None, "the old master's connection dropped")
        eventually(lambda: client.set("k", "w") and True, "a write to the new master")
        assert client.connection_pool._available_connections[0].port == topology.replica.port
