"""The test-only high-card game (tests/support/highcard.py), hosted through the registry's
hook, is played through the real HTTP app like the hosted games: no code of the service
knows it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardtable.engine.registry import hosted
from tests.api.conftest import Api
from tests.support.highcard import RULES as HIGHCARD


@pytest.fixture
def highcard() -> Iterator[None]:
    with hosted(HIGHCARD):
        yield


@pytest.mark.usefixtures("highcard")
def test_a_third_game_is_discovered_created_played_and_recorded_over_http(api: Api) -> None:
    types = api.client.get("/game-types").get_json()["games"]
    assert HIGHCARD.describe() in types
    created = api.create("highcard", [{"name": "Ann"}, {"name": "Bot", "bot": "random"}])
    assert created["options"] == {"rounds": 2}
    game_id, token = created["id"], created["players"][0]["token"]
    view = api.view(game_id, token)
    assert view["game"] == "highcard" and view["phase"] == "playing" and len(view["hand"]) == 3
    assert api.view(game_id)["hand"] is None  # a spectator sees no hand
    refused = api.move(game_id, token, {"type": "play", "card": 11})
    assert refused.status_code == 422
    assert refused.get_json()["code"] == "malformed_move"
    assert api.play_to_end(created, random.Random(3)) > 0
    score = api.client.get(f"/games/{game_id}/score", headers=api.auth(token)).get_json()
    assert score["finished"] and len(score["rounds"]) == 2
    record = api.client.get(f"/games/{game_id}/record", headers=api.auth(token)).get_json()
    assert HIGHCARD.replay(record).score() == score


def test_without_the_hook_the_third_game_is_unknown(api: Api) -> None:
    response = api.client.post("/games", json={"game": "highcard", "players": [{"name": "A"}]})
    assert response.status_code == 422
