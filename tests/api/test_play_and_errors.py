"""Views, legal moves, moves, versions and every error a player can meet."""

from __future__ import annotations

import json
import random

import pytest
import redis

from cardtable.store import compression as codec
from cardtable_engine.registry import GAMES, load_state
from tests.api.conftest import Api

PLAIN_TABLE = {
    **dict.fromkeys(("turn_seconds", "deadline", "rematch", "rematch_of")),
    "seeded": True,  # these tests choose their seeds
    "open_seats": 0,
    "public": False,
    "deadline_seats": [],
    "bot_reasons": [None] * 3,
    "left": [False] * 3,
    "rated": False,
}

HIDDEN_KEYS = {"draw_pile_cards", "rng", "seed", "log", "token", "token_sha256", "hands", "stock"}


def stored_state(raw_redis: redis.Redis, prefix: str, game_id: str):
    blob = raw_redis.hget(f"{prefix}:game:{{{game_id}}}", "doc")
    return load_state(codec.decode(blob)["state"])


def all_keys(node) -> set[str]:
    keys: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            keys.add(key)
            keys |= all_keys(value)
    elif isinstance(node, list):
        for item in node:
            keys |= all_keys(item)
    return keys


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_are_the_engines_views_for_that_viewer(
    api: Api, raw_redis: redis.Redis, settings, game: str
) -> None:
    created = api.create(game, 3, seed=99)
    state = stored_state(raw_redis, settings.key_prefix, created["id"])
    for seat in (None, 0, 1, 2):
        token = created["players"][seat]["token"] if seat is not None else None
        view = api.view(created["id"], token)
        assert view.pop("id") == created["id"]
        assert view.pop("bots") == [None, None, None]
        # Plus the table's part: no open seat, no timer, nobody left, no rematch.
        assert view == {**state.view(seat), **PLAIN_TABLE}
        assert view["seat"] == seat
        assert not (all_keys(view) & {"rng", "seed", "log", "token", "token_sha256"})


def test_skyjo_face_down_cards_of_others_never_appear(
    api: Api, raw_redis: redis.Redis, settings
) -> None:
    created = api.create("skyjo", 2, seed=5)
    state = stored_state(raw_redis, settings.key_prefix, created["id"])
    view = api.view(created["id"], created["players"][0]["token"])
    for player in view["players"]:
        assert player["grid"] == [None] * 12
    assert state.card_counts().total() == 150  # the cards are there, only hidden
    # Reveal one of seat 0's cards; seat 1 sees that value, nothing else of seat 0's.
    token0 = created["players"][0]["token"]
    response = api.move(created["id"], token0, {"type": "reveal", "row": 0, "col": 0})
    assert response.status_code == 200, response.get_json()
    seen_by_1 = api.view(created["id"], created["players"][1]["token"])
    grid0 = seen_by_1["players"][0]["grid"]
    visible = [cell for cell in grid0 if cell is not None]
    assert len(visible) == 1


def test_moves_flow_version_and_etag(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3)
    game_id, token = created["id"], created["players"][0]["token"]
    first = api.client.get(f"/games/{game_id}", headers=api.auth(token))
    assert first.headers["ETag"] == '"0"'
    unchanged = api.client.get(
        f"/games/{game_id}", headers={**api.auth(token), "If-None-Match": '"0"'}
    )
    assert unchanged.status_code == 304
    assert unchanged.get_data() == b""
    legal = api.legal(game_id, token)
    assert legal["version"] == 0 and legal["seat"] == 0
    assert {"type": "reveal", "row": 1, "col": 2} in legal["moves"]
    response = api.move(
        game_id, token, {"type": "reveal", "row": 1, "col": 2}, **{"If-Match": '"0"'}
    )
    assert response.status_code == 200
    result = response.get_json()
    assert result["version"] == 1
    assert result["applied"] == [
        {"version": 1, "seat": 0, "move": {"type": "reveal", "row": 1, "col": 2}, "by_bot": False}
    ]
    assert result["view"]["seat"] == 0
    assert result["view"]["version"] == 1
    changed = api.client.get(f"/games/{game_id}", headers={"If-None-Match": '"0"'})
    assert changed.status_code == 200
    assert changed.headers["ETag"] == '"1"'


def test_stale_if_match_is_refused_and_changes_nothing(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3)
    game_id = created["id"]
    t0, t1 = (p["token"] for p in created["players"])
    assert api.move(game_id, t0, {"type": "reveal", "row": 0, "col": 0}).status_code == 200
    before = api.view(game_id, t1)
    response = api.move(game_id, t1, {"type": "reveal", "row": 0, "col": 0}, **{"If-Match": '"0"'})
    assert response.status_code == 412
    body = response.get_json()
    assert body["code"] == "stale_version"
    assert body["details"]["current_version"] == 1
    assert api.view(game_id, t1) == before


def test_long_poll_returns_when_the_game_changes_or_times_out(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3)
    game_id = created["id"]
    waited = api.client.get(f"/games/{game_id}?wait=0.3", headers={"If-None-Match": '"0"'})
    assert waited.status_code == 304
    token = created["players"][0]["token"]
    api.move(game_id, token, {"type": "reveal", "row": 0, "col": 0})
    fresh = api.client.get(f"/games/{game_id}?wait=5", headers={"If-None-Match": '"0"'})
    assert fresh.status_code == 200
    assert fresh.get_json()["version"] == 1


def test_a_seats_poll_authenticates_without_reading_the_game(api: Api) -> None:
    """If-None-Match with a token checks it against the stored hashes alone."""
    created = api.create("skyjo", 2)
    service = api.client.application.extensions["cardtable"].games

    def no_loading(game_id: str) -> None:
        raise AssertionError("a poll read the whole game document")

    service.load = no_loading
    path = f"/games/{created['id']}"
    token = created["players"][1]["token"]
    polled = api.client.get(path, headers={**api.auth(token), "If-None-Match": '"0"'})
    assert polled.status_code == 304
    bad = api.client.get(path, headers={**api.auth("forged"), "If-None-Match": '"0"'})
    assert (bad.status_code, bad.get_json()["code"]) == (401, "invalid_token")


def test_long_polls_beyond_the_slots_answer_at_once(redis_server) -> None:
    """With the only waiting slot taken, a second waiter gets 503 with Retry-After at once
    (never a 304 that invites a busy loop): it comes back while the first is still waiting."""
    import threading

    from cardtable.app import create_app
    from cardtable.config import Settings

    app = create_app(Settings(redis_url=redis_server.url, key_prefix="slots"))
    api = Api(app.test_client())
    created = api.create("skyjo", 2)
    path = f"/games/{created['id']}?wait=20"
    service = app.extensions["cardtable"].games
    service.hub.capacity = 1  # CARDTABLE_MAX_STREAMS
    first_waiting = threading.Event()
    real_current_version = service.store.current_version

    holder_reads: list[int] = []

    def current_version(game_id: str) -> int:
        version = real_current_version(game_id)
        if threading.current_thread() is holder:
            holder_reads.append(version)
            if len(holder_reads) >= 1:  # read by the hub once the slot is taken
                first_waiting.set()
        return version

    service.store.current_version = current_version
    answers: list[int] = []
    holder = threading.Thread(
        target=lambda: answers.append(
            app.test_client().get(path, headers={"If-None-Match": '"0"'}).status_code
        )
    )
    holder.start()
    assert first_waiting.wait(10)
    second = app.test_client().get(path, headers={"If-None-Match": '"0"'})
    assert second.status_code == 503 and second.get_json()["code"] == "too_many_waiting"
    assert int(second.headers["Retry-After"]) > 0
    assert holder.is_alive(), "the second long-poll waited although no slot was free"
    token = created["players"][0]["token"]
    api.move(created["id"], token, {"type": "reveal", "row": 0, "col": 0})  # wakes the first
    holder.join(30)
    assert answers == [200]


@pytest.mark.parametrize(
    ("move", "status", "code"),
    [
        ({"type": "reveal", "row": 3, "col": 0}, 422, "malformed_move"),
        ({"type": "reveal", "row": "1", "col": 0}, 422, "malformed_move"),
        ({"type": "reveal", "row": 1.5, "col": 0}, 422, "malformed_move"),
        ({"type": "reveal", "row": True, "col": 0}, 422, "malformed_move"),
        ({"type": "reveal", "row": 0, "col": 0, "extra": 1}, 422, "malformed_move"),
        ({"type": "fly"}, 422, "malformed_move"),
        ({"type": "reveal"}, 422, "malformed_move"),
        ({"type": "reveal", "row": 0, "col": 0, "card": 3}, 422, "malformed_move"),
        ({"type": "play", "source": "hand", "card": 1, "target": 0}, 422, "malformed_move"),
        ({"type": "draw"}, 422, "wrong_phase"),
        ({"type": "replace", "row": 0, "col": 0}, 422, "wrong_phase"),
    ],
)
def test_bad_moves_get_clear_errors_and_change_nothing(
    api: Api, move: dict, status: int, code: str
) -> None:
    created = api.create("skyjo", 2, seed=3)
    game_id, token = created["id"], created["players"][0]["token"]
    before = api.view(game_id, token)
    response = api.move(game_id, token, move)
    assert response.status_code == status, response.get_json()
    body = response.get_json()
    assert (body["code"], body["status"]) == (code, status)
    assert isinstance(body["message"], str) and body["message"]
    assert api.view(game_id, token) == before


def test_illegal_and_out_of_turn_moves(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3, options={"initial_reveals": 1})
    game_id = created["id"]
    t0, t1 = (p["token"] for p in created["players"])
    assert api.move(game_id, t0, {"type": "reveal", "row": 0, "col": 0}).status_code == 200
    # Seat 0 has finished its reveals: another is not its turn (setup is still open for 1).
    again = api.move(game_id, t0, {"type": "reveal", "row": 0, "col": 1})
    assert again.status_code in (409, 422)
    assert again.get_json()["code"] in ("not_your_turn", "illegal_move")
    assert api.move(game_id, t1, {"type": "reveal", "row": 2, "col": 3}).status_code == 200
    view = api.view(game_id)
    starter = view["current_player"]
    other = 1 - starter
    tokens = [t0, t1]
    response = api.move(game_id, tokens[other], {"type": "draw"})
    assert (response.status_code, response.get_json()["code"]) == (409, "not_your_turn")
    assert api.legal(game_id, tokens[other])["moves"] == []
    # A face-up card can't be revealed by discard_and_reveal.
    assert api.move(game_id, tokens[starter], {"type": "draw"}).status_code == 200
    grid = api.view(game_id)["players"][starter]["grid"]
    index = next(i for i, cell in enumerate(grid) if isinstance(cell, int))
    face_up = divmod(index, 4)  # the grid is listed row by row
    response = api.move(
        game_id,
        tokens[starter],
        {"type": "discard_and_reveal", "row": face_up[0], "col": face_up[1]},
    )
    assert (response.status_code, response.get_json()["code"]) == (422, "illegal_move")


def test_tokens_and_seats(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3)
    game_id = created["id"]
    spectator = api.move(game_id, None, {"type": "reveal", "row": 0, "col": 0})
    assert (spectator.status_code, spectator.get_json()["code"]) == (401, "token_required")
    bad = api.move(game_id, "not-a-token", {"type": "reveal", "row": 0, "col": 0})
    assert (bad.status_code, bad.get_json()["code"]) == (401, "invalid_token")
    other_game = api.create("skyjo", 2)
    foreign = api.move(game_id, other_game["players"][0]["token"], {"type": "draw"})
    assert foreign.status_code == 401
    assert api.client.get(f"/games/{game_id}", headers=api.auth("nope")).status_code == 401
    assert (
        api.client.get(f"/games/{game_id}", headers={"Authorization": "Basic abc"}).status_code
        == 401
    )
    assert api.client.get(f"/games/{game_id}/legal-moves").status_code == 401
    # A bad token must not learn whether the game changed either.
    assert (
        api.client.get(
            f"/games/{game_id}", headers={**api.auth("nope"), "If-None-Match": '"0"'}
        ).status_code
        == 401
    )


def test_bot_seats_take_no_client_moves(api: Api) -> None:
    created = api.create("skyjo", [{"name": "A"}, {"name": "B", "bot": "random"}], seed=1)
    bot_token = created["players"][1]["token"]
    response = api.move(created["id"], bot_token, {"type": "reveal", "row": 0, "col": 0})
    assert (response.status_code, response.get_json()["code"]) == (409, "bot_seat")


def test_unknown_game_and_routes(api: Api) -> None:
    for path in (
        "/games/nope",
        "/games/nope/legal-moves",
        "/games/nope/score",
        "/games/nope/record",
    ):
        response = api.client.get(path)
        assert response.status_code in (401, 404)
        assert response.get_json()["code"] in ("not_found", "token_required")
    assert api.client.get("/games/nope").get_json()["code"] == "not_found"
    missing = api.client.post(
        "/games/nope/moves", json={"move": {"type": "draw"}}, headers=api.auth("x")
    )
    assert (missing.status_code, missing.get_json()["code"]) == (404, "not_found")
    assert api.client.get("/no-such-route").get_json()["code"] == "not_found"
    wrong_method = api.client.delete("/games")
    assert (wrong_method.status_code, wrong_method.get_json()["code"]) == (
        405,
        "method_not_allowed",
    )


def test_malformed_bodies(api: Api, settings) -> None:
    bad_json = api.client.post("/games", data="{nope", content_type="application/json")
    assert (bad_json.status_code, bad_json.get_json()["code"]) == (400, "invalid_json")
    not_json = api.client.post("/games", data="game=skyjo", content_type="text/plain")
    assert (not_json.status_code, not_json.get_json()["code"]) == (415, "unsupported_media_type")
    array = api.client.post("/games", json=[1, 2])
    assert array.status_code == 422
    huge = api.client.post(
        "/games",
        data=json.dumps({"game": "skyjo", "players": [{"name": "x" * (settings.max_body_bytes)}]}),
        content_type="application/json",
    )
    assert (huge.status_code, huge.get_json()["code"]) == (413, "payload_too_large")
    created = api.create("skyjo", 2)
    no_move = api.client.post(
        f"/games/{created['id']}/moves", json={}, headers=api.auth(created["players"][0]["token"])
    )
    assert (no_move.status_code, no_move.get_json()["code"]) == (422, "malformed_move")
    bad_if_match = api.move(
        created["id"],
        created["players"][0]["token"],
        {"type": "reveal", "row": 0, "col": 0},
        **{"If-Match": "yesterday"},
    )
    assert (bad_if_match.status_code, bad_if_match.get_json()["code"]) == (400, "invalid_header")


def test_record_only_once_over_and_score_shape(api: Api) -> None:
    created = api.create("skyjo", 2, seed=11)
    response = api.client.get(f"/games/{created['id']}/record")
    assert (response.status_code, response.get_json()["code"]) == (409, "game_not_over")
    score = api.client.get(f"/games/{created['id']}/score").get_json()
    assert score == {"finished": False, "rounds": [], "totals": [0, 0], "winners": []}


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("skyjo", 2, {"max_rounds": 1}),
        ("skyjo", 3, {"end_score": 40, "initial_reveals": 3}),
        ("skipbo", 2, {"stock_size": 5}),
        ("skipbo", 4, {"stock_size": 3, "teams": True, "stop_rule": "english"}),
        ("skipbo", 3, {"stock_size": 2, "target_score": 60}),
    ],
)
def test_full_games_over_http_replay_to_the_same_score(
    api: Api, game: str, players: int, options: dict
) -> None:
    created = api.create(game, players, options=options, seed=2024)
    api.play_to_end(created, random.Random(1))
    record = api.client.get(f"/games/{created['id']}/record").get_json()
    score = api.client.get(f"/games/{created['id']}/score").get_json()
    assert score["finished"] is True
    assert record["score"] == score
    assert record["players"] == [{"seat": i, "name": f"P{i}"} for i in range(players)]
    replayed = GAMES[game].replay(record)
    assert replayed.score() == score
    moves = [entry for entry in record["log"] if entry["type"] == "move"]
    assert len(moves) == api.view(created["id"])["version"]
    # A finished game lists no legal moves and refuses moves.
    token = created["players"][0]["token"]
    assert api.legal(created["id"], token)["moves"] == []
    after = api.move(
        created["id"], token, {"type": "pass"} if game == "skipbo" else {"type": "draw"}
    )
    assert (after.status_code, after.get_json()["code"]) == (409, "game_over")


def test_human_against_server_bots_to_the_end(api: Api) -> None:
    created = api.create(
        "skyjo",
        [{"name": "Ann"}, {"name": "G", "bot": "greedy"}, {"name": "R", "bot": "random"}],
        options={"max_rounds": 1},
        seed=8,
    )
    api.play_to_end(created, random.Random(2))
    record = api.client.get(f"/games/{created['id']}/record").get_json()
    seats = {entry["seat"] for entry in record["log"] if entry["type"] == "move"}
    assert seats == {0, 1, 2}
