"""CARDTABLE_REDIS_WAIT_REPLICAS=auto (the default) over real Sentinels: a write waits for
every replica Sentinel reports up, and the count follows the replicas as they come, stall
and go (store/switches.py). 0 stays an explicit choice."""

from __future__ import annotations

import logging
import os
import signal
from pathlib import Path

import pytest
import redis

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable.store import DocumentStore
from cardtable.store.connection import connect, write_waits
from cardtable.store.errors import StoreRefused
from cardtable.store.switches import KnownReplicas
from tests.support.failover_load import SERVICE, sentinel_topology
from tests.support.waiting import eventually


def _settings(sentinels: str, **changes: object) -> Settings:
    env = {"CARDTABLE_REDIS_SENTINELS": sentinels, "CARDTABLE_REDIS_SENTINEL_SERVICE": SERVICE}
    return Settings.from_env(env).with_overrides(key_prefix="auto", **changes)


def test_auto_is_the_default_and_follows_the_replicas_sentinel_reports(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with sentinel_topology(tmp_path, replicas=1) as topology:
        settings = _settings(topology.sentinels)
        assert settings.redis_wait_replicas == "auto"
        with caplog.at_level(logging.INFO, logger="cardtable.store"):
            client = connect(settings)
            waits = write_waits(settings, client)
        assert isinstance(waits, KnownReplicas) and waits() == 1
        # The start says which guarantee is on.
        assert "writes are acknowledged once all 1 replica(s) Sentinel reports up" in caplog.text
        store = DocumentStore(client, "game", prefix="auto", wait_replicas=waits)
        store.create("one", 1, {"n": 1})
        assert redis.Redis(port=topology.replica.port).exists(store.key_for("one"))

        # A second replica: Sentinel discovers it (from the master's INFO), the count follows.
        with RedisServer(
            extra_args=["--replicaof", "127.0.0.1", str(topology.master.port)]
        ) as extra:
            eventually(lambda: waits() == 2, "the second replica counted", timeout=90)
            store.create("two", 1, {"n": 2})
            for port in (topology.replica.port, extra.port):
                assert redis.Redis(port=port).exists(store.key_for("two"))

            # A stalled replica is waited for while Sentinel reports it up: no write is
            # acknowledged that only one of the two has (a count read before the stall, kept
            # as it is: Sentinel may call the replica down at any moment after it).
            before_stall = KnownReplicas(waits.sentinel, SERVICE)
            assert before_stall.refresh() == 2
            stalled = DocumentStore(
                client, "game", prefix="auto", wait_replicas=before_stall, write_resends=0
            )
            assert extra.process is not None
            os.kill(extra.process.pid, signal.SIGSTOP)
            try:
                with pytest.raises(StoreRefused) as refused:
                    stalled.create("three", 1, {"n": 3})
                assert refused.value.code == "outcome_unknown"
                # Down (s_down after 1 s): no longer waited for; writes go on.
                eventually(lambda: waits() == 1, "the stalled replica left out")
                store.create("four", 1, {"n": 4})
                assert redis.Redis(port=topology.replica.port).exists(store.key_for("four"))
            finally:
                os.kill(extra.process.pid, signal.SIGCONT)
            # Back: waited for again.
            eventually(lambda: waits() == 2, "the replica back")
        client.close()


def test_zero_stays_an_explicit_choice(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with sentinel_topology(tmp_path, replicas=1) as topology:
        settings = _settings(topology.sentinels, redis_wait_replicas=0)
        client = connect(settings)
        with caplog.at_level(logging.INFO, logger="cardtable.store"):
            assert write_waits(settings, client) == 0
        assert "may be lost in a failover" in caplog.text
        client.close()


def test_without_sentinel_auto_waits_for_nothing(redis_server: RedisServer) -> None:
    settings = Settings(redis_url=redis_server.url)
    assert settings.redis_wait_replicas == "auto"
    client = connect(settings)
    assert write_waits(settings, client) == 0
    client.close()


@pytest.mark.parametrize("value", ["auto", "AUTO", "0", "2"])
def test_the_setting_reads_auto_or_a_number(value: str) -> None:
    settings = Settings.from_env({"CARDTABLE_REDIS_WAIT_REPLICAS": value})
    assert settings.redis_wait_replicas == (int(value) if value.isdigit() else "auto")


@pytest.mark.parametrize("value", ["-1", "all", "1.5"])
def test_a_bad_value_is_refused(value: str) -> None:
    with pytest.raises(ValueError, match=r"CARDTABLE_REDIS_WAIT_REPLICAS|redis_wait_replicas"):
        Settings.from_env({"CARDTABLE_REDIS_WAIT_REPLICAS": value})
