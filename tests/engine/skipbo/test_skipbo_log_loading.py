"""Loading a state checks every log entry, on its quick path as well as on the full one, and
a loaded state shares nothing that either side changes later."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from skipbo_helpers import names

from cardtable_engine.base import InvalidState
from cardtable_engine.games.skipbo import new_state
from cardtable_engine.games.skipbo.state import SkipBoState


def played(moves: int, seed: int = 3, n: int = 3) -> SkipBoState:
    state = new_state(names(n), {"stock_size": 12}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def fresh_data(state: SkipBoState) -> dict[str, Any]:
    """The state as the service reads it back: through JSON."""
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def with_reshuffle() -> dict[str, Any]:
    """A state whose log holds a deal, moves and a reshuffle."""
    state = new_state(names(2), {"stock_size": 30}, 11)
    rng = random.Random(11)
    while not any(entry["type"] == "reshuffle" for entry in state.log):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return fresh_data(state)


def first_move_index(data: dict[str, Any]) -> int:
    return next(i for i, entry in enumerate(data["log"]) if entry["type"] == "move")


@pytest.mark.parametrize(
    "move",
    [
        {"type": "play", "card": 1, "target": 0},
        {"type": "play", "source": "hand", "target": 0},
        {"type": "play", "source": "stock", "card": 1, "target": 0},
        {"type": "discard", "card": 1},
        {"type": "play", "source": "hand", "card": 1, "target": 4},
    ],
)
def test_move_entries_of_no_skipbo_shape_are_refused(move: dict[str, Any]) -> None:
    """Skip-Bo's own shapes (what every game refuses: tests/engine/test_conformance.py)."""
    data = fresh_data(played(40))
    data["log"][first_move_index(data)]["move"] = move
    with pytest.raises(InvalidState):
        SkipBoState.from_dict(data)


BAD_CARDS = [True, False, 1.0, 13, -1, "1", None, [1]]


@pytest.mark.parametrize("card", BAD_CARDS)
@pytest.mark.parametrize("pile", ["stock", "draw_pile", "reshuffle"])
def test_piles_of_log_entries_with_a_bad_card_are_refused(pile: str, card: Any) -> None:
    data = with_reshuffle()
    SkipBoState.from_dict(copy.deepcopy(data))
    if pile == "reshuffle":
        target = next(e for e in data["log"] if e["type"] == "reshuffle")["draw_pile"]
    elif pile == "stock":
        target = data["log"][0]["stocks"][1]
    else:
        target = data["log"][0]["draw_pile"]
    target[2] = card
    with pytest.raises(InvalidState):
        SkipBoState.from_dict(data)


def test_a_state_with_reshuffles_round_trips() -> None:
    data = with_reshuffle()
    assert SkipBoState.from_dict(copy.deepcopy(data)).to_dict() == data


def test_states_loaded_from_one_document_play_on_independently() -> None:
    data = fresh_data(played(40))
    before = copy.deepcopy(data)
    first, second = SkipBoState.from_dict(data), SkipBoState.from_dict(data)
    rng = random.Random(5)
    for _ in range(30):
        if not first.is_over:
            seat = first.active_seats()[0]
            first.apply(seat, rng.choice(first.legal_moves(seat)))
    assert first.version > second.version
    assert second.to_dict() == before
    assert data == before


def test_to_dict_shares_no_move_entry_with_the_state() -> None:
    state = played(40)
    saved = state.to_dict()
    entry = saved["log"][first_move_index(saved)]
    entry["move"]["type"] = "changed"
    entry["seat"] = 99
    assert state.to_dict() != saved
    assert SkipBoState.from_dict(state.to_dict()).to_dict() == state.to_dict()
