"""Search support for bots (needs the engine: `pip install 'cardtable-sdk[local]'`).

    from cardtable_sdk.search import sample_state, clone

    state = sample_state("skipbo", view, rng)   # hidden cards dealt at random
    trial = clone(state)                        # cheap copy to try moves on
    trial.apply(seat, move)

`sample_state` turns the view a bot is given into a full engine state that shows the bot
exactly that view, every card it cannot see shuffled among the places it cannot see (the
same sizes): a determinization, for ISMCTS-style search or rollouts. `clone` copies a
state (without its log) many times faster than `from_dict(to_dict())`. States have
`legal_moves(seat)`, `apply(seat, move)`, `view(seat)`, `active_seats()`, `is_over`,
`totals()` and `winners()`. `engine_bot(game, "greedy")` plays rollouts as the server's
greedy bot does; `engine_bot(game, "search")` is the strongest hosted bot (the expert
checked by determinized rollouts; docs/bots.md gives its strength and CPU per move).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardtable_sdk._engine import GameState, Move, clone, determinize, get_rules, sample_state

__all__ = ["GameState", "clone", "determinize", "engine_bot", "sample_state"]


def engine_bot(game: str, name: str) -> Callable[[Any, list[Move], random.Random], Move]:
    """The engine's own bot `name` ("random", "greedy", "expert" or "search", as the server
    plays them), a function of (view, legal moves, random.Random): a rollout policy for
    search, or an opponent."""
    bot: Callable[[Any, list[Move], random.Random], Move] = get_rules(game).bots[name]
    return bot
