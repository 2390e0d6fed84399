"""A Redis that refuses writes (full, read-only, failing to persist, paused) gives 503 with
a stable code and fails readiness; a move whose outcome is unknown says so, and its retry
with the same Idempotency-Key is applied once."""

from __future__ import annotations

import os
import random
import tempfile
import time
import uuid
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


def _keyed_writes(api: Api) -> list[tuple[str, str, Any, dict[str, str]]]:
    """One request of every kind that takes an Idempotency-Key, each on state made ready
    for it (a game to move in, a table to join, leave and start, a finished game to
    rematch, a score sheet to edit): method, path, body, headers."""
    created = api.create("skyjo", 2, seed=3)
    game_id, token = created["id"], created["players"][0]["token"]
    table = api.create("skyjo", [{"name": "Ann"}, {"open": True}, {"open": True}])
    joined = api.client.post(
        f"/games/{table['id']}/join", json={"name": "Bea", "invite": table["invite"]}
    ).get_json()
    finished = api.create("skyjo", [{"name": "a"}, {"name": "b", "bot": "greedy"}], seed=3)
    api.play_to_end(finished, random.Random(1))
    sheet = api.client.post("/scoresheets", json={"game": "skyjo", "players": ["A", "B"]})
    sheet_id, edit = sheet.get_json()["id"], Api.auth(sheet.get_json()["edit_token"])
    first_round = {"card_totals": [3, 4], "finisher": 0}
    added = api.client.post(f"/scoresheets/{sheet_id}/rounds", json=first_round, headers=edit)
    assert added.status_code == 201, added.get_json()
    table_id, ann = table["id"], Api.auth(table["players"][0]["token"])
    round_ = {"card_totals": [12, 30], "finisher": 0}
    return [
        ("post", "/games", {"game": "skyjo", "players": [{"name": "a"}] * 2}, {}),
        ("post", "/scoresheets", {"game": "skyjo", "players": ["A", "B"]}, {}),
        ("post", f"/games/{game_id}/moves", {"move": REVEAL}, Api.auth(token)),
        ("post", f"/games/{table_id}/join", {"name": "Cy", "invite": table["invite"]}, {}),
        ("post", f"/games/{table_id}/leave", None, Api.auth(joined["token"])),
        ("post", f"/games/{table_id}/start", {"fill": "greedy"}, ann),
        (
            "post",
            f"/games/{finished['id']}/rematch",
            None,
            Api.auth(finished["players"][0]["token"]),
        ),
        ("post", f"/scoresheets/{sheet_id}/rounds", round_, edit),
        ("put", f"/scoresheets/{sheet_id}/rounds/last", round_, edit),
        ("delete", f"/scoresheets/{sheet_id}/rounds/last", None, edit),
    ]


REFUSALS = {
    # With CARDTABLE_REDIS_WAIT_REPLICAS, a Redis short of replicas refuses writes with
    # NOREPLICAS; a rematch's first command is its write script, which Redis 6.2 lets
    # write without replicas: written where no replica confirmed it, its outcome unknown.
    "noreplicas": (
        {"redis_wait_replicas": 1, "redis_wait_timeout_ms": 50},
        {"min-replicas-to-write": 1},
        {"store_read_only", "outcome_unknown"},
    ),
    "oom": ({}, {"maxmemory-policy": "noeviction", "maxmemory": 1}, {"store_full"}),
}


@pytest.mark.parametrize("refusal", sorted(REFUSALS))
@pytest.mark.parametrize("rate_limits", [True, False], ids=["limited", "unlimited"])
def test_keyed_writes_of_every_kind_answer_503_while_redis_refuses_writes(
    own_redis: RedisServer, rate_limits: bool, refusal: str
) -> None:
    """Redis refusing writes (NOREPLICAS, OOM), however redis-py wraps the refusal
    ("Command # 2 (EXPIRE …) of pipeline caused error: NOREPLICAS …", a script's error):
    every keyed write answers 503 with the refusal's code and Retry-After, never 500 (and
    the rate limits' own scripts in front of them neither fail nor let it through)."""
    overrides, config, codes = REFUSALS[refusal]
    ready = Api(create_app(Settings(redis_url=own_redis.url, key_prefix="refused")).test_client())
    writes = _keyed_writes(ready)
    app = create_app(
        Settings(
            redis_url=own_redis.url,
            key_prefix="refused",
            rate_limits_enabled=rate_limits,
            **overrides,
        )
    )
    raw = redis.Redis.from_url(own_redis.url)
    before = {name: raw.config_get(name)[name] for name in config}
    for name, value in config.items():
        raw.config_set(name, value)
    try:
        answers = {}
        for method, path, body, headers in writes:
            keyed = {**headers, "Idempotency-Key": f"refused-{uuid.uuid4()}"}
            answer = getattr(app.test_client(), method)(path, json=body, headers=keyed)
            answers[f"{method} {path}"] = (
                answer.status_code, answer.get_json()["code"], "Retry-After" in answer.headers
            )  # fmt: skip
    finally:
        for name, value in before.items():
            raw.config_set(name, value)
    refused = {(503, code, True) for code in codes}
    assert len(answers) == 10
    assert {path: a for path, a in answers.items() if a not in refused} == {}
