"""The external baselines play whole games legally and follow their sources' rules: the
skipbot naive bot builds whenever it can (stock top first) and discards only onto pile 0;
the SkyjoAI threshold bot keeps only cards below 5 (while it has cards to turn up)."""

from __future__ import annotations

import random

import pytest

from cardtable_engine.registry import GAMES
from cardtable_sdk.baselines import skipbo_naive, skyjo_threshold


@pytest.mark.parametrize("seed", range(3))
def test_the_naive_skipbo_baseline_plays_anything_and_discards_only_when_forced(seed: int) -> None:
    state = GAMES["skipbo"].new_state(["a", "b"], {"stock_size": 20, "stop_rule": "english"}, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.current_seat
        legal = state.legal_moves(seat)
        move = skipbo_naive(state.view(seat), legal, rng)
        plays = [m for m in legal if m["type"] == "play"]
        if plays:
            assert move["type"] == "play"
            if any(m["source"] == "stock" for m in plays):
                assert move["source"] == "stock"
        elif move["type"] == "discard":
            assert move["pile"] == 0
        state.apply(seat, move)
    assert state.is_over


@pytest.mark.parametrize("players", [2, 4])
def test_the_threshold_skyjo_baseline_keeps_only_low_cards(players: int) -> None:
    state = GAMES["skyjo"].new_state([str(p) for p in range(players)], {"max_rounds": 1}, players)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.active_seats()[0]
        view = state.view(seat)
        move = skyjo_threshold(view, state.legal_moves(seat), rng)
        hidden = sum(c is None for c in view["players"][seat]["grid"])
        if move["type"] == "take_discard" and hidden > 1:
            assert view["discard_top"] < 5
        if view["step"] == "place_drawn" and hidden > 1:
            assert (move["type"] == "replace") == (view["drawn"]["card"] < 5)
        state.apply(seat, move)
    assert state.is_over
