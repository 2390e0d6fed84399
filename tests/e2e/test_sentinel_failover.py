"""A forced Sentinel failover in the middle of play, against a real gunicorn and real Redis
servers (1 master, 1 or 2 replicas, 3 sentinels), with the default settings
(CARDTABLE_REDIS_WAIT_REPLICAS=auto: every replica Sentinel reports): no acknowledged move or
seat is lost (with 0, a few % of the acknowledged moves are: bench/failover.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.failover_load import (
    sentinel_topology,
    served_failover,
)

CLIENTS = 6


@pytest.mark.parametrize("replicas", [1, 2])
def test_a_failover_under_load_loses_no_acknowledged_write(tmp_path: Path, replicas: int) -> None:
    with sentinel_topology(tmp_path, replicas) as topology:
        run, lost = served_failover(topology, "auto", CLIENTS, 0, moves_after=100)
        assert not run.acked.errors, run.acked.errors[:5]
        assert run.before >= 100 and len(run.acked.moves) >= run.after + 100
        assert (lost.moves, lost.joins) == (0, 0), (lost, len(run.acked.moves))
