"""Refused moves: the typed error of the contract's check order, and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from skyjo_helpers import G0, G1, at, dealt_state

from cardtable_engine.base import (
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    WrongPhase,
)
from cardtable_engine.games.skyjo.state import SkyjoState
from tests.support.refusals import refused


@pytest.fixture
def setup_state() -> SkyjoState:
    """Setup reveals under way: seat 0 has finished, seat 1 has one reveal left."""
    state = dealt_state([G0, G1], 12)
    state.apply(0, at("reveal", 0, 0))
    state.apply(0, at("reveal", 0, 1))
    state.apply(1, at("reveal", 2, 2))
    return state


@pytest.fixture
def playing() -> SkyjoState:
    """Seat 0 to choose; it shows (0, 0)."""
    state = dealt_state([G0, G1], 12, options={"initial_reveals": 1})
    state.apply(0, at("reveal", 0, 0))
    state.apply(1, at("reveal", 0, 0))
    assert state.current == 0
    return state


@pytest.mark.parametrize(
    "move",
    [
        None,
        [],
        "draw",
        {},
        {"type": "pass"},
        {"type": 3},
        {"type": "draw", "row": 0},
        {"type": "take_discard", "row": 0},
        {"type": "take_discard", "col": 0},
        {"type": "take_discard", "row": 0, "col": 0, "card": 5},
        {"type": "take_discard", "row": "1", "col": 0},
        {"type": "take_discard", "row": 1.5, "col": 0},
        {"type": "take_discard", "row": 1.0, "col": 0},
        {"type": "take_discard", "row": True, "col": 0},
        {"type": "take_discard", "row": 3, "col": 0},
        {"type": "take_discard", "row": 0, "col": 4},
        {"type": "replace", "row": -1, "col": 0},
        {"type": "reveal", "row": 0, "col": None},
    ],
)
def test_malformed_moves(playing: SkyjoState, move: Any) -> None:
    refused(playing, 0, move, MalformedMove)
    # Shape comes before turn: the same move from the wrong seat is still malformed.
    refused(playing, 1, move, MalformedMove)


def test_not_your_turn_while_playing(playing: SkyjoState) -> None:
    error = refused(playing, 1, {"type": "draw"}, NotYourTurn)
    assert "seat 0" in error.message
    refused(playing, 1, at("reveal", 1, 1), NotYourTurn)  # turn comes before phase


def test_not_your_turn_after_own_setup_reveals(setup_state: SkyjoState) -> None:
    refused(setup_state, 0, at("reveal", 1, 1), NotYourTurn)
    refused(setup_state, 0, {"type": "draw"}, NotYourTurn)


def test_wrong_phase_during_setup(setup_state: SkyjoState) -> None:
    refused(setup_state, 1, {"type": "draw"}, WrongPhase)
    refused(setup_state, 1, at("take_discard", 0, 0), WrongPhase)


def test_wrong_phase_while_choosing(playing: SkyjoState) -> None:
    refused(playing, 0, at("reveal", 1, 1), WrongPhase)
    refused(playing, 0, at("replace", 1, 1), WrongPhase)
    refused(playing, 0, at("discard_and_reveal", 1, 1), WrongPhase)


def test_wrong_phase_while_holding_a_drawn_card(playing: SkyjoState) -> None:
    playing.apply(0, {"type": "draw"})
    refused(playing, 0, {"type": "draw"}, WrongPhase)
    refused(playing, 0, at("take_discard", 1, 1), WrongPhase)
    refused(playing, 0, at("reveal", 1, 1), WrongPhase)


def test_illegal_reveals(setup_state: SkyjoState) -> None:
    error = refused(setup_state, 1, at("reveal", 2, 2), IllegalMove)
    assert "already face up" in error.message


def test_illegal_discard_and_reveal_on_a_face_up_card(playing: SkyjoState) -> None:
    playing.apply(0, {"type": "draw"})
    refused(playing, 0, at("discard_and_reveal", 0, 0), IllegalMove)


def test_removed_positions_are_illegal_targets_for_every_move() -> None:
    grid = [4, 1, 2, 3, 4, 5, 6, 7, 4, 9, 10, 11]
    state = dealt_state([grid, G0], 12, options={"initial_reveals": 3})
    for row in range(3):
        state.apply(0, at("reveal", row, 0))
    for row in range(3):
        state.apply(1, at("reveal", row, 3))
    assert state.current == 1
    state.apply(1, at("take_discard", 0, 0))
    refused(state, 0, at("take_discard", 1, 0), IllegalMove)
    state.apply(0, {"type": "draw"})
    for kind in ("replace", "discard_and_reveal"):
        error = refused(state, 0, at(kind, 2, 0), IllegalMove)
        assert "removed" in error.message


def test_messages_never_name_hidden_cards(playing: SkyjoState) -> None:
    playing.apply(0, {"type": "draw"})
    drawn = playing.drawn
    errors = [
        refused(playing, 1, at("replace", 1, 1), NotYourTurn),
        refused(playing, 0, {"type": "draw"}, WrongPhase),
        refused(playing, 0, at("discard_and_reveal", 0, 0), IllegalMove),
    ]
    for error in errors:
        assert f" {drawn}" not in error.message.replace("seat 0", "").replace("seat 1", "")
