"""Token buckets with leases, against a real Redis: what a process holds of a bucket is
never lost to its client (given back, shared, or paying for work charged afterwards)."""

from __future__ import annotations

import redis

from cardtable.server.redis_server import RedisServer
from cardtable.store import riders
from cardtable.store.buckets import Counters, Limit

HOURLY = Limit(256, 3600, "256/3600s")
INTERVAL_MS = 3600 * 1000 / 256


def _tat(raw: redis.Redis, key: str) -> float:
    return float(raw.get(key) or 0)


def _ask(counters: Counters, key: str) -> None:
    """One request of the bucket `key`, asked of Redis (no lease left)."""
    hits = ((HOURLY, key),)
    needs = counters.leases.take(hits)
    assert needs, "a lease was still held"
    riders.send_alone(counters.client, counters.rider(needs, hits))


def test_work_charged_is_paid_from_the_lease_first(redis_server: RedisServer) -> None:
    raw = redis.Redis.from_url(redis_server.url)
    counters = Counters(raw, lambda error, must_count: None, lease=8)
    key = "buckets-test:charge"
    _ask(counters, key)  # a lease of 8: this request's one, 7 held
    taken = _tat(raw, key)
    counters.charge(((HOURLY, key),), 3)  # paid from the lease: Redis not asked
    assert _tat(raw, key) == taken
    counters.charge(((HOURLY, key),), 10)  # the 4 left pay part of it, 6 go to Redis
    assert abs(_tat(raw, key) - (taken + 6 * INTERVAL_MS)) < 1
    assert counters.leases.take(((HOURLY, key),))  # the lease is used up: ask Redis again


def test_concurrent_grants_add_up_in_one_lease(redis_server: RedisServer) -> None:
    """Two requests of one process asked Redis at once (neither found a lease): both
    grants are kept, one lease of 14 more, not the newer's 7."""
    raw = redis.Redis.from_url(redis_server.url)
    counters = Counters(raw, lambda error, must_count: None, lease=8)
    key, hits = "buckets-test:grants", ((HOURLY, "buckets-test:grants"),)
    first, second = counters.leases.take(hits), counters.leases.take(hits)
    for needs in (first, second):
        riders.send_alone(raw, counters.rider(needs, hits))
    assert _tat(raw, key) > 0
    passed = 0
    while not counters.leases.take(hits):
        passed += 1
    assert passed == 14
