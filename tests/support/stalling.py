"""A Skyjo player that makes games long: it mostly puts a card into a face-up cell of its
grid (which brings the round no nearer its end), and sometimes plays any legal move (so
that rounds do end). For long games in tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from cardtable_engine.games.skyjo.cards import COLS


def stalling_move(state: Any, seat: int, rng: random.Random, any_move: float = 0.12) -> Any:
    """`seat`'s move in the Skyjo `state`: any legal one with probability `any_move`."""
    legal = state.legal_moves(seat)
    if rng.random() < any_move:
        return rng.choice(legal)
    grid = state.grids[seat]
    slow = [
        move
        for move in legal
        if "row" in move
        and move["type"] != "reveal"
        and not grid.is_face_down(move["row"] * COLS + move["col"])
    ]
    return rng.choice(slow or legal)
