"""A real gunicorn whose link to a real Redis loses 1 in 5 replies of the write scripts
(tests/support/lossy_proxy.py): every answer to every kind of write matches what Redis holds
right after it (tests/support/lossy_writes.py says what "matches" means)."""

from __future__ import annotations

import hashlib

import redis

from cardtable.server.redis_server import RedisServer
from cardtable.store.documents import COMPARE_AND_SET, CREATE
from cardtable.store.lobby import ADD
from tests.e2e.gunicorn import Gunicorn
from tests.support.lossy_proxy import LossyProxy
from tests.support.lossy_writes import LossyWrites

WRITE_SCRIPTS = [hashlib.sha1(s.encode()).hexdigest().encode() for s in (CREATE, COMPARE_AND_SET)]


def test_every_answer_matches_redis_when_one_reply_in_five_is_lost(
    redis_server: RedisServer,
) -> None:
    direct = redis.Redis.from_url(redis_server.url)
    for script in (CREATE, COMPARE_AND_SET, ADD):
        direct.script_load(script)  # so that the lost replies are those of the writes
    with LossyProxy(redis_server.port, WRITE_SCRIPTS, drop_rate=0.2, seed=20) as proxy:
        env = {"CARDTABLE_REDIS_URL": proxy.url, "CARDTABLE_KEY_PREFIX": "lossy"}
        with Gunicorn(env=env, ready_path="/readyz") as server:
            run = LossyWrites(server.url, redis_server.url, "lossy", seed=20)
            for _ in range(2):
                run.round()
        tally = run.tally
        assert proxy.dropped >= 20, "the proxy lost too few replies to prove anything"
        assert not tally.wrong, "\n".join(tally.wrong[:20])
        assert set(tally.writes) == {
            *("create", "move", "join", "leave", "start", "rematch", "sheet", "sheet edit")
        }
        assert tally.total >= 100
