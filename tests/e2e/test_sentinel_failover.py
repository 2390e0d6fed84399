"""A forced Sentinel failover in the middle of play, against a real gunicorn and real Redis
servers (1 master, 1 replica, 3 sentinels), with the settings docs/consistency.md gives for
it (CARDTABLE_REDIS_WAIT_REPLICAS=1): no acknowledged move or seat is lost."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import redis

from tests.e2e.gunicorn import Gunicorn
from tests.support.failover_load import (
    SERVICE,
    Acknowledged,
    eventually,
    longest_gap,
    lost_writes,
    play,
    sentinel_topology,
)

CLIENTS = 6


def test_a_failover_under_load_loses_no_acknowledged_write(tmp_path: Path) -> None:
    with sentinel_topology(tmp_path) as topology:
        env = {
            "CARDTABLE_REDIS_SENTINELS": topology.sentinels,
            "CARDTABLE_REDIS_SENTINEL_SERVICE": SERVICE,
            "CARDTABLE_KEY_PREFIX": "failover",
            "CARDTABLE_REDIS_WAIT_REPLICAS": "1",
        }
        with Gunicorn(env=env, workers=2, ready_path="/readyz") as server:
            acked, stop = Acknowledged(), threading.Event()
            clients = [
                threading.Thread(target=play, args=(server.url, stop, seed, acked))
                for seed in range(CLIENTS)
            ]
            for client in clients:
                client.start()
            eventually(lambda: len(acked.moves) >= 100, "play under way")
            before = len(acked.moves)
            failed_over_at = time.monotonic()
            topology.sentinel().execute_command("SENTINEL FAILOVER", SERVICE)
            eventually(lambda: topology.master_port() == topology.replica.port, "the failover")
            old = redis.Redis(port=topology.master.port)
            eventually(lambda: old.info("replication")["role"] == "slave", "the demotion")
            after = len(acked.moves)
            eventually(lambda: len(acked.moves) >= after + 100, "play on the new master")
            stop.set()
            for client in clients:
                client.join(timeout=120)
        lost = lost_writes(topology.replica.port, "failover", acked)
        assert not acked.errors, acked.errors[:5]
        assert before >= 100 and len(acked.moves) >= after + 100
        assert (lost.moves, lost.joins) == (0, 0), (lost, len(acked.moves))
        assert longest_gap(acked, failed_over_at) < 60
