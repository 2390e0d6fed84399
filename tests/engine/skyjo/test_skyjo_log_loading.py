"""Loading a state checks every log entry exactly, on its quick path as well as on the full
one, and a loaded state shares nothing that either side changes later."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from skyjo_helpers import play_random_game, random_step

from cardtable_engine.base import InvalidState
from cardtable_engine.games.skyjo import RULES
from cardtable_engine.games.skyjo.cards import COLS, ROWS
from cardtable_engine.games.skyjo.info import MOVE_TYPES
from cardtable_engine.games.skyjo.state import SkyjoState

NORMAL_MOVES = [{"type": "draw"}] + [
    {"type": kind, "row": row, "col": col}
    for kind in MOVE_TYPES
    if kind != "draw"
    for row in range(ROWS)
    for col in range(COLS)
]
"""Every move as the engine writes it to the log (type first, then row and col)."""


def mid_game(seed: int = 3, moves: int = 40) -> SkyjoState:
    state = RULES.new_state(["a", "b", "c"], {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        random_step(state, rng)
    return state


def fresh_data(state: SkyjoState) -> dict[str, Any]:
    """The state as the service reads it back: through JSON."""
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def first_move_index(data: dict[str, Any]) -> int:
    return next(i for i, entry in enumerate(data["log"]) if entry["type"] == "move")


def test_every_move_shape_loads_and_round_trips() -> None:
    data = fresh_data(mid_game())
    moves = [dict(shape) for shape in NORMAL_MOVES]
    # The log is not replayed on load: any well-formed move of a valid seat is accepted.
    data["log"].extend(
        {"type": "move", "seat": i % 3, "move": move} for i, move in enumerate(moves)
    )
    data["version"] += len(moves)
    loaded = SkyjoState.from_dict(copy.deepcopy(data))
    assert loaded.to_dict() == data
    assert [entry["move"] for entry in loaded.log[-len(moves) :]] == moves


def _set_move(**fields: Any) -> Callable[[dict[str, Any]], None]:
    def change(entry: dict[str, Any]) -> None:
        entry["move"] = fields

    return change


def _reorder(entry: dict[str, Any]) -> None:
    entry["move"] = {"row": 0, "type": "reveal", "col": 0}


# Skyjo's own shapes (the damages every game refuses are in tests/engine/test_conformance.py).
DAMAGED_MOVE_ENTRIES: dict[str, Callable[[dict[str, Any]], None]] = {
    "row bool": _set_move(type="reveal", row=True, col=0),
    "row float": _set_move(type="reveal", row=1.0, col=0),
    "row out of range": _set_move(type="reveal", row=3, col=0),
    "col out of range": _set_move(type="reveal", row=0, col=4),
    "row missing": _set_move(type="reveal", col=0, at=0),
    "fields out of order": _reorder,
    "unknown move type": _set_move(type="fly", row=0, col=0),
    "type a list": _set_move(type=["reveal"], row=0, col=0),
    "type missing": _set_move(kind="draw"),
    "draw with a position": _set_move(type="draw", row=0, col=0),
    "reveal without a position": _set_move(type="reveal"),
    "empty move": _set_move(),
}


@pytest.mark.parametrize("name", sorted(DAMAGED_MOVE_ENTRIES))
def test_damaged_move_entries_are_refused(name: str) -> None:
    data = fresh_data(mid_game())
    SkyjoState.from_dict(copy.deepcopy(data))
    DAMAGED_MOVE_ENTRIES[name](data["log"][first_move_index(data)])
    with pytest.raises(InvalidState):
        SkyjoState.from_dict(data)


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("draw_pile", True),
        ("draw_pile", 1.0),
        ("draw_pile", 13),
        ("draw_pile", "1"),
        ("draw_pile", [1]),
        ("grids", False),
        ("grids", -3),
        ("grids", None),
        ("discard", True),
        ("discard", 5.0),
        ("discard", 13),
        ("discard", None),
        ("round", 0),
        ("round", True),
        ("round", "1"),
    ],
)
def test_deal_entries_with_a_bad_value_are_refused(where: str, value: Any) -> None:
    data = fresh_data(mid_game())
    deal = data["log"][0]
    if where in ("discard", "round"):
        deal[where] = value
    else:
        pile = deal["draw_pile"] if where == "draw_pile" else deal["grids"][1]
        pile[3] = value
    with pytest.raises(InvalidState):
        SkyjoState.from_dict(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda deal: deal["grids"].pop(),
        lambda deal: deal["grids"][0].pop(),
        lambda deal: deal["grids"].__setitem__(0, tuple(deal["grids"][0])),
        lambda deal: deal.update(grids=None),
        lambda deal: deal.update(draw_pile={}),
        lambda deal: deal.update(extra=1),
        lambda deal: deal.pop("discard"),
    ],
)
def test_deal_entries_of_the_wrong_shape_are_refused(change: Callable[[Any], Any]) -> None:
    data = fresh_data(mid_game())
    change(data["log"][0])
    with pytest.raises(InvalidState):
        SkyjoState.from_dict(data)


CELL_CHANGES: dict[str, Callable[[Any], Any]] = {
    # The same value as another type (the totals still add up), then wrong values.
    "bool": lambda card: card == 1,
    "float": float,
    "text": str,
    "13": lambda card: 13,
    "misspelt removed": lambda card: "removed ",
    "null": lambda card: None,
    "list": lambda card: [card],
}


@pytest.mark.parametrize("name", sorted(CELL_CHANGES))
def test_round_results_with_a_bad_cell_are_refused(name: str) -> None:
    state, _ = play_random_game(2, {"end_score": 200, "max_rounds": 2}, 4)
    data = fresh_data(state)
    cells = data["rounds"][0]["grids"][1]
    index = next(i for i, cell in enumerate(cells) if cell == 1)
    cells[index] = CELL_CHANGES[name](cells[index])
    with pytest.raises(InvalidState):
        SkyjoState.from_dict(data)


def test_states_loaded_from_one_document_play_on_independently() -> None:
    data = fresh_data(mid_game())
    before = copy.deepcopy(data)
    first, second = SkyjoState.from_dict(data), SkyjoState.from_dict(data)
    rng = random.Random(5)
    for _ in range(30):
        if not first.is_over:
            random_step(first, rng)
    assert first.version > second.version
    assert second.to_dict() == before
    assert data == before


def test_to_dict_shares_no_log_entry_with_the_state() -> None:
    state = mid_game()
    saved = state.to_dict()
    move_entry = saved["log"][first_move_index(saved)]
    move_entry["move"]["type"] = "changed"
    move_entry["seat"] = 99
    saved["log"][0]["grids"][0][0] = 99
    assert state.to_dict() != saved
    assert SkyjoState.from_dict(state.to_dict()).to_dict() == state.to_dict()
