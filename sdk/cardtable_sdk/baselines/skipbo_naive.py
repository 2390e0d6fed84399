"""meesvandongen/skipbot's naive baseline (`src/bots/heuristic_14.rs`): "play anything,
discard only when forced". Its policy, step by step:

1. If any build is legal, build, preferring the stock top, then a discard-pile top (the
   lowest pile number first), then a hand card; each onto the first building pile (lowest
   number) that takes it. A SKIP-BO is built like any card, wherever it is first found.
2. Else, with an empty hand, end the turn (our `pass`).
3. Else discard the first hand card onto discard pile 0: every discard goes to pile 0.

Play it with `stop_rule: "english"` (skipbot lets a turn end with a discard at any time)
and `stock_size: 20`, as skipbot's table does. One difference we cannot avoid: skipbot
keeps the hand in the order the cards were drawn (its "first" card is the oldest one),
while our view lists a hand as a sorted multiset, so "the first hand card" is drawn at
random from the hand (seeded: `rng`), for hand builds and for the discard alike."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

Move = Mapping[str, Any]


def skipbo_naive(view: Mapping[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    plays = [m for m in legal if m["type"] == "play" and m.get("owner") is None]
    if plays:
        return _build(plays, rng)
    ending = next((m for m in legal if m["type"] == "pass"), None)
    return ending if ending is not None else _discard(legal, rng)


def _build(plays: list[Move], rng: random.Random) -> Move:
    """Stock top, else a discard-pile top (lowest pile), else a hand card; each onto the
    lowest-numbered building pile that takes it."""
    for source in ("stock", "discard"):
        found = [m for m in plays if m["source"] == source]
        if found:
            return min(found, key=lambda m: (m.get("pile", 0), m["target"]))
    hand = [m for m in plays if m["source"] == "hand"]
    if not hand:
        return plays[0]  # a partner's pile (a variant skipbot does not have)
    card = rng.choice(sorted({m["card"] for m in hand}))
    return min((m for m in hand if m["card"] == card), key=lambda m: m["target"])


def _discard(legal: Sequence[Move], rng: random.Random) -> Move:
    """A hand card (the source's first one: see the module docstring) onto pile 0."""
    discards = [m for m in legal if m["type"] == "discard" and m["pile"] == 0]
    if not discards:
        return legal[0]
    card = rng.choice(sorted({m["card"] for m in discards}))
    return next(m for m in discards if m["card"] == card)
