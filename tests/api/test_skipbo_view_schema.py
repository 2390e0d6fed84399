"""The Skip-Bo view and deal schemas match what the engine produces (so they cannot drift)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.api.schemas.skipbo import SkipBoDealSchema, SkipBoViewSchema
from cardtable.engine.skipbo import RULES, new_state

CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {"stock_size": 6}),
    (3, {"stock_size": 4, "stop_rule": "english", "first_player": 1}),
    (4, {"stock_size": 3, "teams": True, "target_score": 80}),
    (5, {"stock_size": 2, "target_score": 60}),
    (6, {"stock_size": 3, "teams": True, "stop_rule": "english"}),
    (2, {"stock_size": 2, "stop_rule": "english", "target_score": 90}),
]


def views_and_deals(n: int, options: dict[str, Any], seed: int) -> tuple[list[Any], list[Any]]:
    state = new_state([f"p{seat}" for seat in range(n)], options, seed)
    rng = random.Random(seed)
    views: list[Any] = []
    while True:
        if state.is_over:
            views.extend(state.view(seat) for seat in [None, *range(n)])
            break
        seat = state.active_seats()[0]
        # the acting seat, a spectator and one other seat at every step
        views.extend(state.view(viewer) for viewer in (seat, None, (seat + 1) % n))
        move = RULES.bots[rng.choice(["random", "greedy"])](
            state.view(seat), state.legal_moves(seat), rng
        )
        state.apply(seat, move)
    deals = [entry for entry in state.log if entry["type"] == "deal"]
    return views, deals


@pytest.mark.parametrize(("n", "options"), CASES)
def test_every_view_and_deal_validates(n: int, options: dict[str, Any]) -> None:
    view_schema, deal_schema = SkipBoViewSchema(), SkipBoDealSchema()
    steps: set[Any] = set()
    phases: set[str] = set()
    for seed in range(2):
        views, deals = views_and_deals(n, options, seed)
        for view in views:
            assert view_schema.validate(view) == {}, view
            steps.add(view["step"])
            phases.add(view["phase"])
        for deal in deals:
            assert deal_schema.validate(deal) == {}, deal
    assert phases == {"playing", "finished"}
    assert {None, "play"} <= steps and steps & {"build", "build_or_discard"}


def test_schema_notices_drift() -> None:
    view = new_state(["a", "b"], {"stock_size": 3}, 1).view(0)
    schema = SkipBoViewSchema()
    assert schema.validate(view) == {}
    assert "surprise" in schema.validate({**view, "surprise": 1})
    missing = dict(view)
    del missing["draw_pile_size"]
    assert "draw_pile_size" in schema.validate(missing)
    wrong = {**view, "players": [{**view["players"][0], "stock_top": "7"}, view["players"][1]]}
    assert schema.validate(wrong) != {}
