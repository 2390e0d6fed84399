"""The SDK's local play runs the test-only high-card game (tests/support/highcard.py) once
the registry's hook hosts it, like the hosted games: the SDK does not know it either."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable_engine.registry import hosted
from cardtable_sdk import MoveList, View
from cardtable_sdk.errors import UnknownGame
from cardtable_sdk.local import LocalGame, game_types, play_local
from tests.support.highcard import RULES as HIGHCARD


def test_local_play_of_a_third_game() -> None:
    seen: list[int] = []

    def lowest(view: View, legal: MoveList) -> dict[str, Any]:
        assert view["game"] == "highcard" and view.is_my_turn
        seen.append(view.version)
        return min(legal, key=lambda move: move["rank"])

    with hosted(HIGHCARD):
        assert "highcard" in {game.game for game in game_types()}
        result = play_local("highcard", [lowest, "random"], options={"rounds": 3}, seed=5)
        assert result.score["finished"] and len(result.score["rounds"]) == 3
        assert HIGHCARD.replay(result.record).score() == result.score
        assert seen and len(result.game.applied) == result.game.version


def test_the_third_game_is_unknown_outside_the_hook() -> None:
    with pytest.raises(UnknownGame):
        LocalGame("highcard", ["A", "B"])
