"""Sentinel (1 master, 1 replica, 3 sentinels) under a load of real games, with a forced
failover in the middle of play, then every acknowledged write looked for in what the new
master holds. Used by tests/e2e/test_sentinel_failover.py and bench/failover.py.

Each client plays its own two-seat table as a frontend with the SDK's retry rules would:
create it with one open seat, join it (the join deals), then move for whichever seat may
act, each move with If-Match and an Idempotency-Key, a 503 retried with the same key. An
acknowledged join (201) and an acknowledged move (200, with what it applied) are noted; at
the end, a join is lost when its seat does not hold its token, a move when the stored log
does not have it at the version it was given."""

from __future__ import annotations

import itertools
import random
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import redis

from cardtable.games.service import SMALL_FIELDS, GameService
from cardtable.server.redis_server import RedisServer, find_redis_binary, free_port, wait_for_port
from cardtable.store import DocumentStore, NotFound
from cardtable_engine.host import hash_token
from tests.e2e.gunicorn import Gunicorn
from tests.support.waiting import eventually

SERVICE = "mymaster"


@dataclass
class Topology:
    master: RedisServer
    replica: RedisServer
    sentinel_ports: list[int]
    more_replicas: list[RedisServer] = field(default_factory=list)
    """Replicas beyond the first (`sentinel_topology(..., replicas=2)`)."""

    @property
    def sentinels(self) -> str:
        return ",".join(f"127.0.0.1:{port}" for port in self.sentinel_ports)

    def sentinel(self) -> redis.Redis:
        return redis.Redis(port=self.sentinel_ports[0], decode_responses=True)

    def master_port(self) -> int:
        return int(self.sentinel().sentinel_get_master_addr_by_name(SERVICE)[1])


@contextmanager
def sentinel_topology(workdir: Path, replicas: int = 1) -> Iterator[Topology]:
    """A master, its replica (or `replicas` of them) and three Sentinels (quorum 2), as
    docs/consistency.md says."""
    with ExitStack() as stack:
        master = stack.enter_context(RedisServer())
        replica, *more = [
            stack.enter_context(
                RedisServer(extra_args=["--replicaof", "127.0.0.1", str(master.port)])
            )
            for _ in range(replicas)
        ]
        ports = []
        for index in range(3):
            port = free_port()
            conf = workdir / f"sentinel{index}.conf"
            conf.write_text(
                f"port {port}\nbind 127.0.0.1\ndir {workdir}\n"
                f"sentinel monitor {SERVICE} 127.0.0.1 {master.port} 2\n"
                f"sentinel down-after-milliseconds {SERVICE} 1000\n"
                f"sentinel failover-timeout {SERVICE} 5000\n"
            )
            process = subprocess.Popen(
                [find_redis_binary(), str(conf), "--sentinel"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            stack.callback(_stop, process)
            wait_for_port(port)
            ports.append(port)
        topology = Topology(master, replica, ports, more)
        eventually(
            lambda: len(topology.sentinel().sentinel_slaves(SERVICE)) == replicas,
            "the replicas seen",
        )
        eventually(
            lambda: len(topology.sentinel().sentinel_sentinels(SERVICE)) == 2, "the sentinels"
        )
        yield topology


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    process.wait(timeout=10)


@dataclass
class Acknowledged:
    joins: list[tuple[str, int, str]] = field(default_factory=list)  # game, seat, token
    moves: list[tuple[str, int, int, dict[str, Any]]] = field(default_factory=list)
    """(game, version, seat, move) of every applied move of every 200 answer."""
    join_versions: dict[str, int] = field(default_factory=dict)
    answered_at: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _post(http: httpx.Client, path: str, body: Any, tries: int = 200, **headers: str) -> Any:
    """POST with an Idempotency-Key, the same key again after each 503 (as the SDK does)."""
    headers["Idempotency-Key"] = str(uuid.uuid4())
    for _ in range(tries):
        answer = http.post(path, json=body, headers=headers)
        if answer.status_code != 503:
            return answer
        time.sleep(0.05)
    return answer


def play(base_url: str, stop: threading.Event, seed: int, acked: Acknowledged) -> None:
    """One client: tables played one after another until `stop` is set."""
    rng = random.Random(seed)
    http = httpx.Client(base_url=base_url, timeout=30)
    while not stop.is_set():
        body = {"game": "skyjo", "players": [{"name": "Ann"}, {"open": True}]}
        created = _post(http, "/games", body)
        if created.status_code != 201:
            acked.errors.append(f"create {created.status_code} {created.text[:200]}")
            return
        game_id, invite = created.json()["id"], created.json()["invite"]
        joined = _post(http, f"/games/{game_id}/join", {"name": "Bea", "invite": invite})
        if joined.status_code != 201:
            acked.errors.append(f"join {joined.status_code} {joined.text[:200]}")
            return
        tokens = [created.json()["players"][0]["token"], joined.json()["token"]]
        with acked.lock:
            acked.joins.append((game_id, joined.json()["seat"], joined.json()["token"]))
            acked.join_versions[game_id] = joined.json()["version"]
        _play_table(http, game_id, tokens, stop, rng, acked)


def _play_table(
    http: httpx.Client,
    game_id: str,
    tokens: list[str],
    stop: threading.Event,
    rng: random.Random,
    acked: Acknowledged,
) -> None:
    while not stop.is_set():
        view = http.get(f"/games/{game_id}")
        if view.status_code != 200:
            time.sleep(0.05)
            continue
        if view.json()["finished"]:
            return
        for token in tokens:
            auth = {"Authorization": f"Bearer {token}"}
            legal = http.get(f"/games/{game_id}/legal-moves", headers=auth)
            if legal.status_code != 200 or not legal.json()["moves"]:
                continue
            version = legal.json()["version"]
            move = rng.choice(legal.json()["moves"])
            headers = {**auth, "If-Match": f'"{version}"'}
            answer = _post(http, f"/games/{game_id}/moves", {"move": move}, **headers)
            if answer.status_code == 200:
                with acked.lock:
                    acked.answered_at.append(time.monotonic())
                    for applied in answer.json()["applied"]:
                        acked.moves.append(
                            (game_id, applied["version"], applied["seat"], applied["move"])
                        )
            elif answer.status_code not in (409, 412, 422):
                acked.errors.append(f"move {answer.status_code} {answer.text[:200]}")
            break


@dataclass
class Lost:
    moves: int
    joins: int
    games_checked: int


def lost_writes(master_port: int, prefix: str, acked: Acknowledged) -> Lost:
    """What of the acknowledged writes the master (the new one) does not hold."""
    store = DocumentStore(redis.Redis(port=master_port), "game", prefix=prefix)
    games = GameService(store)
    lost_joins = 0
    missing = set()  # games whose creation was lost: their seats and moves with them
    for game_id, seat, token in acked.joins:
        try:
            stored = games._read(store.load(game_id, SMALL_FIELDS))
        except NotFound:
            missing.add(game_id)
            lost_joins += 1
            continue
        lost_joins += stored.seats[seat].token_sha256 != hash_token(token)
    logs: dict[str, list[dict[str, Any]]] = {game_id: [] for game_id in missing}
    lost_moves = 0
    for game_id, version, seat, move in acked.moves:
        if game_id not in logs:
            log = games.replayed(game_id).state.log
            logs[game_id] = [entry for entry in log if entry["type"] == "move"]
        index = version - acked.join_versions[game_id] - 1
        moves = logs[game_id]
        found = 0 <= index < len(moves) and moves[index] == {
            "type": "move",
            "seat": seat,
            "move": move,
        }
        lost_moves += not found
    return Lost(lost_moves, lost_joins, len(logs))


def longest_gap(acked: Acknowledged, start: float) -> float:
    """The longest time without an acknowledged move after `start` (the failover)."""
    times = sorted(t for t in acked.answered_at if t >= start - 1)
    return max((b - a for a, b in itertools.pairwise(times)), default=0.0)


@dataclass
class FailoverRun:
    acked: Acknowledged
    before: int
    """Moves acknowledged before the failover."""
    after: int
    """Moves acknowledged by the end of the old master's demotion."""
    steady_moves_per_second: float
    failed_over_at: float
    demoted_after: float
    """Seconds from SENTINEL FAILOVER to the old master's demotion."""


def failover_under_load(
    topology: Topology, base_url: str, clients: int, steady_seconds: float, moves_after: int
) -> FailoverRun:
    """`clients` playing, moves/s over `steady_seconds`, then SENTINEL FAILOVER; play goes
    on until `moves_after` more moves are acknowledged once the old master is a replica."""
    acked, stop = Acknowledged(), threading.Event()
    threads = [
        threading.Thread(target=play, args=(base_url, stop, seed, acked)) for seed in range(clients)
    ]
    for thread in threads:
        thread.start()
    try:
        eventually(lambda: len(acked.moves) >= 100, "play under way")
        start, first = time.monotonic(), len(acked.moves)
        time.sleep(steady_seconds)
        steady = (len(acked.moves) - first) / (time.monotonic() - start)
        before, failed_over_at = len(acked.moves), time.monotonic()
        topology.sentinel().execute_command("SENTINEL FAILOVER", SERVICE)
        eventually(lambda: topology.master_port() != topology.master.port, "the failover")
        old = redis.Redis(port=topology.master.port)
        eventually(lambda: old.info("replication")["role"] == "slave", "the demotion")
        demoted, after = time.monotonic() - failed_over_at, len(acked.moves)
        eventually(lambda: len(acked.moves) >= after + moves_after, "play on the new master")
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=120)
    return FailoverRun(acked, before, after, steady, failed_over_at, demoted)


def served_failover(
    topology: Topology,
    wait_replicas: int | str,
    clients: int,
    steady_seconds: float,
    moves_after: int,
    env: dict[str, str] | None = None,
) -> tuple[FailoverRun, Lost]:
    """`failover_under_load` against a real gunicorn (2 workers) over the topology's
    Sentinels, with CARDTABLE_REDIS_WAIT_REPLICAS `wait_replicas` (and `env`), and the
    acknowledged writes the new master does not hold."""
    server_env = {
        **(env or {}),
        "CARDTABLE_REDIS_SENTINELS": topology.sentinels,
        "CARDTABLE_REDIS_SENTINEL_SERVICE": SERVICE,
        "CARDTABLE_KEY_PREFIX": "failover",
        "CARDTABLE_REDIS_WAIT_REPLICAS": str(wait_replicas),
    }
    with Gunicorn(env=server_env, workers=2, ready_path="/readyz") as server:
        run = failover_under_load(topology, server.url, clients, steady_seconds, moves_after)
    return run, lost_writes(topology.master_port(), "failover", run.acked)
