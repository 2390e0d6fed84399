"""What the shared tests must know of Skip-Bo (its test profile; tests/support/profiles.py
reads it): the setups they play, the steps its views show, and which cards a viewer
cannot see."""

from __future__ import annotations

import random
from typing import Any

from cardtable_engine.testing import everything, redeal

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {"stock_size": 3}),
    (2, {"stock_size": 3, "stop_rule": "english"}),
    (3, {"stock_size": 4, "first_player": 2}),
    (4, {"stock_size": 2, "teams": True, "stop_rule": "english", "target_score": 60}),
    (5, {"stock_size": 2, "target_score": 70}),
    (6, {"stock_size": 2, "teams": True}),
    # long enough for completed piles to be recycled into new draw piles
    (2, {"stock_size": 20}),
]
"""(players, options) for the engine's conformance tests, short games first."""

VIEW_SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {"stock_size": 6}),
    (3, {"stock_size": 4, "stop_rule": "english", "first_player": 1}),
    (4, {"stock_size": 3, "teams": True, "target_score": 80}),
    (5, {"stock_size": 2, "target_score": 60}),
    (6, {"stock_size": 3, "teams": True, "stop_rule": "english"}),
    (2, {"stock_size": 2, "stop_rule": "english", "target_score": 90}),
]
"""(players, options) whose every view and log entry is checked against the spec."""

VIEW_STEPS: set[str | None] = {None, "play"}
"""Steps every view setup shows (the build steps vary with the stop rule)."""


def hide(data: dict[str, Any], viewer: int | None, rng: random.Random) -> None:
    """Shuffle, in stored data, every card `viewer` (None: a spectator) cannot see."""
    table = data["table"]
    piles = [everything(table["draw_pile"]), everything(table["set_aside"])]
    piles += [(stock, list(range(len(stock) - 1))) for stock in table["stocks"]]
    piles += [everything(hand) for seat, hand in enumerate(table["hands"]) if seat != viewer]
    redeal(piles, rng)
