"""The Skyjo view and deal schemas match what the engine produces (so they cannot drift)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.api.schemas.skyjo import SkyjoDealSchema, SkyjoViewSchema
from cardtable.engine.skyjo import RULES

CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"initial_reveals": 0, "end_score": 60}),
    (4, {"initial_reveals": 3, "later_round_starter": "highest_sum"}),
    (5, {"finisher_penalty": False, "max_rounds": 2}),
    (8, {"initial_reveals": 1, "end_score": 50}),
]


def views_and_deals(n: int, options: dict[str, Any], seed: int) -> tuple[list[Any], list[Any]]:
    state = RULES.new_state([f"p{seat}" for seat in range(n)], options, seed)
    rng = random.Random(seed)
    views: list[Any] = []
    while True:
        if state.is_over:
            views.extend(state.view(seat) for seat in [None, *range(n)])
            break
        seat = rng.choice(state.active_seats())
        # In turn: the acting seat (sees its drawn card), a spectator, another seat.
        viewer = (seat, None, (seat + 1) % n)[state.version % 3]
        views.append(state.view(viewer))
        bot = RULES.bots[rng.choice(["random", "greedy"])]
        state.apply(seat, bot(state.view(seat), state.legal_moves(seat), rng))
    deals = [entry for entry in state.log if entry["type"] == "deal"]
    return views, deals


@pytest.mark.parametrize(("n", "options"), CASES)
def test_every_view_and_deal_validates(n: int, options: dict[str, Any]) -> None:
    view_schema, deal_schema = SkyjoViewSchema(), SkyjoDealSchema()
    phases: set[str] = set()
    steps: set[Any] = set()
    held: set[Any] = set()
    for seed in range(2):
        views, deals = views_and_deals(n, options, seed)
        for view in views:
            assert view_schema.validate(view) == {}, view
            phases.add(view["phase"])
            steps.add(view["step"])
            held.add(view["drawn"] and view["drawn"]["card"] is not None)
        for deal in deals:
            assert deal_schema.validate(deal) == {}, deal
    expected = {"playing", "finished"} | (
        {"setup"} if options.get("initial_reveals") != 0 else set()
    )
    assert phases == expected
    assert {"choose", "place_drawn", None} <= steps
    assert held == {None, False, True}


def test_the_schema_notices_drift() -> None:
    schema = SkyjoViewSchema()
    view = RULES.new_state(["a", "b"], {}, 1).view(0)
    assert schema.validate(view) == {}
    assert "log" in schema.validate({**view, "log": []})
    broken = {**view, "players": [{**view["players"][0], "grid": ["7"] * 12}, view["players"][1]]}
    assert "players" in schema.validate(broken)
    assert "discard_top" in schema.validate({**view, "discard_top": 13})
    missing = dict(view)
    del missing["final_lap"]
    assert "final_lap" in schema.validate(missing)
    deal = RULES.new_state(["a", "b"], {}, 1).log[0]
    assert SkyjoDealSchema().validate(deal) == {}
    assert "grids" in SkyjoDealSchema().validate({**deal, "grids": [[0] * 11, [0] * 12]})
