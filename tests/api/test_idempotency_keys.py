"""Idempotency-Key on every unsafe POST, against the real app over a real Redis: a retry
returns the first answer (the same game, seat and token), a key reused for another request
is refused, records live apart from the game with their own expiry, and no token is
readable in Redis."""

from __future__ import annotations

import base64
import hashlib
import random
import secrets
import uuid
from dataclasses import replace
from typing import Any

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.games.idempotency import KEPT_PER_SEAT
from tests.api.conftest import Api
from tests.support.threads import run_at_once

OPEN = [{"name": "Ann"}, {"open": True}, {"open": True}]


def _key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


def _post(api: Api, path: str, body: Any = None, **headers: str) -> Any:
    return api.client.post(path, json=body, headers=headers)


def test_a_create_sent_again_with_its_key_returns_the_same_game_and_tokens(api: Api) -> None:
    key = _key()
    body = {"game": "skyjo", "players": OPEN}
    first = _post(api, "/games", body, **key)
    again = _post(api, "/games", body, **key)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == first.headers["Location"]
    assert "Idempotent-Replayed" not in first.headers
    other = _post(api, "/games", {"game": "skipbo", "players": OPEN}, **key)
    assert (other.status_code, other.get_json()["code"]) == (422, "idempotency_key_reused")
    short = _post(api, "/games", body, **{"Idempotency-Key": "1"})
    assert (short.status_code, short.get_json()["code"]) == (400, "invalid_header")


def test_racing_creates_with_one_key_make_one_game(api: Api) -> None:
    key, answers = _key(), []
    body = {"game": "skyjo", "players": [{"name": "a"}, {"name": "b", "bot": "greedy"}]}

    def send() -> None:
        own = Api(api.client.application.test_client())
        answers.append(_post(own, "/games", body, **key))

    run_at_once([send] * 6)
    assert {a.status_code for a in answers} == {201}
    assert len({a.get_json()["id"] for a in answers}) == 1
    assert len({a.get_json()["players"][0]["token"] for a in answers}) == 1


def test_a_join_sent_again_with_its_key_returns_the_same_seat_and_token(api: Api) -> None:
    created = api.create("skyjo", OPEN)
    path, key = f"/games/{created['id']}/join", _key()
    body = {"name": "Bea", "invite": created["invite"]}
    first, again = _post(api, path, body, **key), _post(api, path, body, **key)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"]
    assert api.view(created["id"])["version"] == first.get_json()["version"]
    seated = [s for s in api.view(created["id"])["seats"] if not s["open"]]
    assert len(seated) == 2  # one seat, not two
    last = _post(api, path, {"name": "Cy", "invite": created["invite"]}, **_key())
    assert last.status_code == 201 and last.get_json()["seat"] != first.get_json()["seat"]
    # The game is dealt now; the first join's retry still gets its own answer.
    assert _post(api, path, body, **key).get_json() == first.get_json()
    renamed = _post(api, path, {"name": "Bo", "invite": created["invite"]}, **key)
    assert (renamed.status_code, renamed.get_json()["code"]) == (422, "idempotency_key_reused")


def test_leave_and_start_sent_again_with_their_key_answer_as_the_first_time(api: Api) -> None:
    created = api.create("skyjo", OPEN)
    game_id, token = created["id"], created["players"][0]["token"]
    joined = _post(api, f"/games/{game_id}/join", {"name": "Bea", "invite": created["invite"]})
    bea = {"Authorization": f"Bearer {joined.get_json()['token']}"}
    key = _key()
    first = _post(api, f"/games/{game_id}/leave", None, **bea, **key)
    again = _post(api, f"/games/{game_id}/leave", None, **bea, **key)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    plain = _post(api, f"/games/{game_id}/leave", None, **bea)
    assert (plain.status_code, plain.get_json()["code"]) == (409, "already_left")
    ann, key = {"Authorization": f"Bearer {token}"}, _key()
    started = _post(api, f"/games/{game_id}/start", {"fill": "greedy"}, **ann, **key)
    restarted = _post(api, f"/games/{game_id}/start", {"fill": "greedy"}, **ann, **key)
    assert started.status_code == restarted.status_code == 200, started.get_json()
    assert restarted.get_json() == started.get_json()
    assert api.view(game_id)["version"] >= started.get_json()["version"]


def test_a_rematch_sent_again_with_its_key_returns_the_same_seat(api: Api) -> None:
    created = api.create("skyjo", [{"name": "a"}, {"name": "b", "bot": "greedy"}], seed=3)
    api.play_to_end(created, random.Random(1))
    path, token = f"/games/{created['id']}/rematch", created["players"][0]["token"]
    auth, key = {"Authorization": f"Bearer {token}"}, _key()
    first, again = _post(api, path, None, **auth, **key), _post(api, path, None, **auth, **key)
    assert first.status_code == again.status_code == 201, first.get_json()
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"


def test_records_live_apart_with_their_own_expiry_and_hold_no_token(
    api: Api, raw_redis: Any, settings: Settings
) -> None:
    key = _key()
    first = _post(api, "/games", {"game": "skyjo", "players": OPEN}, **key).get_json()
    game_id, token = first["id"], first["players"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert _post(api, f"/games/{game_id}/start", {"fill": "greedy"}, **auth).status_code == 200
    for _ in range(6):  # the seat's keyed moves: only its newest few are kept
        move = api.legal(game_id, token)["moves"][0]
        assert api.move(game_id, token, move, **_key()).status_code == 200
    keys = {k.decode() for k in raw_redis.keys(f"{settings.key_prefix}:game:{{{game_id}}}*")}
    game_key = f"{settings.key_prefix}:game:{{{game_id}}}"
    assert f"{game_key}:rec:create" in keys and f"{game_key}:rec:seat0" in keys
    assert not [f for f in raw_redis.hkeys(game_key) if f.startswith(b"idem")]
    for name in (f"{game_key}:rec:create", f"{game_key}:rec:seat0"):
        assert 0 < raw_redis.ttl(name) <= settings.idempotency_ttl_seconds
    assert raw_redis.llen(f"{game_key}:rec:seat0") == KEPT_PER_SEAT
    stored = b"".join(
        raw_redis.dump(k) or b"" for k in raw_redis.keys(f"{settings.key_prefix}:*")
    )  # fmt: skip
    assert token.encode() not in stored and first["invite"].encode() not in stored


def test_a_move_replayed_after_the_game_moved_on_is_its_first_answer(api: Api) -> None:
    created = api.create("skyjo", [{"name": "a"}, {"name": "b", "bot": "greedy"}], seed=5)
    game_id, token = created["id"], created["players"][0]["token"]
    key = _key()
    reveal = {"type": "reveal", "row": 0, "col": 0}
    first = api.move(game_id, token, reveal, **key)
    api.move(game_id, token, {"type": "reveal", "row": 1, "col": 1})
    again = api.move(game_id, token, reveal, **key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["applied"] == first.get_json()["applied"]
    assert again.get_json()["version"] == first.get_json()["version"]


SKYJO_ROUND = {"card_totals": [12, 30], "finisher": 0}


def test_a_sheet_created_again_with_its_key_is_the_same_sheet_and_edit_token(
    api: Api, raw_redis: Any, settings: Settings
) -> None:
    body, key = {"game": "skyjo", "players": ["Ann", "Ben"]}, _key()
    first, again = _post(api, "/scoresheets", body, **key), _post(api, "/scoresheets", body, **key)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == first.headers["Location"]
    sheets = raw_redis.keys(f"{settings.key_prefix}:sheet:*")
    assert len([k for k in sheets if b":rec:" not in k]) == 1  # one sheet, not two
    other = _post(api, "/scoresheets", {**body, "players": ["Ann", "Cy"]}, **key)
    assert (other.status_code, other.get_json()["code"]) == (422, "idempotency_key_reused")
    short = _post(api, "/scoresheets", body, **{"Idempotency-Key": "short"})
    assert (short.status_code, short.get_json()["code"]) == (400, "invalid_header")
    stored = b"".join(raw_redis.dump(k) or b"" for k in sheets)
    assert first.get_json()["edit_token"].encode() not in stored


def test_sheet_edits_sent_again_with_their_key_are_made_once(api: Api) -> None:
    created = _post(api, "/scoresheets", {"game": "skyjo", "players": ["Ann", "Ben"]}).get_json()
    rounds = f"/scoresheets/{created['id']}/rounds"
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    key = _key()
    first = _post(api, rounds, SKYJO_ROUND, **auth, **key, **{"If-Match": '"0"'})
    again = _post(api, rounds, SKYJO_ROUND, **auth, **key, **{"If-Match": '"0"'})
    assert first.status_code == again.status_code == 201, again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json() and len(first.get_json()["rounds"]) == 1
    # Another body, or another edit, with the same key: refused, nothing changed.
    for method, path, round_ in (
        ("post", rounds, {"card_totals": [1, 2], "finisher": None}),
        ("put", f"{rounds}/last", SKYJO_ROUND),
        ("delete", f"{rounds}/last", None),
    ):
        reused = getattr(api.client, method)(path, json=round_, headers={**auth, **key})
        assert (reused.status_code, reused.get_json()["code"]) == (422, "idempotency_key_reused")
    # The edit token is part of the key's scope: another token gets no replay.
    wrong = _post(api, rounds, SKYJO_ROUND, **key, Authorization="Bearer nope")
    assert wrong.status_code == 401
    fix, drop = _key(), _key()
    fixed = {"card_totals": [10, 30], "finisher": 0}
    for _ in range(2):
        put = api.client.put(f"{rounds}/last", json=fixed, headers={**auth, **fix})
        assert put.status_code == 200 and put.get_json()["rounds"][0]["card_totals"] == [10, 30]
    for _ in range(2):
        dropped = api.client.delete(f"{rounds}/last", headers={**auth, **drop})
        assert dropped.status_code == 200, dropped.get_json()
    sheet = api.client.get(f"/scoresheets/{created['id']}").get_json()
    assert sheet["rounds"] == [] and sheet["version"] == 3  # add, replace, delete: once each


def _derived_from_the_key_alone(purpose: bytes, key: str) -> str:
    """How ids were derived from a key before: anyone could."""
    digest = hashlib.sha256(purpose + key.encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


VICTIM, ATTACKER = {"REMOTE_ADDR": "198.51.100.7"}, {"REMOTE_ADDR": "203.0.113.66"}


def test_a_guessable_key_gives_no_one_else_the_sheet_nor_its_edit_token(api: Api) -> None:
    """The issue's chain: a victim's sheet created with a guessable (allowed) key; an
    attacker who guesses the key cannot derive the sheet's id from it, and replaying the
    create (even with the very body) from another address gets no edit token. The victim's
    own retry still gets its answer."""
    body, key = {"game": "skyjo", "players": ["Ann", "Ben"]}, "1700000000000-01"
    created = api.client.post(
        "/scoresheets", json=body, headers={"Idempotency-Key": key}, environ_base=VICTIM
    )
    assert created.status_code == 201
    for n in range(1, 5):  # the attacker's 4 GETs
        guess = _derived_from_the_key_alone(b"cardtable sheet\n", f"1700000000000-0{n}")
        found = api.client.get(f"/scoresheets/{guess}", environ_base=ATTACKER)
        assert found.status_code == 404
    replay = api.client.post(
        "/scoresheets", json=body, headers={"Idempotency-Key": key}, environ_base=ATTACKER
    )
    assert (replay.status_code, replay.get_json()["code"]) == (422, "idempotency_key_reused")
    assert created.get_json()["edit_token"] not in replay.get_data(as_text=True)
    own = api.client.post(
        "/scoresheets", json=body, headers={"Idempotency-Key": key}, environ_base=VICTIM
    )
    assert own.status_code == 201 and own.headers["Idempotent-Replayed"] == "true"
    assert own.get_json() == created.get_json()


def test_a_guessable_key_gives_no_one_else_a_public_games_creator_seat(api: Api) -> None:
    body = {"game": "skyjo", "players": OPEN, "public": True}
    key = {"Idempotency-Key": "1700000000000-02"}
    created = api.client.post("/games", json=body, headers=key, environ_base=VICTIM)
    assert created.status_code == 201, created.get_json()
    guess = _derived_from_the_key_alone(b"cardtable create\n", key["Idempotency-Key"])
    assert guess != created.get_json()["id"]
    assert api.client.get(f"/games/{guess}", environ_base=ATTACKER).status_code == 404
    # The game is public: its id is in the lobby; still, its key replays to no one else.
    replay = api.client.post("/games", json=body, headers=key, environ_base=ATTACKER)
    assert (replay.status_code, replay.get_json()["code"]) == (422, "idempotency_key_reused")
    assert created.get_json()["players"][0]["token"] not in replay.get_data(as_text=True)
    # Nor does a join's: the seat's token stays its joiner's.
    join = {"name": "Bea"}
    path, key = f"/games/{created.get_json()['id']}/join", {"Idempotency-Key": "bea-join-0000001"}
    joined = api.client.post(path, json=join, headers=key, environ_base=VICTIM)
    assert joined.status_code == 201, joined.get_json()
    stolen = api.client.post(path, json=join, headers=key, environ_base=ATTACKER)
    assert (stolen.status_code, stolen.get_json()["code"]) == (422, "idempotency_key_reused")
    again = api.client.post(path, json=join, headers=key, environ_base=VICTIM)
    assert again.get_json() == joined.get_json()


def test_a_random_key_replays_its_tokens_to_whoever_sends_it(api: Api) -> None:
    """A key in the form of a random one (32 hex digits, as the SDK and the TypeScript
    client send; a random UUID): a retry from another address (a phone that changed
    networks) gets its answer."""
    for key in (secrets.token_hex(16), str(uuid.uuid4())):
        body, headers = {"game": "skyjo", "players": OPEN}, {"Idempotency-Key": key}
        first = api.client.post("/games", json=body, headers=headers, environ_base=VICTIM)
        moved = api.client.post("/games", json=body, headers=headers, environ_base=ATTACKER)
        assert first.status_code == moved.status_code == 201
        assert moved.get_json() == first.get_json()


def test_ids_are_derived_with_one_secret_shared_by_every_replica(
    api: Api, settings: Settings, raw_redis: Any
) -> None:
    """No secret configured: the first replica keeps one in Redis and every replica derives
    the same id from a key (a retry through another replica finds the first answer)."""
    other = Api(create_app(settings).test_client())
    body, key = {"game": "skyjo", "players": OPEN}, {"Idempotency-Key": "1700000000000-03"}
    first = api.client.post("/games", json=body, headers=key)
    again = other.client.post("/games", json=body, headers=key)
    assert again.status_code == 201 and again.get_json() == first.get_json()
    assert len(raw_redis.get(f"{settings.key_prefix}:secret:ids")) == 64
    given = Api(create_app(replace(settings, idempotency_secret="s" * 32)).test_client())
    elsewhere = given.client.post("/games", json=body, headers=key)
    assert elsewhere.status_code == 201 and elsewhere.get_json()["id"] != first.get_json()["id"]
