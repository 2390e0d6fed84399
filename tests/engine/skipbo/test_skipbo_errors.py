"""Typed errors, in the order the engine checks them, and the state left unchanged."""

from __future__ import annotations

import re
from typing import Any

import pytest
from skipbo_helpers import SB, arranged

from cardtable_engine.base import (
    EngineError,
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    WrongPhase,
)
from tests.support.refusals import refused

MALFORMED: list[Any] = [
    None,
    [],
    "pass",
    {},
    {"type": "draw"},
    {"type": "PASS"},
    {"type": "pass", "card": 1},
    {"type": "discard", "card": 1},
    {"type": "discard", "pile": 0},
    {"type": "discard", "card": 13, "pile": 0},
    {"type": "discard", "card": -1, "pile": 0},
    {"type": "discard", "card": 1, "pile": 4},
    {"type": "discard", "card": "1", "pile": 0},
    {"type": "discard", "card": 1.0, "pile": 0},
    {"type": "discard", "card": True, "pile": 0},
    {"type": "discard", "card": 1, "pile": 0, "target": 0},
    {"type": "play"},
    {"type": "play", "source": "deck", "target": 0},
    {"type": "play", "source": "hand", "target": 0},
    {"type": "play", "source": "hand", "card": 1},
    {"type": "play", "source": "hand", "card": 1, "target": 4},
    {"type": "play", "source": "hand", "card": 1, "target": -1},
    {"type": "play", "source": "hand", "card": 1, "target": None},
    {"type": "play", "source": "hand", "card": 1, "target": 0, "pile": 0},
    {"type": "play", "source": "hand", "card": 1, "target": 0, "owner": 1},
    {"type": "play", "source": "stock", "target": 0, "card": 1},
    {"type": "play", "source": "stock", "target": 0, "pile": 1},
    {"type": "play", "source": "stock", "target": 0, "owner": 0},  # own seat: leave it out
    {"type": "play", "source": "stock", "target": 0, "owner": 2},  # no such seat
    {"type": "play", "source": "stock", "target": 0, "owner": None},
    {"type": "play", "source": "discard", "target": 0},
    {"type": "play", "source": "discard", "pile": 4, "target": 0},
    {"type": "play", "source": "discard", "pile": 0, "target": 0, "card": 3},
]


@pytest.mark.parametrize("move", MALFORMED, ids=repr)
def test_malformed_moves(move: Any) -> None:
    error = refused(arranged(2, hands={0: [1, 2]}), 0, move, MalformedMove)
    assert error.code == "malformed_move"


def test_not_your_turn_before_wrong_phase_and_illegal() -> None:
    state = arranged(2, hands={0: [1], 1: [5]})
    before = state.to_dict()
    with pytest.raises(NotYourTurn, match="seat 0's turn"):
        state.apply(1, {"type": "pass"})  # also the wrong step, and seat 1 can't pass
    with pytest.raises(NotYourTurn):
        state.apply(1, {"type": "play", "source": "hand", "card": 5, "target": 0})
    assert state.legal_moves(1) == []
    assert state.to_dict() == before


def test_wrong_phase_before_illegal() -> None:
    state = arranged(2, hands={0: [1, 9]})
    before = state.to_dict()
    # a discard of a card not held is refused for the step first (the french rule says build)
    with pytest.raises(WrongPhase):
        state.apply(0, {"type": "discard", "card": 7, "pile": 0})
    with pytest.raises(IllegalMove, match="you hold no 7"):
        state.apply(0, {"type": "play", "source": "hand", "card": 7, "target": 0})
    assert state.to_dict() == before


def test_messages_do_not_reveal_hidden_cards() -> None:
    state = arranged(2, hands={0: [1, 9], 1: [4, 4, 4]}, stocks={0: [6, 3, 2], 1: [8, 7]})
    messages = []
    for move in (
        {"type": "play", "source": "stock", "target": 0},
        {"type": "play", "source": "hand", "card": 4, "target": 0},
        {"type": "play", "source": "discard", "pile": 0, "target": 0},
    ):
        with pytest.raises(EngineError) as raised:
            state.apply(0, move)
        messages.append(raised.value.message)
    with pytest.raises(EngineError) as raised:
        state.apply(1, {"type": "play", "source": "hand", "card": 4, "target": 0})
    messages.append(raised.value.message)
    text = " ".join(messages)
    # the stock's hidden 3 and 2 and seat 1's hidden stock card 7 never appear; seat 1's 4s
    # are named only to seat 0 as the card seat 0 itself asked for
    assert not re.search(r"\b[237]\b", text), text
    assert "a 6 can't go there" in messages[0]  # the visible stock top may be named
    assert messages[1] == "you hold no 4"


def test_error_carries_move_and_seat() -> None:
    state = arranged(2, hands={0: [1, SB]})
    with pytest.raises(IllegalMove) as raised:
        state.apply(0, {"type": "play", "source": "stock", "target": 0})
    assert raised.value.seat == 0
    assert raised.value.move == {"type": "play", "source": "stock", "target": 0}
