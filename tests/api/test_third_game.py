"""The test-only high-card game (tests/support/highcard.py), hosted through the registry's
hook, is played through the real HTTP app on a real Redis like the hosted games: no code of
the service knows it, nor its own names (a move's `rank`, a deal's `talon`, a round's
`leads`), which the host learns from the game's declarations alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable.api.schemas import derived
from cardtable_engine.registry import GAMES, hosted
from tests.api.conftest import Api
from tests.support.highcard import RULES as HIGHCARD
from tests.support.openapi import errors, validator


@pytest.fixture
def highcard() -> Iterator[None]:
    with hosted(HIGHCARD):
        yield


def _events(api: Api, game_id: str, token: str | None) -> list[dict[str, Any]]:
    response = api.client.get(f"/games/{game_id}/events", headers=api.auth(token))
    assert response.status_code == 200, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return events


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
    legal = api.legal(game_id, token)["moves"]
    assert legal and all(set(move) == {"type", "rank"} for move in legal)
    refused = api.move(game_id, token, {"type": "play", "rank": 11})
    assert refused.status_code == 422
    assert refused.get_json()["code"] == "malformed_move"
    assert api.play_to_end(created, random.Random(3)) > 0
    score = api.client.get(f"/games/{game_id}/score", headers=api.auth(token)).get_json()
    assert score["finished"] and len(score["rounds"]) == 2
    assert all(len(result["leads"]) == 2 for result in score["rounds"])
    record = api.client.get(f"/games/{game_id}/record", headers=api.auth(token)).get_json()
    assert len(deals(record)) == 2 and all("talon" in deal for deal in deals(record))
    assert HIGHCARD.replay(record).score() == score


@pytest.mark.usefixtures("highcard")
def test_every_seat_and_a_spectator_follow_the_third_game_by_its_events(api: Api) -> None:
    created = api.create("highcard", [{"name": "Ann"}, {"name": "Bob"}], seed=7)
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["players"]]
    assert api.play_to_end(created, random.Random(4)) > 0
    record = api.client.get(f"/games/{game_id}/record").get_json()
    moves = [entry for entry in record["log"] if entry["type"] == "move"]
    typed = derived.components({**GAMES, "highcard": HIGHCARD})
    for viewer, token in [*enumerate(tokens), (None, None)]:
        events = _events(api, game_id, token)
        # Each event is typed by the spec derived with the game hosted: its move and deal
        # events carry the fields its view declares, its round end the keys of its rounds.
        for event in events:
            assert errors(validator(f"{derived.camel(event['type'])}Event", typed), event) == []
        played = [event for event in events if event["type"] == "move"]
        assert [(e["seat"], e["move"]) for e in played] == [(m["seat"], m["move"]) for m in moves]
        assert [event["type"] for event in events].count("round_end") == 2
        assert events[-1]["type"] == "game_end"
        hands = [event["hand"] for event in events if event.get("hand") is not None]
        if viewer is None:
            assert not hands  # a spectator's events show no hand
        else:
            # The generic consequences are the viewer's own view's fields: its own cards
            # only, as dealt to it, never the other seat's.
            dealt = {rank for deal in deals(record) for rank in deal["hands"][viewer]}
            assert hands and all(set(hand) <= dealt for hand in hands)


def deals(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry for entry in record["log"] if entry["type"] == "deal"]


def test_without_the_hook_the_third_game_is_unknown(api: Api) -> None:
    response = api.client.post("/games", json={"game": "highcard", "players": [{"name": "A"}]})
    assert response.status_code == 422
    refused = api.client.post("/games/x/moves", json={"move": {"type": "play", "rank": 1}})
    assert refused.get_json()["code"] == "malformed_move"  # no hosted game has a `rank`


@pytest.mark.usefixtures("highcard")
def test_a_player_leaving_a_game_without_a_greedy_bot_hands_the_seat_to_its_own_bot(
    api: Api,
) -> None:
    """The stand-in for a leaver is the greedy bot where the game has one, else one of the
    game's own (the high-card game has only `random`): asking for `greedy` was a 500."""
    created = api.create("highcard", [{"name": "Ann"}, {"name": "Bob"}], seed=2)
    game_id, (ann, bob) = created["id"], [seat["token"] for seat in created["players"]]
    left = api.client.post(f"/games/{game_id}/leave", headers=api.auth(bob))
    assert left.status_code == 200, left.get_json()
    view = api.view(game_id, ann)
    assert view["bots"] == [None, "random"] and view["left"] == [False, True]
    seats = [{"seat": 0, "token": ann}, {"seat": 1, "token": bob}]
    assert api.play_to_end({"id": game_id, "players": seats}, random.Random(5)) > 0
    assert api.view(game_id, ann)["finished"]
