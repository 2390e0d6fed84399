"""Where the CPU of a `POST /queue` that seats a table goes: the app's process CPU per
request (inside the WSGI app, as bench/queue_bench.py measures it) and the share of each
step of the queueing path, timed by wrappers around them (no profiler: its overhead would
swamp the figures). Nested steps are included in their callers' figures.

Run on purpose: `.venv/bin/python bench/queue_areas.py [--waiting 1500] [--probes 400]`.
"""

from __future__ import annotations

import argparse
import collections
import functools
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from queue_bench import ServerCpu, fill, rated_player

import cardtable.games.service as game_service
from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer

spent: collections.Counter[str] = collections.Counter()


def timed(owner: Any, name: str, label: str) -> None:
    """Replace `owner.name` by a wrapper adding its process CPU to `spent[label]`."""
    real = getattr(owner, name)

    @functools.wraps(real)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - started

    setattr(owner, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waiting", type=int, default=1500)
    parser.add_argument("--probes", type=int, default=400)
    args = parser.parse_args()
    os.environ["CARDTABLE_ACCESS_LOG"] = "false"
    with RedisServer() as server:
        settings = Settings(
            redis_url=server.url,
            key_prefix="qareas",
            rate_limits_enabled=False,
            queue_expire_seconds=24 * 3600,
        )
        app = create_app(settings)
        meter = ServerCpu(app.wsgi_app)
        app.wsgi_app = meter  # type: ignore[method-assign]
        wiring = app.extensions["cardtable"]
        clusters = fill(wiring, args.waiting)
        rng = random.Random(1)
        chosen = rng.sample(range(len(clusters)), args.probes)
        probes = [
            rated_player(wiring, f"probe{i}", clusters[c][1] + rng.uniform(-20, 20))
            for i, c in enumerate(chosen)
        ]
        queue, players = wiring.queue, wiring.players
        steps = (
            (players, "authenticate", "the key checked (players.authenticate)"),
            (queue, "enqueue", "queueing (Queue.enqueue), all below"),
            (players, "require", "  the player read (players.require)"),
            (queue, "_hold", "  the one-ticket hold (player_ticket.lua)"),
            (queue, "_run_match", "  store and match (queue_match.lua)"),
            (queue, "_create_game", "  the table made (Queue._create_game), below"),
            (wiring.games, "create", "    the game created (GameService.create), below"),
            (game_service, "new_game", "      the deal (new_game)"),
            (wiring.games.store, "create", "      its write (DocumentStore.create)"),
        )
        for owner, name, label in steps:
            timed(owner, name, label)
        client = app.test_client()
        meter.samples.clear()
        for probe, cluster in zip(probes, chosen, strict=True):
            size, _rating = clusters[cluster]
            answer = client.post(
                "/queue",
                json={"game": "skyjo", "players": size},
                headers={"Authorization": f"Bearer {probe['key']}"},
            )
            assert answer.status_code == 202, answer.get_json()
        print(
            f"app CPU per POST /queue that seats a table ({len(chosen)} requests): "
            f"{statistics.mean(meter.samples) * 1000:.2f} ms"
        )
        for _owner, _name, label in steps:
            print(f"  {label}: {spent[label] / len(chosen) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
