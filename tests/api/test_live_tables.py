"""Live tables through the real app over real Redis (and the local Redis Cluster): open
seats raced for by many clients, the lobby and its cursor, leaving, starting early, rematch,
and every new refusal (each changes nothing)."""

from __future__ import annotations

import random
import threading
from functools import partial
from typing import Any

import pytest
from flask import Flask

from cardtable.documents.movelog import entries, replay
from cardtable.store import compression as codec
from tests.api.conftest import Api
from tests.support.threads import run_at_once

OPEN = {"open": True}


def game_key(settings: Any, game_id: str) -> str:
    return f"{settings.key_prefix}:game:{{{game_id}}}"


def stored_doc(raw_redis: Any, settings: Any, game_id: str) -> dict[str, Any]:
    doc: dict[str, Any] = codec.decode(raw_redis.hget(game_key(settings, game_id), "doc"))
    return doc


def join(api: Api, game_id: str, name: Any = "Bea", **body: Any) -> Any:
    return api.client.post(f"/games/{game_id}/join", json={"name": name, **body})


def post(api: Api, path: str, token: str | None = None, body: Any = None) -> Any:
    return api.client.post(path, json=body or {}, headers=Api.auth(token))


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.get_json()
    assert response.get_json()["code"] == code, response.get_json()


def lobby(api: Api, **query: Any) -> dict[str, Any]:
    response = api.client.get("/games", query_string={"open": "true", **query})
    assert response.status_code == 200, response.get_json()
    page: dict[str, Any] = response.get_json()
    return page


def lobby_ids(api: Api, **query: Any) -> list[str]:
    return [entry["id"] for entry in lobby(api, **query)["games"]]


def test_sixteen_clients_race_for_three_open_seats(
    app: Flask, api: Api, raw_redis: Any, settings: Any
) -> None:
    created = api.create("skyjo", [{"name": "Ann"}, OPEN, OPEN, OPEN])
    assert created["version"] == 0 and created["invite"]
    assert [p["open"] for p in created["players"]] == [False, True, True, True]
    assert [p["token"] is None for p in created["players"]] == [False, True, True, True]
    start = threading.Barrier(16, timeout=30)
    answers: list[tuple[int, Any]] = []

    def racer(index: int) -> None:
        client = app.test_client()
        start.wait()
        response = client.post(
            f"/games/{created['id']}/join",
            json={"name": f"R{index}", "invite": created["invite"]},
        )
        answers.append((index, response))

    run_at_once(partial(racer, i) for i in range(16))
    won = [a.get_json() | {"name": f"R{i}"} for i, a in answers if a.status_code == 201]
    lost = [a for _, a in answers if a.status_code != 201]
    assert len(won) == 3
    for answer in lost:
        refused(answer, 409, "no_open_seat")
    assert sorted(w["seat"] for w in won) == [1, 2, 3]
    assert sorted(w["version"] for w in won) == [1, 2, 3]  # gapless: one per seat taken
    doc = stored_doc(raw_redis, settings, created["id"])
    assert [e["version"] for e in doc["table_log"]] == [1, 2, 3]
    assert [e["type"] for e in doc["table_log"]] == ["join"] * 3
    stored_moves = raw_redis.get(game_key(settings, created["id"]) + ":log") or b""
    engine_log = replay(doc["state"], entries(stored_moves)).log  # the snapshot has no log
    deals = [e for e in engine_log if e.get("type") == "deal"]
    assert len(deals) == 1  # dealt once, by the join that took the last seat
    view = api.view(created["id"], won[0]["token"])
    assert view["phase"] != "waiting" and view["version"] == 3 and view["open_seats"] == 0
    for winner in won:  # each seat went to the client that was told it got it
        assert doc["state"]["names"][winner["seat"]] == winner["name"]


def test_a_waiting_game_shows_its_seats_and_nothing_of_the_engine(api: Api) -> None:
    created = api.create("skipbo", [{"name": "Ann"}, OPEN], turn_seconds=60)
    token = created["players"][0]["token"]
    view = api.view(created["id"], token)
    assert view["phase"] == "waiting" and view["open_seats"] == 1 and view["seat"] == 0
    assert [s["open"] for s in view["seats"]] == [False, True]
    assert "hand" not in view and "invite" not in str(view) and token not in str(view)
    assert api.legal(created["id"], token) == {"version": 0, "seat": 0, "moves": []}
    refused(api.move(created["id"], token, {"type": "pass"}), 409, "game_not_started")
    refused(api.client.get(f"/games/{created['id']}/record"), 409, "game_not_over")
    score = api.client.get(f"/games/{created['id']}/score").get_json()
    assert score == {"finished": False, "rounds": [], "totals": [0, 0], "winners": []}
    joined = join(api, created["id"], invite=created["invite"]).get_json()
    dealt = api.view(created["id"], joined["token"])
    assert dealt["phase"] == "playing" and dealt["seat"] == 1 and dealt["version"] >= 1
    assert dealt["turn_seconds"] == 60 and dealt["deadline"].endswith("Z")


def test_the_lobby_lists_public_waiting_games_only(api: Api, raw_redis: Any, settings: Any) -> None:
    listed = api.create("skyjo", [{"name": "Ann"}, OPEN, OPEN], public=True)
    private = api.create("skyjo", [{"name": "Bob"}, OPEN])
    other = api.create("skipbo", [{"name": "Cy"}, OPEN], public=True)
    assert lobby_ids(api) == [other["id"], listed["id"]]
    assert lobby_ids(api, game="skyjo") == [listed["id"]]
    assert private["id"] not in lobby_ids(api)
    entry = lobby(api, game="skyjo")["games"][0]
    assert entry["open_seats"] == 2 and entry["players"][0]["name"] == "Ann"
    assert "token" not in str(entry) and "invite" not in str(entry)
    join(api, listed["id"])  # public: no invite needed
    assert lobby(api, game="skyjo")["games"][0]["open_seats"] == 1
    join(api, listed["id"], name="Dan")  # full: dealt, gone
    assert lobby_ids(api) == [other["id"]]
    raw_redis.delete(game_key(settings, other["id"]))  # what expiry does
    assert lobby_ids(api) == []
    started = api.create("skipbo", [{"name": "Eve"}, OPEN], public=True)
    token = started["players"][0]["token"]
    assert post(api, f"/games/{started['id']}/start", token).status_code == 200
    assert lobby_ids(api) == []


def test_lobby_pages_never_repeat_or_skip_while_games_come_and_go(api: Api) -> None:
    def public_game() -> str:
        return str(api.create("skyjo", [{"name": "Ann"}, OPEN], public=True)["id"])

    stayers = [public_game() for _ in range(9)]
    seen: list[str] = []
    cursor: str | None = None
    rng = random.Random(5)
    while True:
        page = lobby(api, limit=2, **({"cursor": cursor} if cursor else {}))
        seen += [entry["id"] for entry in page["games"]]
        # Meanwhile: new games arrive (newer than any page), one game fills and leaves.
        public_game()
        goer = public_game()
        if rng.random() < 0.5:
            join(api, goer)
        cursor = page["next"]
        if cursor is None:
            break
    stayers_seen = [game_id for game_id in seen if game_id in stayers]
    assert stayers_seen == list(reversed(stayers))  # each once, newest first
    assert len(seen) == len(set(seen))


def test_leaving_before_the_deal_opens_the_seat_again(api: Api) -> None:
    created = api.create("skyjo", [{"name": "Ann"}, OPEN, OPEN], public=True)
    bea = join(api, created["id"], invite=created["invite"]).get_json()
    assert bea["seat"] == 1 and bea["version"] == 1
    left = post(api, f"/games/{created['id']}/leave", bea["token"])
    assert left.status_code == 200 and left.get_json()["version"] == 2
    refused(post(api, f"/games/{created['id']}/leave", bea["token"]), 409, "already_left")
    view = api.view(created["id"])
    assert view["open_seats"] == 2 and view["version"] == 2
    # The creator leaves too: nobody human is left, the game is abandoned.
    ann = created["players"][0]["token"]
    assert post(api, f"/games/{created['id']}/leave", ann).status_code == 200
    assert created["id"] not in lobby_ids(api)
    refused(join(api, created["id"]), 409, "no_open_seat")


def test_a_waiting_games_moves_are_refused_as_a_dealt_tables_are_first(api: Api) -> None:
    """A bot seat's move and a stale If-Match are refused as such before the game is
    dealt too (the live table has no engine table yet, but refuses in the same order)."""
    bot = {"name": "Bot", "bot": "greedy"}
    created = api.create("skipbo", [{"name": "Ann"}, OPEN, bot])
    game_id, tokens = created["id"], [p["token"] for p in created["players"]]
    refused(api.move(game_id, tokens[2], {"type": "pass"}), 409, "bot_seat")
    stale = api.move(game_id, tokens[0], {"type": "pass"}, **{"If-Match": '"7"'})
    refused(stale, 412, "stale_version")
    refused(
        api.move(game_id, tokens[0], {"type": "pass"}, **{"If-Match": '"0"'}),
        409,
        "game_not_started",
    )


def test_leaving_a_running_game_hands_the_seat_to_the_greedy_bot(api: Api) -> None:
    created = api.create("skipbo", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], seed=3)
    tokens = [p["token"] for p in created["players"]]
    before = api.view(created["id"])["version"]
    response = post(api, f"/games/{created['id']}/leave", tokens[2])
    assert response.status_code == 200
    view = api.view(created["id"], tokens[2])
    assert view["left"] == [False, False, True] and view["bots"][2] == "greedy"
    assert view["bot_reasons"] == [None, None, "left"] and view["version"] > before
    refused(post(api, f"/games/{created['id']}/leave", tokens[2]), 409, "already_left")
    refused(api.move(created["id"], tokens[2], {"type": "pass"}), 409, "bot_seat")


def test_start_early_fills_open_seats_with_bots(api: Api) -> None:
    created = api.create("skyjo", [{"name": "Ann"}, OPEN, OPEN])
    game_id, ann = created["id"], created["players"][0]["token"]
    bea = join(api, game_id, invite=created["invite"]).get_json()
    refused(post(api, f"/games/{game_id}/start", bea["token"]), 403, "invalid_invite")
    refused(post(api, f"/games/{game_id}/start", body={"invite": "nope"}), 403, "invalid_invite")
    started = post(api, f"/games/{game_id}/start", ann, {"fill": "random"})
    assert started.status_code == 200
    view = api.view(game_id, ann)
    assert view["bots"] == [None, None, "random"] and view["phase"] != "waiting"
    refused(post(api, f"/games/{game_id}/start", ann), 409, "already_started")
    refused(join(api, game_id, invite=created["invite"]), 409, "no_open_seat")


def test_rematch_gives_each_player_a_new_seat_in_one_new_game(api: Api) -> None:
    created = api.create("skyjo", 2, options={"max_rounds": 1}, turn_seconds=60)
    tokens = [p["token"] for p in created["players"]]
    refused(post(api, f"/games/{created['id']}/rematch", tokens[0]), 409, "game_not_over")
    api.play_to_end(created, random.Random(1))
    first = post(api, f"/games/{created['id']}/rematch", tokens[1])
    assert first.status_code == 201, first.get_json()
    grant = first.get_json()
    assert grant["seat"] == 1 and grant["token"] not in tokens
    old = api.view(created["id"])
    assert old["rematch"] == grant["id"]
    waiting = api.view(grant["id"], grant["token"])
    assert waiting["phase"] == "waiting" and waiting["seats"][0]["reserved"]
    assert waiting["rematch_of"] == created["id"] and waiting["turn_seconds"] == 60
    refused(join(api, grant["id"]), 403, "invalid_invite")  # private: reserved seats
    second = post(api, f"/games/{created['id']}/rematch", tokens[0]).get_json()
    assert second["id"] == grant["id"] and second["seat"] == 0
    assert second["token"] != grant["token"]
    refused(post(api, f"/games/{created['id']}/rematch", tokens[0]), 409, "no_open_seat")
    dealt = api.view(grant["id"], second["token"])
    assert dealt["phase"] not in {"waiting", "finished"} and dealt["options"]["max_rounds"] == 1
    assert api.view(created["id"])["version"] == old["version"]  # offered once


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"name": ""}, "invalid_name"),
        ({"name": "x" * 41}, "invalid_name"),
        ({"name": 7}, "invalid_name"),
        ({"name": "Bea", "invite": "wrong"}, "invalid_invite"),
        ({"name": "Bea"}, "invalid_invite"),  # a private game needs its invite
    ],
)
def test_bad_joins_are_refused_and_change_nothing(
    api: Api, body: dict[str, Any], code: str
) -> None:
    created = api.create("skyjo", [{"name": "Ann"}, OPEN])
    response = api.client.post(f"/games/{created['id']}/join", json=body)
    refused(response, 422 if code == "invalid_name" else 403, code)
    assert api.view(created["id"])["version"] == 0


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"turn_seconds": 1}, "invalid_table_settings"),
        ({"turn_seconds": 10**9}, "invalid_table_settings"),
        ({"public": True, "seed": 4}, "invalid_table_settings"),
        ({"players": [OPEN, {"open": True, "name": "X"}]}, "invalid_players"),
    ],
)
def test_bad_tables_are_refused(api: Api, body: dict[str, Any], code: str) -> None:
    request = {"game": "skyjo", "players": [{"name": "Ann"}, OPEN], **body}
    refused(api.client.post("/games", json=request), 422, code)


def test_game_types_list_the_table_settings(api: Api) -> None:
    timer = api.client.get("/game-types").get_json()["table_settings"]["turn_seconds"]
    assert timer["default"] is None and timer["minimum"] < timer["maximum"]
