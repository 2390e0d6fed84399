"""Leases: a process takes a busy client's requests from a bucket several at a time and
lets them through without asking Redis again, never more than the budget allows, the
unused ones given back when the lease expires."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from flask.testing import FlaskClient

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable.store import buckets
from tests.api.conftest import Api
from tests.support.lease_client import lease_client
from tests.support.live_server import LiveServer

BUDGET = 256
"""Reads an hour: big enough for leases of 8 (1/32 of it)."""


def _client(server: RedisServer, prefix: str, **settings: Any) -> FlaskClient:
    settings = {"rate_limit_reads": f"{BUDGET}/hour", **settings}
    return create_app(Settings(redis_url=server.url, key_prefix=prefix, **settings)).test_client()


def _script_runs(raw: redis.Redis) -> int:
    stats = raw.info("commandstats")
    return sum(stats.get(f"cmdstat_{name}", {}).get("calls", 0) for name in ("eval", "evalsha"))


def _served(client: FlaskClient, path: str, address: str, most: int = 2 * BUDGET) -> int:
    """Reads of `path` from `address` until the first refusal."""
    for served in range(most):
        answer = client.get(path, environ_base={"REMOTE_ADDR": address})
        if answer.status_code == 429:
            return served
        assert answer.status_code == 200, answer.get_json()
    return most


def test_one_process_lets_through_exactly_the_budget_asking_redis_once_a_lease(
    redis_server: RedisServer,
) -> None:
    client = _client(redis_server, "leases-exact")
    path = f"/games/{Api(client).create('skyjo', 2)['id']}"
    raw = redis.Redis.from_url(redis_server.url)
    before = _script_runs(raw)
    assert _served(client, path, "10.9.0.1") == BUDGET
    # One script run a lease of 8, and the refused one: not one a request.
    assert _script_runs(raw) - before == BUDGET // 8 + 1


def test_a_lease_of_one_counts_every_request_in_redis(redis_server: RedisServer) -> None:
    client = _client(redis_server, "leases-one", rate_limit_lease=1)
    path = f"/games/{Api(client).create('skyjo', 2)['id']}"
    raw = redis.Redis.from_url(redis_server.url)
    before = _script_runs(raw)
    assert _served(client, path, "10.9.0.2") == BUDGET
    assert _script_runs(raw) - before == BUDGET + 1


def test_replicas_never_let_through_more_than_the_budget(redis_server: RedisServer) -> None:
    """A client alternating between two processes: at most the budget passes, and it is
    refused at most one lease early (what the other process still holds)."""
    replicas = [_client(redis_server, "leases-fleet") for _ in range(2)]
    path = f"/games/{Api(replicas[0]).create('skyjo', 2)['id']}"
    served, refused = 0, 0
    for i in range(2 * BUDGET):
        status = replicas[i % 2].get(path, environ_base={"REMOTE_ADDR": "10.9.0.3"}).status_code
        assert status in (200, 429)
        served, refused = served + (status == 200), refused + (status == 429)
        if refused == 2:
            break
    assert BUDGET - 7 <= served <= BUDGET


def test_an_expired_lease_gives_back_what_it_did_not_use(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(buckets, "LEASE_SECONDS", 0.0)  # every lease expired at once
    client = _client(redis_server, "leases-expiry")
    path = f"/games/{Api(client).create('skyjo', 2)['id']}"
    # Each read takes a lease of 8 and gives back the 7 the one before left unused: the
    # whole budget lasts as long as if it were counted one by one.
    assert _served(client, path, "10.9.0.4") == BUDGET
    raw = redis.Redis.from_url(redis_server.url)
    (key,) = raw.keys("leases-expiry:limits:read:*:addr:10.9.0.4")
    interval_ms = 3600 * 1000 / BUDGET
    # The last lease taken (8, its 7 unused still held here) sets how far the bucket's
    # time runs ahead: at most one period past now.
    assert raw.pttl(key) <= 3600 * 1000 + interval_ms


def test_a_refused_request_puts_back_what_it_took_from_a_lease(
    redis_server: RedisServer,
) -> None:
    """A seat's read refused by its token's budget (counted one by one) gives back the
    request it took from its address's lease: the address loses nothing to it."""
    client = _client(redis_server, "leases-put-back", rate_limit_seat_reads="2/hour")
    api = Api(client)
    created = api.create("skyjo", 2)
    path, seat = f"/games/{created['id']}", api.auth(created["players"][0]["token"])
    address = {"REMOTE_ADDR": "10.9.0.5"}
    assert [client.get(path, headers=seat, environ_base=address).status_code for _ in range(3)] == [
        200, 200, 429,
    ]  # fmt: skip
    assert _served(client, path, "10.9.0.5") == BUDGET - 2


def test_a_refused_ask_keeps_what_an_expired_lease_gave_back(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ask that gives back an expired lease's unused requests is refused (by the
    token's budget): what it gave back is the address's still."""
    monkeypatch.setattr(buckets, "LEASE_SECONDS", 0.0)  # every lease expired at once
    client = _client(redis_server, "leases-refused-credit", rate_limit_seat_reads="2/hour")
    api = Api(client)
    created = api.create("skyjo", 2)
    path, seat = f"/games/{created['id']}", api.auth(created["players"][0]["token"])
    address = {"REMOTE_ADDR": "10.9.0.7"}
    assert [client.get(path, headers=seat, environ_base=address).status_code for _ in range(3)] == [
        200, 200, 429,
    ]  # fmt: skip
    assert _served(client, path, "10.9.0.7") == BUDGET - 2


def test_a_read_charged_for_the_bots_it_played_uses_up_its_lease(
    redis_server: RedisServer,
) -> None:
    """A read of a game of bots only is charged what its slice played, into debt: the
    read's lease (7 more) pays part of it, and the next read is refused."""
    client = _client(redis_server, "leases-charge", bot_budget_seconds=10.0)
    bots = Api(client).create(
        "skipbo",
        [{"name": f"B{i}", "bot": "random"} for i in range(4)],
        options={"stock_size": 30, "target_score": 5000},
    )
    assert _served(client, f"/games/{bots['id']}", "10.9.0.6") <= 3


def test_the_lease_setting_is_checked_at_start_up() -> None:
    assert Settings.from_env({"CARDTABLE_RATE_LIMIT_LEASE": "1"}).rate_limit_lease == 1
    with pytest.raises(ValueError, match="rate_limit_lease"):
        Settings(rate_limit_lease=0)


SEAT_BUDGET = 600
"""A seat's reads a day, as the issue's client ran against 600 a minute: a day's period
makes a unit of refill take 144 s, so what the bucket allows does not depend on time."""


def test_a_client_reading_from_8_threads_gets_its_budget_and_never_more(
    redis_server: RedisServer,
) -> None:
    """One token reading from 8 threads through gunicorn (2 workers, leases of 8): the
    concurrent requests of one process share its lease (a newer one does not overwrite
    one held), what a lease did not use comes back, so the client is let through at least
    95 % of what its bucket holds, and never more."""
    env = {"CARDTABLE_RATE_LIMIT_SEAT_READS": f"{SEAT_BUDGET}/day"}
    with LiveServer(redis_url=redis_server.url, extra_env=env) as server:
        passed = lease_client(server.url, threads=8, requests=SEAT_BUDGET + 300).statuses
    assert sum(passed.values()) == SEAT_BUDGET + 300
    assert set(passed) <= {200, 429}
    # The bucket holds SEAT_BUDGET, and refills one read in 144 s: at most one more.
    assert SEAT_BUDGET * 0.95 <= passed[200] <= SEAT_BUDGET + 1, passed


def test_a_lease_used_up_by_a_refused_request_lets_none_pass_without_asking_redis() -> None:
    """A request Redis refused passes on what another's grant left in the lease
    (`take_all`); when that takes the lease's last request, the next request must ask
    Redis, not pass on the empty lease (1,206 passed of the 1,202 a bucket allowed)."""
    limit = buckets.Limit(600, 60, "600/minute")
    hits = ((limit, "leases:unit:seat"),)
    leases = buckets.Leases(8)
    leases.grant("leases:unit:seat", 1)
    assert leases.take_all(hits)  # the refused request passes on the last one
    assert not leases.holds("leases:unit:seat")
    assert leases.take(hits) == ((hits[0], 0),)  # the next one asks Redis
    assert not leases.take_all(hits)
