"""The per-game view readers: the only bot-tool code that names view fields, and what they
read adds up (every card the seat cannot see has a hidden place to be in)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from cardtable_sdk._engine import get_rules
from cardtable_sdk.adapters import skipbo, skyjo
from tests.sdk.conftest import ROOT

READERS = [
    *sorted((ROOT / "sdk" / "cardtable_sdk" / "envs").glob("*.py")),
    ROOT / "sdk" / "cardtable_sdk" / "arena.py",
    ROOT / "sdk" / "examples" / "skyjo_expert.py",
    ROOT / "sdk" / "examples" / "skipbo_expert.py",
]


@pytest.mark.parametrize("path", READERS, ids=lambda p: p.name)
def test_view_fields_are_named_in_the_adapters_only(path) -> None:
    assert not re.search(r"view\[\"", path.read_text(encoding="utf-8")), path


def test_skyjo_unseen_cards_are_exactly_the_hidden_ones_with_perfect_recall() -> None:
    """The cards a seat does not know the place of are the face-down cards, the draw pile
    and a rival's drawn card: the buried discards were all seen, so they are known."""
    rules, rng = get_rules("skyjo"), random.Random(2)
    state = rules.new_state(["a", "b"], {"end_score": 40}, 2)
    checked = 0
    while not state.is_over:
        for seat in range(2):
            view = state.view(seat)
            hidden = Counter(state.draw_pile)
            for grid in state.grids:
                hidden.update(c for c, up in zip(grid.cards, grid.face_up, strict=True)
                              if c is not None and not up)  # fmt: skip
            if state.drawn is not None and state.current != seat:
                hidden[state.drawn] += 1
            assert skyjo.unseen_cards(view) == +hidden
            assert skyjo.discard_pile(view) == state.discard
            checked += 1
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert checked > 100


def test_skipbo_readers_match_the_table() -> None:
    state = get_rules("skipbo").new_state(["a", "b"], {"stock_size": 7}, 4)
    view = state.view(0)
    assert len(skipbo.hand(view)) == skipbo.hand_size(view, 0) == 5
    assert skipbo.stock_size(view, 1) == 7 and skipbo.building_next(view) == [1, 1, 1, 1]
    assert skipbo.hand(state.view(1)) == [] and skipbo.acting_step(view) == "build"
