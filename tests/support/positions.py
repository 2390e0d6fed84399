"""Positions of hosted games reached by random legal moves, for tests that need many."""

from __future__ import annotations

import random

from cardtable_engine.base import GameState
from cardtable_engine.registry import get_rules


def played(game: str, players: int, seed: int, moves: int) -> GameState:
    """A position reached by `moves` random legal moves (fewer if the game ends first), the
    deal and the moves both drawn from `seed`."""
    rng = random.Random(seed)
    state = get_rules(game).new_state([f"p{n}" for n in range(players)], None, seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state
