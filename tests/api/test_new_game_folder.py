"""A new game is its folder and nothing else: a newcomer's toy game, written as one folder of
a games package (the high-card game's source under a name no code knows, `toycard`), is
discovered and then played everywhere a hosted game is: over HTTP, on a score sheet, as a
game of server bots only, in the SDK's local play and in the arena. Not a file outside the
folder names it."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable_engine.base import GameRules
from cardtable_engine.registry import discover, hosted
from cardtable_sdk.arena import Tournament, run_arena
from cardtable_sdk.local import game_types, play_local
from tests.api.conftest import Api
from tests.support import highcard

NAME = "toycard"


@pytest.fixture
def toycard(tmp_path: Path) -> Iterator[GameRules]:
    """The toy game's folder, discovered from its package and hosted while the test runs."""
    source = Path(highcard.__file__).read_text().replace('"highcard"', f'"{NAME}"')
    folder = tmp_path / "newcomer_games" / NAME
    folder.mkdir(parents=True)
    (folder.parent / "__init__.py").write_text('"""A newcomer\'s games."""\n')
    (folder / "__init__.py").write_text(source)
    sys.path.insert(0, str(tmp_path))
    try:
        found = discover(importlib.import_module("newcomer_games"))
        assert list(found) == [NAME]
        with hosted(found[NAME]) as rules:
            yield rules
    finally:
        sys.path.remove(str(tmp_path))
        for module in [m for m in sys.modules if m.split(".")[0] == "newcomer_games"]:
            del sys.modules[module]


def test_it_is_played_over_http(api: Api, toycard: GameRules) -> None:
    assert toycard.describe() in api.client.get("/game-types").get_json()["games"]
    created = api.create(NAME, [{"name": "Ann"}, {"name": "Bot", "bot": "random"}])
    assert api.play_to_end(created, random.Random(1)) > 0
    score = api.client.get(f"/games/{created['id']}/score").get_json()
    record = api.client.get(f"/games/{created['id']}/record").get_json()
    assert score["finished"] and toycard.replay(record).score() == score


@pytest.mark.usefixtures("toycard")
def test_it_is_scored_on_a_sheet(api: Api) -> None:
    created = api.client.post("/scoresheets", json={"game": NAME, "players": ["Ann", "Ben"]})
    assert created.status_code == 201, created.get_json()
    sheet = created.get_json()
    auth = api.auth(sheet["edit_token"])
    url = f"/scoresheets/{sheet['id']}/rounds"
    for tricks in ([2, 1], [0, 3]):
        entered = api.client.post(url, json={"tricks": tricks}, headers=auth)
        assert entered.status_code == 201, entered.get_json()
    read = api.client.get(f"/scoresheets/{sheet['id']}").get_json()
    assert read["totals"] == [2, 4] and read["finished"] and read["winners"] == [1]
    assert [result["tricks"] for result in read["rounds"]] == [[2, 1], [0, 3]]
    assert read["lower_total_wins"] is False
    # Its own fields are checked by its own rules, with the API's codes.
    again = api.client.post(
        "/scoresheets", json={"game": NAME, "players": ["Ann", "Ben"]}
    ).get_json()
    wrong = api.client.post(
        f"/scoresheets/{again['id']}/rounds",
        json={"winner": 0},
        headers=api.auth(again["edit_token"]),
    )
    assert wrong.status_code == 422 and wrong.get_json()["code"] == "validation_error"
    impossible = api.client.post(
        f"/scoresheets/{again['id']}/rounds",
        json={"tricks": [3, 3]},
        headers=api.auth(again["edit_token"]),
    )
    assert impossible.status_code == 422 and impossible.get_json()["code"] == "invalid_round"


@pytest.mark.usefixtures("toycard")
def test_server_bots_play_it_alone(api: Api) -> None:
    bots = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
    created = api.create(NAME, bots, seed=3)
    for _ in range(100):
        if api.view(created["id"])["finished"]:
            break
    view = api.view(created["id"])
    assert view["finished"] and view["winners"]


def test_it_is_played_locally_and_in_the_arena(toycard: GameRules) -> None:
    assert NAME in {game.game for game in game_types()}
    result = play_local(NAME, ["random", "random"], seed=5)
    assert result.score["finished"] and toycard.replay(result.record).score() == result.score
    tournament = Tournament(NAME, ("random", "random"), 4, seed=1)
    assert run_arena(tournament, workers=1).as_dict()["games"] == 4
