"""Helpers for a game folder's test profile (`games/<name>/testing.py`): the shared tests
(tests/support/profiles.py) read each game's profile, so a new game brings its own and no
test lists it.

A profile module has `SETUPS` and `VIEW_SETUPS` ((players, options) to play), `VIEW_STEPS`
(steps its views show), `hide(data, viewer, rng)` (shuffle, in stored data, every card the
viewer cannot see) and, optionally, `has_setup_phase(options)`."""

from __future__ import annotations

import random
from typing import Any

Pile = tuple[list[Any], list[int]]
"""A pile and the positions in it whose cards may be shuffled among themselves."""


def everything(pile: list[Any]) -> Pile:
    return pile, list(range(len(pile)))


def redeal(piles: list[Pile], rng: random.Random) -> None:
    """Shuffle the cards at the given (pile, positions) among themselves, one moved at least."""
    cards = [pile[index] for pile, positions in piles for index in positions]
    rng.shuffle(cards)
    if len(set(cards)) > 1:
        cards = cards[1:] + cards[:1]
    for pile, positions in piles:
        for index in positions:
            pile[index] = cards.pop()
