"""Skip-Bo's `search` bot: the expert with a wider search of its discard, the decision that
ends each turn: the best `CANDIDATES` discards by its scoring rule, each played out on the
same `SAMPLES` determinizations of the seat's view (the rival's turn and ours, as the
expert's rollouts do). Its builds are the expert's whole-turn plan. It decides from the
view alone and is deterministic. Strength and CPU per move: docs/bots.md."""

from __future__ import annotations

import functools
import random
from typing import Any

from cardtable_engine.games.skipbo.expert import play, rollout_discard

SAMPLES, CANDIDATES = 10, 6
"""Rollouts per discard candidate and candidates tried (the expert: 4 and 4)."""


def search_bot(view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
    discard = functools.partial(rollout_discard, samples=SAMPLES, candidates=CANDIDATES)
    return play(view, list(legal), rng, discard)
