"""Games of server bots only are played lazily: each request plays a bounded slice, so
heavy ones cannot take the server from other clients, and readers drive them to the end."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable_engine.registry import GAMES
from tests.api.conftest import Api
from tests.support.threads import run_at_once

SIX_BOTS = [{"name": f"B{i}", "bot": "random"} for i in range(6)]
HEAVY = {"game": "skipbo", "players": SIX_BOTS, "options": {"stock_size": 22,
                                                             "target_score": 5000}}  # fmt: skip


def test_heavy_bot_games_are_created_while_other_clients_are_served(app: Flask, api: Api) -> None:
    """Eight creations that once each burned a 5 s budget and were refused now each play a
    bounded slice and succeed, while another client creates, reads and moves."""
    answers: list[Any] = []
    others: list[int] = []

    def heavy() -> None:
        answers.append(app.test_client().post("/games", json=HEAVY))

    def other_client() -> None:
        client = Api(app.test_client())
        created = client.create("skyjo", 2)
        token = created["players"][0]["token"]
        others.append(client.client.get(f"/games/{created['id']}").status_code)
        others.append(client.move(created["id"], token, {"type": "reveal", "row": 0,
                                                         "col": 0}).status_code)  # fmt: skip

    run_at_once([*[heavy] * 8, other_client])
    assert [a.status_code for a in answers] == [201] * 8
    per_request = app.extensions["cardtable"].settings.bot_moves_per_request
    for answer in answers:
        body = answer.get_json()
        assert body["finished"] is False and 0 < body["version"] <= per_request
    assert others == [200, 200]


def test_a_bots_only_game_is_played_as_it_is_read_and_replays(settings: Settings) -> None:
    api = Api(create_app(settings.with_overrides(bot_moves_per_request=5)).test_client())
    created = api.create(
        "skipbo",
        [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "random"}],
        options={"stock_size": 10},
        seed=7,
    )
    per_request = 5
    game_id, version, reads = created["id"], created["version"], 0
    while not api.view(game_id)["finished"]:
        reads += 1
        view = api.view(game_id)
        assert view["version"] - version <= 2 * per_request  # bounded work per read
        version = view["version"]
        assert reads < 10_000, "the game never ended"
    assert reads > 10  # it did take many reads
    record = api.client.get(f"/games/{game_id}/record")
    assert record.status_code == 200
    score = api.client.get(f"/games/{game_id}/score").get_json()
    assert GAMES["skipbo"].replay(record.get_json()).score() == score


def test_polls_drive_a_bots_only_game_too(api: Api) -> None:
    created = api.create(
        "skyjo", [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "greedy"}], seed=3
    )
    tag = f'"{created["version"]}"'
    polled = api.client.get(f"/games/{created['id']}", headers={"If-None-Match": tag})
    assert polled.status_code == 200 and polled.get_json()["version"] > created["version"]


def test_every_game_gets_the_turn_limit_whoever_plays_it(api: Api) -> None:
    bots = [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "greedy"}]
    assert api.create("skyjo", bots)["options"]["max_turns"] == 100
    assert api.create("skipbo", bots)["options"]["max_turns"] == 200
    chosen = api.create("skyjo", bots, options={"max_turns": None})["options"]
    assert chosen["max_turns"] is None  # the caller may turn it off
    mixed = api.create("skyjo", [{"name": "Ann"}, {"name": "B", "bot": "greedy"}])
    assert mixed["options"]["max_turns"] == 100
    humans = api.create("skipbo", [{"name": "Ann"}, {"name": "Ben"}])
    assert humans["options"]["max_turns"] == 200
    wrong = api.client.post(
        "/games", json={"game": "skyjo", "players": bots, "options": {"max_turns": 0}}
    )
    assert wrong.status_code == 422 and wrong.get_json()["code"] == "invalid_options"


@pytest.mark.parametrize(
    ("game", "options"), [("skyjo", {"max_rounds": 1}), ("skipbo", {"stock_size": 8})]
)
@pytest.mark.parametrize("strong", ["expert", "search"])
def test_the_strongest_bots_are_server_bots_of_each_game(
    api: Api, game: str, options: dict[str, Any], strong: str
) -> None:
    """The strongest bots are hosted: `"bot": "expert"` (and `"search"`) plays a whole game
    on the server."""
    bots = [{"name": "E", "bot": strong}, {"name": "G", "bot": "greedy"}]
    created = api.create(game, bots, options=options, seed=5)
    game_id, reads = created["id"], 0
    while not api.view(game_id)["finished"]:
        reads += 1
        assert reads < 10_000, "the game never ended"
    record = api.client.get(f"/games/{game_id}/record").get_json()
    seats = api.client.get(f"/games/{game_id}").get_json()["players"]
    assert len(seats) == 2 and record["log"]
    assert (
        GAMES[game].replay(record).score() == api.client.get(f"/games/{game_id}/score").get_json()
    )
