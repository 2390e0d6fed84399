"""The one clock: Redis's TIME, read through the local clock plus a measured offset."""

from __future__ import annotations

import time

import redis

from cardtable.store.clock import RedisClock


def _redis_now(client: redis.Redis) -> float:
    seconds, micros = client.time()
    return seconds + micros / 1e6


def test_a_fast_local_clock_reads_redis_time(redis_client: redis.Redis) -> None:
    clock = RedisClock(redis_client, local=lambda: time.time() + 30)
    assert abs(clock() - _redis_now(redis_client)) < 1
    assert abs(clock.offset + 30) < 1


def test_the_offset_is_measured_again_only_every_so_often(redis_client: redis.Redis) -> None:
    ticks = [0.0]
    local = [time.time() - 12.0]
    clock = RedisClock(redis_client, every=30, local=lambda: local[0], monotonic=lambda: ticks[0])
    clock()
    first = clock.offset
    assert abs(first - 12.0) < 1
    local[0] += 50.0  # the local clock jumps; within `every` the old offset stands
    ticks[0] = 10.0
    assert abs(clock() - (local[0] + first)) < 1e-6
    ticks[0] = 40.0  # then it is measured again
    clock()
    assert abs(clock.offset - (first - 50.0)) < 1


def test_redis_away_keeps_the_last_offset() -> None:
    down = redis.Redis(port=1, socket_connect_timeout=0.1)
    clock = RedisClock(down, every=0)
    assert abs(clock() - time.time()) < 1  # offset 0 until measured: the local clock
