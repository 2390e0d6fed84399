"""A forced Sentinel failover in the middle of play, against a real gunicorn and real Redis
servers (1 master, 1 replica, 3 sentinels), with the settings docs/consistency.md gives for
it (CARDTABLE_REDIS_WAIT_REPLICAS=1): no acknowledged move or seat is lost (without them,
about 2 % of the acknowledged moves are: bench/failover.py)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.gunicorn import Gunicorn
from tests.support.failover_load import (
    SERVICE,
    failover_under_load,
    lost_writes,
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
            run = failover_under_load(topology, server.url, CLIENTS, 0, moves_after=100)
        lost = lost_writes(topology.replica.port, "failover", run.acked)
        assert not run.acked.errors, run.acked.errors[:5]
        assert run.before >= 100 and len(run.acked.moves) >= run.after + 100
        assert (lost.moves, lost.joins) == (0, 0), (lost, len(run.acked.moves))
