"""The matchmaking queue under a full waiting room: with 10,000 waiting tickets spread over
Skyjo table sizes 2 to 4 and a wide range of ratings, how long a newcomer waits for its
table when one exists (queued, then matched in the same request) and what a queue request
costs in server CPU (the app's and Redis's), on two app instances ("replicas") sharing
one Redis.

Setup: clusters of waiting tickets, 200 rating points apart (far outside the ±50 window
of a new ticket), a cluster of size s holding s - 1 tickets (a table short of one player).
Probes: newcomers rated like a random cluster queue (POST /queue) on alternating
instances, one at a time, then read their ticket: each is matched within its POST.
Then newcomers who find no table (their POST leaves them waiting), and polls of their
tickets (GET /queue/{ticket}), which run the match script too. The app's CPU is measured
inside the WSGI app (`ServerCpu`), the HTTP server's parsing left out.

Run on purpose: `.venv/bin/python bench/queue_bench.py [--waiting 10000] [--probes 300]`.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

import redis

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer

SIZES = (2, 3, 4)


def redis_cpu(client: redis.Redis) -> float:
    info = client.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class ServerCpu:
    """WSGI middleware, outermost: the process CPU each request takes in the app, from its
    environ to its answer's last byte (the test client's own work left out; an HTTP
    server's parsing too)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.samples: list[float] = []

    def __call__(self, environ: Any, start_response: Any) -> Any:
        started = time.process_time()
        answer = self.app(environ, start_response)
        try:
            body = b"".join(answer)
        finally:
            getattr(answer, "close", lambda: None)()
            self.samples.append(time.process_time() - started)
        return [body]


def rated_player(wiring: Any, name: str, rating: float) -> dict[str, Any]:
    """A player whose displayed Skyjo rating is `rating` (mu set directly)."""
    created, _ = wiring.players.create(name, "human")
    mu = 25 + (rating - 1000) / 40
    wiring.redis.hset(wiring.players.key_for(created["id"]), "mu:skyjo", repr(mu))
    return created


def fill(wiring: Any, waiting: int) -> list[tuple[int, float]]:
    """`waiting` tickets in clusters one player short of a table; the clusters' (size,
    rating)."""
    clusters: list[tuple[int, float]] = []
    made = 0
    while made < waiting:
        size = SIZES[len(clusters) % len(SIZES)]
        rating = 1000.0 + 200 * len(clusters)
        for member in range(size - 1):
            player = rated_player(wiring, f"w{len(clusters)}-{member}", rating)
            wiring.queue.enqueue(player["id"], player["key"], "skyjo", size, "humans")
            made += 1
        clusters.append((size, rating))
    return clusters


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waiting", type=int, default=10_000)
    parser.add_argument("--probes", type=int, default=300)
    args = parser.parse_args()
    os.environ["CARDTABLE_ACCESS_LOG"] = "false"  # read from the environment by logs.py
    with RedisServer() as server:
        settings = Settings(
            redis_url=server.url,
            key_prefix="qbench",
            rate_limits_enabled=False,
            queue_expire_seconds=24 * 3600,
        )
        apps = [create_app(settings), create_app(settings)]
        meters = [ServerCpu(app.wsgi_app) for app in apps]
        for app, meter in zip(apps, meters, strict=True):
            app.wsgi_app = meter  # type: ignore[method-assign]
        wiring = apps[0].extensions["cardtable"]
        client = redis.Redis.from_url(server.url)
        started = time.perf_counter()
        clusters = fill(wiring, args.waiting)
        waiting = client.zcard(wiring.queue.keys("skyjo", 2)[1])
        for size in SIZES[1:]:
            waiting += client.zcard(wiring.queue.keys("skyjo", size)[1])
        print(
            f"{waiting} waiting tickets in {len(clusters)} clusters, set up in "
            f"{time.perf_counter() - started:.1f} s"
        )

        rng = random.Random(1)
        chosen = rng.sample(range(len(clusters)), args.probes)
        latencies, cpus = [], []
        for meter in meters:
            meter.samples.clear()
        redis_before = redis_cpu(client)
        for index, cluster in enumerate(chosen):
            size, rating = clusters[cluster]
            probe = rated_player(wiring, f"probe{index}", rating + rng.uniform(-20, 20))
            test_client = apps[index % 2].test_client()
            wall = time.perf_counter()
            auth = {"Authorization": f"Bearer {probe['key']}"}
            ticket = test_client.post(
                "/queue", json={"game": "skyjo", "players": size}, headers=auth
            ).get_json()["ticket"]
            cpus.append(meters[index % 2].samples[-1])
            answer = test_client.get(f"/queue/{ticket}", headers=auth).get_json()
            latencies.append(time.perf_counter() - wall)
            assert answer["status"] == "matched", answer
        redis_per_request = (redis_cpu(client) - redis_before) / len(chosen)
        print(
            f"POST /queue, then GET of the ticket ({len(chosen)} newcomers, 2 instances): "
            "time to a table "
            f"p50 {statistics.median(latencies) * 1000:.1f} ms, "
            f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms"
        )
        print(
            "server CPU per POST /queue that seats a table (the game made in it): app "
            f"{statistics.mean(cpus) * 1000:.2f} ms "
            f"(p99 {percentile(cpus, 0.99) * 1000:.2f} ms), "
            f"redis (POST and GET) {redis_per_request * 1000:.2f} ms"
        )

        # Newcomers who find no table (they wait), then polls of their tickets: each runs
        # the match script over the crowd.
        holders = [rated_player(wiring, f"poll{i}", 1e9 + 1000 * i) for i in range(args.probes)]
        tickets, waiting_cpus = [], []
        for index, player in enumerate(holders):
            queued = (
                apps[index % 2]
                .test_client()
                .post(
                    "/queue",
                    json={"game": "skyjo", "players": 3},
                    headers={"Authorization": f"Bearer {player['key']}"},
                )
                .get_json()
            )
            waiting_cpus.append(meters[index % 2].samples[-1])
            tickets.append(queued["ticket"])
        matching, waits = statistics.mean(cpus), statistics.mean(waiting_cpus)
        # A table of s players takes s - 1 POSTs that wait and one that seats it.
        mixed = sum((size - 1) * waits + matching for size in SIZES) / sum(SIZES)
        print(
            f"server CPU per POST /queue that waits: app {waits * 1000:.2f} ms "
            f"(p99 {percentile(waiting_cpus, 0.99) * 1000:.2f} ms); per POST over whole "
            f"tables of {'/'.join(map(str, SIZES))} (s - 1 waiting, 1 seating): app "
            f"{mixed * 1000:.2f} ms"
        )
        poll_cpus, redis_before = [], redis_cpu(client)
        for index, (player, ticket) in enumerate(zip(holders, tickets, strict=True)):
            test_client = apps[index % 2].test_client()
            answer = test_client.get(
                f"/queue/{ticket}", headers={"Authorization": f"Bearer {player['key']}"}
            ).get_json()
            poll_cpus.append(meters[index % 2].samples[-1])
            assert answer["status"] == "waiting", answer
        print(
            f"server CPU per GET /queue/{{ticket}} (waiting): app "
            f"{statistics.mean(poll_cpus) * 1000:.2f} ms, redis "
            f"{(redis_cpu(client) - redis_before) / len(holders) * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
