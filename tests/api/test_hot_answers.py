"""The answers the hot routes serialise without marshmallow (view, legal moves, move) and the
record, taken from real games, validate against their schemas in openapi.yaml."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardtable_engine.registry import GAMES
from tests.api.conftest import Api
from tests.support import profiles
from tests.support.openapi import errors, validator

SPEC = yaml.safe_load((Path(__file__).parents[2] / "openapi.yaml").read_text())


@cache
def _validator(schema: str) -> Any:
    return validator(schema, SPEC["components"]["schemas"])


def check(schema: str, answer: Any) -> None:
    found = errors(_validator(schema), answer)
    assert not found, found[:5]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_real_answers_match_their_schemas(api: Api, game: str) -> None:
    created = api.create(game, 2, seed=11)
    tokens = [player["token"] for player in created["players"]]
    rng = random.Random(12)
    moves = 0
    while True:
        view = api.view(created["id"])
        check("GameView", view)
        if view["finished"] or moves >= 60:
            break
        seat = rng.choice(view["active_seats"])
        check("GameView", api.view(created["id"], tokens[seat]))
        legal = api.legal(created["id"], tokens[seat])
        check("LegalMoves", legal)
        response = api.move(created["id"], tokens[seat], rng.choice(legal["moves"]))
        assert response.status_code == 200, response.get_json()
        check("MoveResult", response.get_json())
        moves += 1


def test_a_record_matches_its_schema(api: Api) -> None:
    created = api.create("skyjo", 2, seed=3, options={"max_rounds": 1})
    api.play_to_end(created, random.Random(4))
    response = api.client.get(f"/games/{created['id']}/record")
    assert response.status_code == 200
    check("Record", response.get_json())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_event_of_every_viewer_matches_the_event_union(api: Api, game: str) -> None:
    """Joins, a leave, the deal, every move, reshuffles, round ends and the game's end, as
    each seat and a spectator read them, are each exactly one member of `Event`'s oneOf
    (the one its `type` names)."""
    short = {"skyjo": {"max_rounds": 2}, "skipbo": {"stock_size": 3, "target_score": 60}}
    options = short.get(game) or profiles.setups(GAMES[game])[0][1]  # another game: its own
    n = min(3, GAMES[game].max_players)
    players = [{"name": "Ann"}] + [{"open": True}] * (n - 1)
    created = api.create(game, players, seed=5, options=options)
    game_id, invite = created["id"], created["invite"]

    def join(name: str) -> dict[str, Any]:
        joined = api.client.post(f"/games/{game_id}/join", json={"name": name, "invite": invite})
        assert joined.status_code == 201, joined.get_json()
        found: dict[str, Any] = joined.get_json()
        return found

    bea = join("Bea")["token"]
    left = api.client.post(f"/games/{game_id}/leave", headers=api.auth(bea))
    assert left.status_code == 200, left.get_json()
    # Bea left a waiting table (her seat opens again for Cy and Dee), or, at a table for
    # two, the game she started (a bot plays her seat on).
    others = [join(name)["token"] for name in ["Cy", "Dee"]] if n > 2 else [bea]
    tokens = [created["players"][0]["token"], *others]
    seats = [{"seat": seat, "token": token} for seat, token in enumerate(tokens)]
    api.play_to_end({"id": game_id, "players": seats}, random.Random(6))
    schemas = SPEC["components"]["schemas"]
    kinds: set[str] = set()
    for token in [*tokens, None]:
        feed = api.client.get(f"/games/{game_id}/events", headers=api.auth(token)).get_json()
        check("EventFeed", feed)
        for event in feed["events"]:
            kinds.add(event["type"])
            name = schemas["Event"]["discriminator"]["mapping"][event["type"]].rsplit("/", 1)[1]
            check(name, event)
    assert {"join", "leave", "deal", "move", "round_end", "game_end"} <= kinds
