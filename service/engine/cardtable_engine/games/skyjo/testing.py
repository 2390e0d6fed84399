"""What the shared tests must know of Skyjo (its test profile; tests/support/profiles.py
reads it): the setups they play, the steps its views show, and which cards a viewer
cannot see."""

from __future__ import annotations

import random
from typing import Any

from cardtable_engine.testing import everything, redeal

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {"end_score": 25}),
    (3, {"initial_reveals": 0, "end_score": 40}),
    (4, {"initial_reveals": 3, "later_round_starter": "highest_sum", "end_score": 50}),
    (2, {"finisher_penalty": False, "max_rounds": 1, "initial_reveals": 1}),
    (8, {"max_rounds": 2}),
]
"""(players, options) for the engine's conformance tests, short games first."""

VIEW_SETUPS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"initial_reveals": 0, "end_score": 60}),
    (4, {"initial_reveals": 3, "later_round_starter": "highest_sum"}),
    (5, {"finisher_penalty": False, "max_rounds": 2}),
    (8, {"initial_reveals": 1, "end_score": 50}),
]
"""(players, options) whose every view and log entry is checked against the spec."""

VIEW_STEPS: set[str | None] = {"choose", "place_drawn", None}
"""Steps every view setup shows."""


def has_setup_phase(options: dict[str, Any]) -> bool:
    """Whether a game with these options shows the `setup` phase (the first reveals)."""
    return options.get("initial_reveals") != 0


def hide(data: dict[str, Any], viewer: int | None, rng: random.Random) -> None:
    """Shuffle, in stored data, every card `viewer` (None: a spectator) cannot see."""
    piles = [everything(data["draw_pile"])]
    for grid in data["grids"]:
        piles.append((grid["cards"], [i for i, up in enumerate(grid["face_up"]) if not up]))
    holder = [data["drawn"]] if data["drawn"] is not None and viewer != data["current"] else []
    redeal([*piles, everything(holder)], rng)
    if holder:
        data["drawn"] = holder[0]
