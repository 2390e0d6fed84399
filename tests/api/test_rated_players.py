"""Rated players through the real app: creation, name rules, profiles, renaming, key
rotation, and the refusals (401, 403, 404, 409, 422)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from tests.support.rated import bearer, new_player, schema_errors


def test_a_player_is_created_with_a_key_shown_once(client: Any, raw_redis: Any) -> None:
    response = client.post("/players", json={"name": "Ann", "kind": "human"})
    assert response.status_code == 201
    created = response.get_json()
    assert set(created) == {"id", "name", "kind", "key"}
    assert created["name"] == "Ann" and created["kind"] == "human"
    assert len(created["key"]) >= 24  # >= 128 random bits, base64url

    profile = client.get(f"/players/{created['id']}").get_json()
    assert profile["id"] == created["id"] and profile["name"] == "Ann"
    assert profile["ratings"]["skyjo"]["games"] == 0
    assert set(profile["ratings"]) == {"skyjo", "skipbo"}
    assert "key" not in str(profile).lower().replace("kind", "")
    assert schema_errors("CreatedPlayer", created) == []
    assert schema_errors("Player", profile) == []
    # The key is stored hashed only: nowhere in Redis in clear.
    for name in raw_redis.scan_iter("*"):
        kind = raw_redis.type(name)
        dump = repr(raw_redis.hgetall(name) if kind == b"hash" else raw_redis.dump(name))
        assert created["key"] not in dump
    digest = hashlib.sha256(created["key"].encode()).hexdigest()
    assert any(digest in name.decode() for name in raw_redis.scan_iter("*player-key*"))


@pytest.mark.parametrize(
    "name",
    [
        "",
        " Ann",
        "Ann ",
        "A  nn",
        "x" * 25,
        "An\u200bn",  # zero-width space (Cf)
        "Ann\u0301",  # combining acute accent
        "Ann\u202e",  # bidi override
        "A\tn",
        "\u3164",  # Hangul filler: shows as nothing
        "A\u00a0n",  # no-break space
        42,
    ],
)
def test_bad_names_are_refused_with_a_clear_code(client: Any, name: Any) -> None:
    response = client.post("/players", json={"name": name, "kind": "human"})
    assert response.status_code == 422, name
    assert response.get_json()["code"] == "invalid_player_name"


def test_names_are_unique_ignoring_case_and_forms(client: Any) -> None:
    new_player(client, name="Zoé")
    for twin in ("zoé", "ZOÉ", "Ｚｏé"):  # case, fullwidth letters (NFKC)
        response = client.post("/players", json={"name": twin, "kind": "bot"})
        assert response.status_code == 409, twin
        assert response.get_json()["code"] == "name_taken"


def test_a_bad_kind_or_body_is_422(client: Any) -> None:
    assert client.post("/players", json={"name": "Bo", "kind": "alien"}).status_code == 422
    assert client.post("/players", json={"name": "Bo"}).status_code == 422
    assert client.post("/players", json={"name": "Bo", "kind": "bot", "x": 1}).status_code == 422


def test_idempotency_key_replays_the_creation(client: Any) -> None:
    headers = {"Idempotency-Key": "create-player-0123456789"}
    first = client.post("/players", json={"name": "Cy", "kind": "bot"}, headers=headers)
    again = client.post("/players", json={"name": "Cy", "kind": "bot"}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    other = client.post("/players", json={"name": "Cyd", "kind": "bot"}, headers=headers)
    assert other.get_json()["code"] == "idempotency_key_reused"


def test_rename_frees_the_old_name(client: Any) -> None:
    ann = new_player(client, name="Anna")
    bob = new_player(client, name="Bob")
    url = f"/players/{ann['id']}"
    assert client.patch(url, json={"name": "Anne"}).status_code == 401
    assert client.patch(url, json={"name": "Anne"}, headers=bearer(bob["key"])).status_code == 403
    taken = client.patch(url, json={"name": "BOB"}, headers=bearer(ann["key"]))
    assert taken.status_code == 409 and taken.get_json()["code"] == "name_taken"
    renamed = client.patch(url, json={"name": "Anne"}, headers=bearer(ann["key"]))
    assert renamed.status_code == 200 and renamed.get_json()["name"] == "Anne"
    assert client.get(url).get_json()["name"] == "Anne"
    new_player(client, name="anna")  # freed
    same = client.patch(url, json={"name": "ANNE"}, headers=bearer(ann["key"]))
    assert same.status_code == 200 and same.get_json()["name"] == "ANNE"


def test_rotating_the_key_ends_the_old_one(client: Any) -> None:
    ann = new_player(client)
    url = f"/players/{ann['id']}/key"
    headers = {**bearer(ann["key"]), "Idempotency-Key": "rotate-0123456789abcdef"}
    rotated = client.post(url, headers=headers)
    assert rotated.status_code == 201
    new_key = rotated.get_json()["key"]
    assert new_key != ann["key"]
    replay = client.post(url, headers=headers)  # the retry of a lost answer, old key
    assert replay.status_code == 201 and replay.get_json()["key"] == new_key
    body = {"game": "skyjo", "players": 2}
    old = client.post("/queue", json=body, headers=bearer(ann["key"]))
    assert old.status_code == 401 and old.get_json()["code"] == "invalid_token"
    assert client.post("/queue", json=body, headers=bearer(new_key)).status_code == 202


def test_unknown_players_and_keys(client: Any) -> None:
    assert client.get("/players/nobody").status_code == 404
    assert client.get("/players/nobody/games").status_code == 404
    body = {"game": "skyjo", "players": 2}
    assert client.post("/queue", json=body).get_json()["code"] == "token_required"
    assert client.post("/queue", json=body).status_code == 401
    assert client.post("/queue", json=body, headers=bearer("ctp_nope")).status_code == 401


def test_an_empty_history(client: Any) -> None:
    ann = new_player(client)
    page = client.get(f"/players/{ann['id']}/games").get_json()
    assert page == {"games": [], "next": None}


def test_creating_players_and_queueing_have_their_own_budget(settings: Any) -> None:
    from tests.support.app_under_test import app_under_test

    with app_under_test(
        settings.with_overrides(rate_limit_players="2/hour", rate_limit_queue="1/hour")
    ) as app:
        client = app.test_client()
        ann = new_player(client)
        new_player(client)
        assert client.get(f"/players/{ann['id']}").status_code == 200  # reads: not this budget
        queued = client.post(
            "/queue", json={"game": "skyjo", "players": 2}, headers=bearer(ann["key"])
        )
        assert queued.status_code == 202
        refused = client.post("/players", json={"name": "Late", "kind": "human"})
        assert refused.status_code == 429 and refused.get_json()["code"] == "rate_limited"


def test_keys_and_seat_tokens_never_reach_the_logs(client: Any, caplog: Any) -> None:
    caplog.set_level("DEBUG")
    ann = new_player(client)
    bob = client.post("/players", json={"name": "Bea", "kind": "human"}).get_json()
    ticket = client.post(
        "/queue", json={"game": "skyjo", "players": 2}, headers=bearer(ann["key"])
    ).get_json()["ticket"]
    theirs = client.post(
        "/queue", json={"game": "skyjo", "players": 2}, headers=bearer(bob["key"])
    ).get_json()["ticket"]
    matched = client.get(f"/queue/{theirs}", headers=bearer(bob["key"])).get_json()
    client.get(f"/queue/{ticket}", headers=bearer(ann["key"]))
    client.get(f"/queue/{ticket}", headers=bearer(bob["key"]))  # a refusal: 403
    client.post(f"/players/{ann['id']}/key", headers=bearer(ann["key"]))
    assert matched["token"]
    logged = caplog.text + "".join(repr(record.__dict__) for record in caplog.records)
    for secret in (ann["key"], bob["key"], matched["token"]):
        assert secret not in logged


def test_the_server_bots_names_are_kept_for_them(client: Any) -> None:
    refused = client.post("/players", json={"name": "GREEDY BOT 1", "kind": "bot"})
    assert refused.status_code == 409 and refused.get_json()["code"] == "name_taken"
    ann = new_player(client)
    renamed = client.patch(
        f"/players/{ann['id']}", json={"name": "Random bot 7"}, headers=bearer(ann["key"])
    )
    assert renamed.status_code == 409
    assert client.get("/players/bot-greedy-1").status_code in (200, 404)
