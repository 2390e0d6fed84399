"""Two real gunicorn replicas over one real Redis, one of them with a clock 30 s fast: both
date every turn deadline by Redis's clock, so neither takes a turn over early and both show
the same deadline."""

from __future__ import annotations

from pathlib import Path

import httpx
import redis

from cardtable.games.service import DEADLINE_FIELD
from cardtable.server.redis_server import RedisServer
from tests.e2e.gunicorn import Gunicorn

SKEW = 30
TURN = 20
PLAYERS = [{"name": "Ann"}, {"name": "Bea"}]
SKEWED_CONF = str(Path(__file__).with_name("skewed_clock_conf.py"))


def _redis_now(client: redis.Redis) -> float:
    seconds, micros = client.time()
    return seconds + micros / 1e6


def test_replicas_with_skewed_clocks_agree_on_every_deadline(redis_server: RedisServer) -> None:
    client = redis.Redis.from_url(redis_server.url)
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_KEY_PREFIX": "skew"}
    skewed = {**env, "CARDTABLE_TEST_CLOCK_SKEW": str(SKEW)}
    with (
        Gunicorn(env=env, ready_path="/readyz") as right,
        Gunicorn(env=skewed, ready_path="/readyz", config=SKEWED_CONF) as fast,
    ):
        body = {"game": "skyjo", "players": PLAYERS, "turn_seconds": TURN}
        for creator, reader in ((right, fast), (fast, right)):
            created = httpx.post(creator.url + "/games", json=body, timeout=30).json()
            key = f"skew:game:{{{created['id']}}}"
            deadline = float(client.hget(key, DEADLINE_FIELD) or 0)
            # Dated by Redis's clock, whichever replica wrote it (not 30 s later or earlier).
            assert abs(deadline - (_redis_now(client) + TURN)) < 5, deadline
            views = [
                httpx.get(f"{server.url}/games/{created['id']}", timeout=30).json()
                for server in (reader, creator, reader)
            ]
            # Nobody's turn was taken over early, and both replicas show one deadline.
            assert [view["version"] for view in views] == [0, 0, 0]
            assert len({view["deadline"] for view in views}) == 1
