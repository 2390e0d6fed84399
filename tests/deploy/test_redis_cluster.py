"""scripts/redis_cluster.py forms a working cluster, and redis-py's cluster client uses it
the way the store does: hash-tagged keys, Lua scripts over keys sharing one slot."""

from __future__ import annotations

import itertools
import socket
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import redis
from redis.cluster import RedisCluster
from redis.exceptions import ResponseError

from cardtable.server.redis_server import find_redis_binary

ROOT = Path(__file__).resolve().parents[2]

# KEYS[1] state, KEYS[2] move log; ARGV[1] expected version, ARGV[2] new state, ARGV[3] move.
# Like the store's compare-and-set: write only when the stored version is the expected one.
COMPARE_AND_SET = """
local current = redis.call('HGET', KEYS[1], 'version')
if (current or '0') ~= ARGV[1] then
  return {0, current or '0'}
end
local version = tonumber(ARGV[1]) + 1
redis.call('HSET', KEYS[1], 'version', version, 'state', ARGV[2])
redis.call('RPUSH', KEYS[2], ARGV[3])
return {1, version}
"""


@pytest.fixture
def client(redis_cluster: Any) -> Any:
    with RedisCluster.from_url(redis_cluster.url, decode_responses=True) as cluster_client:
        yield cluster_client


def slot_owner(client: Any, key: str) -> tuple[str, int]:
    node = client.get_node_from_key(key)
    return node.host, node.port


def test_cluster_has_three_masters_sharing_every_slot(redis_cluster: Any) -> None:
    assert len(redis_cluster.ports) == 3
    with redis.Redis(port=redis_cluster.ports[0]) as node:
        slots = node.execute_command("CLUSTER SLOTS")
    owned = sorted((int(entry[0]), int(entry[1]), int(entry[2][1])) for entry in slots)
    assert {port for _, _, port in owned} == set(redis_cluster.ports)
    assert owned[0][0] == 0 and owned[-1][1] == 16383
    for (_, end, _), (start, _, _) in itertools.pairwise(owned):
        assert start == end + 1, "no gap, no overlap"
    for port in redis_cluster.ports:
        info = redis_cluster.cluster_info(port)
        assert info["cluster_state"] == "ok"
        assert info["cluster_size"] == "3"


def test_set_get_across_all_masters(client: Any, redis_cluster: Any) -> None:
    owners: dict[int, str] = {}
    for n in range(200):
        key = f"cardtable:{{game-{n}}}:state"
        client.set(key, f"value-{n}")
        owners.setdefault(slot_owner(client, key)[1], key)
    assert set(owners) == set(redis_cluster.ports), "keys spread over every master"
    for key in owners.values():
        assert client.get(key) == f"value-{key.split('-')[1].split('}')[0]}"


def test_lua_compare_and_set_on_hash_tagged_keys(client: Any) -> None:
    state, log = "cardtable:{g42}:state", "cardtable:{g42}:log"
    assert client.keyslot(state) == client.keyslot(log)
    script = client.register_script(COMPARE_AND_SET)
    assert script(keys=[state, log], args=["0", "s1", "m1"]) == [1, 1]
    assert script(keys=[state, log], args=["1", "s2", "m2"]) == [1, 2]
    # A stale version changes nothing.
    assert script(keys=[state, log], args=["1", "s2-bis", "m2-bis"]) == [0, "2"]
    assert client.hgetall(state) == {"version": "2", "state": "s2"}
    assert client.lrange(log, 0, -1) == ["m1", "m2"]
    # Plain EVAL works too (the script is sent to the node that owns the slot).
    assert client.eval("return redis.call('HGET', KEYS[1], 'state')", 1, state) == "s2"


def test_keys_without_a_common_hash_tag_cannot_share_a_script(client: Any) -> None:
    first, second = "cardtable:g1:state", "cardtable:g2:log"
    assert client.keyslot(first) != client.keyslot(second)
    with pytest.raises((ResponseError, redis.exceptions.RedisClusterException)):
        client.eval("return redis.call('GET', KEYS[1])", 2, first, second)


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def test_command_line_starts_checks_and_stops(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "redis_cluster.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    lines = dict(line.split("=", 1) for line in result.stdout.splitlines() if "=" in line)
    assert lines["CARDTABLE_REDIS_CLUSTER"] == "true"
    port = int(lines["CARDTABLE_REDIS_URL"].rsplit(":", 1)[1].split("/")[0])
    assert not listening(port), "the nodes are gone once the command returns"
    assert list(tmp_path.iterdir()) == [], "no nodes.conf or data left behind"


def test_context_manager_ends_every_node(redis_cluster_module: ModuleType) -> None:
    with redis_cluster_module.LocalRedisCluster() as cluster:
        processes = [node.process for node in cluster.nodes]
        ports = list(cluster.ports)
        assert all(process.poll() is None for process in processes)
        with RedisCluster.from_url(cluster.url) as cluster_client:
            assert cluster_client.ping()
    assert all(process.poll() is not None for process in processes)
    assert not any(listening(port) for port in ports)
    assert cluster.nodes == []


def test_a_failed_start_leaves_nothing_running(redis_cluster_module: ModuleType) -> None:
    with pytest.raises(ValueError, match="at least 3"):
        redis_cluster_module.LocalRedisCluster(masters=2).start()


def test_redis_cli_comes_with_the_project() -> None:
    assert Path(find_redis_binary("redis-cli")).is_file()
