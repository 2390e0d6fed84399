"""A Redis that refuses writes (full, read-only, failing to persist, paused) gives 503 with
a stable code and fails readiness; a move whose outcome is unknown says so, and its retry
with the same Idempotency-Key is applied once."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer, free_port
from tests.api.conftest import Api
from tests.support.reply_dropping_proxy import ReplyDroppingProxy
from tests.support.threads import run_at_once

REVEAL = {"type": "reveal", "row": 0, "col": 0}


@pytest.fixture
def own_redis() -> Iterator[RedisServer]:
    """A redis-server of this test alone: the tests reconfigure it."""
    with RedisServer() as server:
        yield server


def _setup(server: RedisServer, **overrides: Any) -> tuple[Api, redis.Redis, dict[str, Any]]:
    app = create_app(Settings(redis_url=server.url, key_prefix="refusals", **overrides))
    api = Api(app.test_client())
    assert api.client.get("/readyz").status_code == 200  # as the kubelet does from the start
    return api, redis.Redis.from_url(server.url), api.create("skyjo", 2, seed=3)


def _assert_refused(api: Api, created: dict[str, Any], code: str) -> None:
    game_id, token = created["id"], created["players"][0]["token"]
    move = api.move(game_id, token, REVEAL)
    assert (move.status_code, move.get_json()["code"]) == (503, code), move.get_json()
    assert move.headers["Retry-After"]
    new = api.client.post("/games", json={"game": "skyjo", "players": [{"name": "a"}] * 2})
    assert (new.status_code, new.get_json()["code"]) == (503, code)
    # Still ready (Redis is shared: no other pod would do better), and it says why.
    ready = api.client.get("/readyz")
    assert ready.status_code == 200, ready.get_json()
    assert ready.get_json() == {"status": "degraded", "checks": {"redis": code}}
    # Reads still work, and nothing changed.
    assert api.view(game_id)["version"] == 0


def test_a_full_redis_refuses_writes_with_503_store_full(own_redis: RedisServer) -> None:
    api, raw, created = _setup(own_redis)
    assert api.client.get("/readyz").status_code == 200
    raw.config_set("maxmemory-policy", "noeviction")
    raw.config_set("maxmemory", 1)
    _assert_refused(api, created, "store_full")
    raw.config_set("maxmemory", 0)
    assert api.client.get("/readyz").status_code == 200
    assert api.move(created["id"], created["players"][0]["token"], REVEAL).status_code == 200


def test_a_read_only_replica_refuses_writes_with_503(own_redis: RedisServer) -> None:
    api, raw, created = _setup(own_redis)
    raw.execute_command("REPLICAOF", "127.0.0.1", str(free_port()))  # nobody listens there
    try:
        _assert_refused(api, created, "store_read_only")
    finally:
        raw.execute_command("REPLICAOF", "NO", "ONE")
    assert api.client.get("/readyz").status_code == 200


def test_a_redis_failing_to_persist_refuses_writes_with_503(own_redis: RedisServer) -> None:
    api, raw, created = _setup(own_redis)
    doomed = tempfile.mkdtemp(prefix="cardtable-misconf-")
    raw.config_set("dir", doomed)
    os.rmdir(doomed)  # the snapshot cannot be written anywhere now, even as root
    raw.config_set("save", "3600 1")
    raw.config_set("stop-writes-on-bgsave-error", "yes")
    raw.bgsave()
    while raw.info("persistence")["rdb_bgsave_in_progress"]:
        time.sleep(0.05)
    assert raw.info("persistence")["rdb_last_bgsave_status"] == "err"
    _assert_refused(api, created, "store_read_only")


def test_a_move_whose_reply_is_lost_is_outcome_unknown_and_retries_once(
    own_redis: RedisServer,
) -> None:
    """The compare-and-set reaches Redis and is applied, but its reply is lost: the 503
    says the outcome is unknown, and a retry with the same Idempotency-Key returns the
    first answer instead of acting twice."""
    with ReplyDroppingProxy(own_redis.port) as proxy:
        app = create_app(
            # Rate limits off: their own EVALSHA through the proxy would be the lost one.
            Settings(
                redis_url=proxy.url,
                key_prefix="lost",
                redis_timeout_seconds=0.5,
                rate_limits_enabled=False,
            )
        )
        api = Api(app.test_client())
        created = api.create("skyjo", 2, seed=3)
        game_id, token = created["id"], created["players"][0]["token"]
        key = {"Idempotency-Key": "reveal-0-0"}
        # A first move loads the compare-and-set script into Redis (EVALSHA → NOSCRIPT →
        # load), so that the lost reply below is the one of the write itself.
        assert api.move(game_id, created["players"][1]["token"], REVEAL).status_code == 200
        proxy.armed.set()
        lost = api.move(game_id, token, REVEAL, **key)
        assert (lost.status_code, lost.get_json()["code"]) == (503, "outcome_unknown")
        proxy.heal()
        assert api.view(game_id)["version"] == 2  # it was applied after all
        retry = api.move(game_id, token, REVEAL, **key)
        assert retry.status_code == 200, retry.get_json()
        assert retry.get_json()["version"] == 2
        assert retry.headers["Idempotent-Replayed"] == "true"
        assert api.view(game_id)["version"] == 2
        unkeyed = api.move(game_id, token, REVEAL)  # without a key, nothing is replayed
        assert (unkeyed.status_code, unkeyed.get_json()["code"]) == (422, "illegal_move")
        assert api.view(game_id)["version"] == 2


def test_racing_retries_with_one_idempotency_key_apply_the_move_once(
    own_redis: RedisServer,
) -> None:
    api, _, created = _setup(own_redis)
    game_id, token = created["id"], created["players"][0]["token"]
    answers: list[Any] = []

    def send() -> None:
        client = api.client.application.test_client()
        answers.append(
            client.post(
                f"/games/{game_id}/moves",
                json={"move": REVEAL},
                headers={**Api.auth(token), "Idempotency-Key": "same"},
            )
        )

    run_at_once([send] * 8)
    assert {a.status_code for a in answers} == {200}
    assert {a.get_json()["version"] for a in answers} == {1}
    assert api.view(game_id)["version"] == 1
    other = api.move(game_id, token, {"type": "reveal", "row": 0, "col": 1}, **{
        "Idempotency-Key": "same"})  # fmt: skip
    assert (other.status_code, other.get_json()["code"]) == (422, "idempotency_key_reused")
