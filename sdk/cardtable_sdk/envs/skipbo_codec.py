"""Skip-Bo's fixed-size observation and action encodings, built from one seat's view only.

Observation (float32, every value in [0, 1]; seats in play order from the observer, so
entry 0 is always "me"): my hand, cards per value 0..12 / 5 (13); per seat: stock top (14:
one-hot of 0..12, then "empty"), stock size / 30, hand size / 5, "is my partner", and per
discard pile its top (14 one-hot) and its cards per value / 10, clipped (13) — 111 per
seat; per building pile the value it needs next (12 one-hot) and its size / 12 (52); the
draw pile / 162; the set-aside cards / 162; the step (6: play, build, build_or_discard,
build_or_pass, discard, pass); per seat the running total / 500 clipped. Size
13 + 111 n + 52 + 8 + n for n seats.

Actions (145): play a hand card c (0..12) on building pile t: 4 c + t (0-51); play my
stock on t: 52 + t; play my discard pile p on t: 56 + 4 p + t; discard card c on pile p:
72 + 4 c + p (72-123); pass: 124; then the partner's stock (125 + t) and discard piles
(129 + 4 p + t), used in the teams variant only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from cardtable_sdk.adapters import skipbo as seen

CARDS = seen.TOP_VALUE + 1  # 0 (SKIP-BO) .. 12
TOP = CARDS + 1  # one-hot of a top card, with "empty"
PILES = seen.DISCARD_PILES
SEAT = TOP + 3 + PILES * (TOP + CARDS)
STEPS = ("play", "build", "build_or_discard", "build_or_pass", "discard", "pass")


def _actions() -> list[dict[str, Any]]:
    plays: list[dict[str, Any]] = [
        {"type": "play", "source": "hand", "card": c, "target": t}
        for c in range(CARDS)
        for t in range(4)
    ]
    plays += [{"type": "play", "source": "stock", "target": t} for t in range(4)]
    plays += [
        {"type": "play", "source": "discard", "pile": p, "target": t}
        for p in range(PILES)
        for t in range(4)
    ]
    plays += [{"type": "discard", "card": c, "pile": p} for c in range(CARDS) for p in range(PILES)]
    plays.append({"type": "pass"})
    plays += [{"type": "play", "source": "stock", "target": t, "owner": None} for t in range(4)]
    plays += [
        {"type": "play", "source": "discard", "pile": p, "target": t, "owner": None}
        for p in range(PILES)
        for t in range(4)
    ]
    return plays


ACTIONS = _actions()
"""Each action's move; `"owner": None` stands for the partner's seat (teams only)."""


def action_index(move: Mapping[str, Any], seat: int) -> int:
    """The action number of a legal move of `seat`."""
    kind = move["type"]
    if kind == "pass":
        return 124
    if kind == "discard":
        return 72 + 4 * int(move["card"]) + int(move["pile"])
    target, source = int(move["target"]), move["source"]
    if source == "hand":
        return 4 * int(move["card"]) + target
    partner = move.get("owner", seat) != seat
    if source == "stock":
        return (125 if partner else 52) + target
    return (129 if partner else 56) + 4 * int(move["pile"]) + target


def action_numbers(moves: list[Mapping[str, Any]], seat: int) -> list[int]:
    """`action_index` of each move of `seat`."""
    return [action_index(move, seat) for move in moves]


def observation_size(players: int) -> int:
    return 13 + SEAT * players + 52 + 8 + players


def _seat_hot(view: Mapping[str, Any], who: int, base: int, hot: list[int]) -> None:
    top = seen.stock_top(view, who)
    hot.append(base + (CARDS if top is None else top))
    for p, pile in enumerate(seen.discard_piles(view, who)):
        at = base + TOP + 3 + p * (TOP + CARDS)
        hot.append(at + (pile[-1] if pile else CARDS))


def encode(view: Mapping[str, Any], players: int) -> np.ndarray:
    """The observation of the seat whose view this is (see the module docstring)."""
    me = seen.seat(view)
    hot: list[int] = []
    obs = np.zeros(observation_size(players), dtype=np.float32)
    for card, count in Counter(seen.hand(view)).items():
        obs[card] = count / 5
    for offset in range(players):
        who = (me + offset) % players
        base = 13 + offset * SEAT
        _seat_hot(view, who, base, hot)
        obs[base + TOP] = min(1.0, seen.stock_size(view, who) / 30)
        obs[base + TOP + 1] = seen.hand_size(view, who) / 5
        obs[base + TOP + 2] = float(seen.partner(view, me) == who)
        for p, pile in enumerate(seen.discard_piles(view, who)):
            at = base + TOP + 3 + p * (TOP + CARDS) + TOP
            for card, count in Counter(pile).items():
                obs[at + card] = min(1.0, count / 10)
    at = 13 + players * SEAT
    for t, needed in enumerate(seen.building_next(view)):
        hot.append(at + 13 * t + needed - 1)
        obs[at + 13 * t + 12] = (needed - 1) / 12
    at += 52
    obs[at] = min(1.0, seen.draw_size(view) / 162)
    obs[at + 1] = min(1.0, seen.set_aside_size(view) / 162)
    step = seen.acting_step(view)
    if step in STEPS:
        hot.append(at + 2 + STEPS.index(step))
    at += 8
    totals = seen.totals(view)
    for offset in range(players):
        obs[at + offset] = min(1.0, max(0.0, totals[(me + offset) % players] / 500))
    obs[hot] = 1.0
    return obs


def round_reward(scores: list[int], seat: int) -> float:
    """A round's reward: the points this seat scored in it, / 100 (more is better)."""
    return scores[seat] / 100
