"""POST /games and GET /game-types: options, players, seeds, tokens."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
import redis

from cardtable.games.service import TOKENS_FIELD, token_hashes
from cardtable.store import compression as codec
from cardtable_engine.host import hash_token
from cardtable_engine.registry import GAMES
from tests.api.conftest import Api


def test_game_types_describe_every_game_and_option(api: Api) -> None:
    response = api.client.get("/game-types")
    assert response.status_code == 200
    games = {g["game"]: g for g in response.get_json()["games"]}
    assert games == {name: rules.describe() for name, rules in GAMES.items()}
    assert (games["skyjo"]["min_players"], games["skyjo"]["max_players"]) == (2, 8)
    assert (games["skipbo"]["min_players"], games["skipbo"]["max_players"]) == (2, 6)
    skyjo_options = {o["name"]: o for o in games["skyjo"]["options"]}
    assert set(skyjo_options) == {
        "initial_reveals", "later_round_starter", "end_score", "max_rounds", "finisher_penalty",
        "max_turns",
    }  # fmt: skip
    assert skyjo_options["initial_reveals"]["default"] == 2
    assert skyjo_options["later_round_starter"]["choices"] == ["finisher", "highest_sum"]
    assert skyjo_options["max_rounds"]["nullable"] is True
    skipbo_options = {o["name"]: o for o in games["skipbo"]["options"]}
    assert set(skipbo_options) == {
        "stock_size", "first_player", "stop_rule", "target_score", "teams", "max_turns",
    }  # fmt: skip
    assert skipbo_options["stock_size"]["default_by_players"]["2"] == 30
    assert skipbo_options["stock_size"]["default_by_players"]["6"] == 20
    assert set(games["skipbo"]["bots"]) == {"random", "greedy", "expert", "search"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_create_returns_resolved_options_and_one_token_per_seat(api: Api, game: str) -> None:
    rules = GAMES[game]
    n = min(3, rules.max_players)
    created = api.create(game, n)
    assert created["game"] == game
    assert created["version"] == 0
    assert set(created["options"]) == {spec.name for spec in rules.option_specs}
    assert [p["seat"] for p in created["players"]] == list(range(n))
    assert [p["name"] for p in created["players"]] == [f"P{seat}" for seat in range(n)]
    tokens = [p["token"] for p in created["players"]]
    assert len(set(tokens)) == n
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "==")) >= 16  # ≥ 128 random bits


def test_skipbo_defaults_resolve_by_player_count(api: Api) -> None:
    assert api.create("skipbo", 4)["options"]["stock_size"] == 30
    assert api.create("skipbo", 5)["options"]["stock_size"] == 20
    assert api.create("skyjo", 2)["options"]["max_rounds"] is None


def test_only_token_hashes_are_stored(api: Api, raw_redis: redis.Redis, settings) -> None:
    created = api.create("skyjo", 2)
    fields = raw_redis.hgetall(f"{settings.key_prefix}:game:{{{created['id']}}}")
    stored = json.dumps(codec.decode(fields.pop(b"doc")))
    hashes = token_hashes({TOKENS_FIELD: fields[TOKENS_FIELD.encode()]}) or []
    for player in created["players"]:
        assert player["token"] not in stored
        assert player["token"] not in repr(fields)
        assert hash_token(player["token"]) in hashes


def test_tokens_are_never_shown_again(api: Api) -> None:
    created = api.create("skyjo", 2)
    token = created["players"][0]["token"]
    for path in ("", "/legal-moves", "/score"):
        body = api.client.get(f"/games/{created['id']}{path}", headers=api.auth(token)).get_data(
            as_text=True
        )
        assert token not in body


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seed_reproduces_the_deal(api: Api, game: str) -> None:
    first = api.create(game, 2, seed=1234)
    second = api.create(game, 2, seed=1234)
    third = api.create(game, 2, seed=1235)
    views = [api.view(g["id"], g["players"][0]["token"]) for g in (first, second, third)]
    for view in views:
        view.pop("id")
    assert views[0] == views[1]
    assert views[0] != views[2]


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("skyjo", {"initial_reveals": 0}),
        ("skyjo", {"initial_reveals": 3, "later_round_starter": "highest_sum"}),
        ("skyjo", {"end_score": 50, "max_rounds": 1, "finisher_penalty": False}),
        ("skipbo", {"stock_size": 10, "first_player": 1, "stop_rule": "english"}),
        ("skipbo", {"target_score": 500}),
    ],
)
def test_every_option_is_reachable(api: Api, game: str, options: dict) -> None:
    created = api.create(game, 2, options=options)
    for name, value in options.items():
        assert created["options"][name] == value
    view = api.view(created["id"])
    for name, value in options.items():
        assert view["options"][name] == value


def test_skipbo_teams_option(api: Api) -> None:
    created = api.create("skipbo", 4, options={"teams": True, "stock_size": 5})
    assert created["options"]["teams"] is True


def _two(game: str, **fields: Any) -> dict[str, Any]:
    """A creation request for two players (a and b) with the given further fields."""
    return {"game": game, "players": [{"name": "a"}, {"name": "b"}], **fields}


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess", "players": [{"name": "a"}, {"name": "b"}]}, 422, "validation_error"),
        ({"game": "skyjo", "players": [{"name": "a"}]}, 422, "validation_error"),
        (
            {"game": "skyjo", "players": [{"name": str(i)} for i in range(9)]},
            422,
            "validation_error",
        ),
        (
            {"game": "skipbo", "players": [{"name": str(i)} for i in range(7)]},
            422,
            "invalid_players",
        ),
        (
            {"game": "skyjo", "players": [{"name": "a"}, {"name": "b", "bot": "smart"}]},
            422,
            "validation_error",
        ),
        ({"game": "skyjo", "players": [{"name": ""}, {"name": "b"}]}, 422, "validation_error"),
        (_two("skyjo", options={"nope": 1}), 422, "invalid_options"),
        (_two("skyjo", options={"initial_reveals": 4}), 422, "invalid_options"),
        (_two("skyjo", options={"end_score": "100"}), 422, "invalid_options"),
        (_two("skyjo", options={"later_round_starter": "loser"}), 422, "invalid_options"),
        (_two("skipbo", options={"teams": True}), 422, "invalid_options"),
        (_two("skipbo", options={"stock_size": 31}), 422, "invalid_options"),
        (_two("skipbo", options={"first_player": 2}), 422, "invalid_options"),
        (_two("skyjo", seed="42"), 422, "validation_error"),
        (_two("skyjo", seed=-1), 422, "validation_error"),
        (_two("skyjo", colour="red"), 422, "validation_error"),
        ({"players": [{"name": "a"}, {"name": "b"}]}, 422, "validation_error"),
    ],
)
def test_bad_creation_requests_are_refused(
    api: Api, raw_redis: redis.Redis, settings, body: dict, status: int, code: str
) -> None:
    response = api.client.post("/games", json=body)
    assert response.status_code == status, response.get_json()
    error = response.get_json()
    assert error["code"] == code
    assert error["status"] == status
    assert error["message"]
    # Nothing was stored but the rate-limit counters (a refused request counts too).
    limits = f"{settings.key_prefix}:limits:".encode()
    assert [
        key for key in raw_redis.keys(f"{settings.key_prefix}:*") if not key.startswith(limits)
    ] == []


def test_bots_moving_first_raise_the_version(api: Api) -> None:
    created = api.create(
        "skyjo", [{"name": "Bot", "bot": "greedy"}, {"name": "Ann"}], options={"initial_reveals": 2}
    )
    # The bot's two setup reveals happen at creation; the human's are still to do.
    assert created["version"] == 2
    assert created["players"][0]["bot"] == "greedy"
    view = api.view(created["id"])
    assert view["active_seats"] == [1]


def test_bot_replies_to_a_human_are_not_cut_short(api: Api) -> None:
    """Only games of bots only are played in slices; bots answering a human still play
    until the human must act (here with options that make a long game)."""
    bot = {"name": "B", "bot": "random"}
    mixed = api.create("skipbo", [{"name": "H"}, bot], options={"target_score": 5000})
    assert mixed["finished"] is False
