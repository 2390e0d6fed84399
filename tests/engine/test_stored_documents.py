"""States and records written by the engines before the skeleton (commit ccbf33d, kept in
data/stored_before_skeleton.json) still load, play on and replay: stored games survive the
change, and the record format is the same."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable_engine.registry import GAMES, load_state

STORED: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "stored_before_skeleton.json").read_text()
)


@pytest.mark.parametrize("game", sorted(STORED))
def test_a_stored_game_loads_unchanged_and_plays_to_its_end(game: str) -> None:
    data = STORED[game]["mid_game"]
    state = load_state(copy.deepcopy(data))
    assert state.to_dict() == data
    rng = random.Random(1)
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert GAMES[game].replay(state.record()).score() == state.score()


@pytest.mark.parametrize("game", sorted(STORED))
def test_a_stored_finished_game_gives_the_same_record(game: str) -> None:
    state = load_state(copy.deepcopy(STORED[game]["finished"]))
    assert state.to_dict() == STORED[game]["finished"]
    assert state.record() == STORED[game]["record"]
    assert json.dumps(state.record()) == json.dumps(STORED[game]["record"])  # byte for byte
    assert GAMES[game].replay(STORED[game]["record"]).score() == STORED[game]["record"]["score"]
