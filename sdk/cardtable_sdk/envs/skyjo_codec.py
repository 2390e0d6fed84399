"""Skyjo's fixed-size observation and action encodings, built from one seat's view only.

Observation (float32, every value in [0, 1]; seats in play order from the observer, so
entry 0 is always "me"): per seat, 12 cells x 17 (one-hot of the values -2..12, then
"face down", then "removed"); the discard top (15, one-hot); the drawn card this seat holds
(15 one-hot, then 1 "holds none"); the step (3: reveal, choose, place_drawn); 1 final-lap
flag; the draw pile's size / 150; per seat the running total / 200 clipped to [0, 1];
and the cards whose place this seat does not know, per value, as a share of that value's
count in the deck (15): perfect recall, so the buried discards count as known. Size
204 n + 51 + n for n seats.

Actions (49): reveal, take_discard, replace and discard_and_reveal at each of the 12
positions (row by row, in that order: 0-11, 12-23, 25-36, 37-48) and draw (24).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from operator import add
from typing import Any

import numpy as np

from cardtable_sdk.adapters import skyjo as seen

VALUES = 15  # -2..12
CELL = VALUES + 2
AT = ("reveal", "take_discard", "replace", "discard_and_reveal")


def _at(kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    cells = [divmod(i, seen.COLS) for i in range(12)]
    return [{"type": k, "row": row, "col": col} for k in kinds for row, col in cells]


ACTIONS: list[dict[str, Any]] = [*_at(AT[:2]), {"type": "draw"}, *_at(AT[2:])]
"""Each action's move, by action number."""
STEPS = ("reveal", "choose", "place_drawn")
CODE: dict[Any, int] = {None: VALUES, seen.REMOVED: VALUES + 1, **{v: v + 2 for v in range(-2, 13)}}
"""A cell's place among its 17 one-hot entries."""
DECK_LIST = [seen.DECK[v] for v in range(-2, 13)]
"""How many cards of each value, -2..12, the deck holds."""


BASE = {"reveal": 0, "take_discard": 12, "draw": 24, "replace": 25, "discard_and_reveal": 37}
"""The first action number of each move type (then one per position, row by row)."""


def action_index(move: Mapping[str, Any], seat: int = 0) -> int:
    """The action number of a legal move (the seat does not matter in Skyjo)."""
    kind = move["type"]
    if kind == "draw":
        return 24
    number: int = BASE[kind] + move["row"] * seen.COLS + move["col"]
    return number


def action_numbers(moves: list[Mapping[str, Any]], seat: int = 0) -> list[int]:
    """`action_index` of each move, in one pass (the environment asks on every step)."""
    return [
        24 if move["type"] == "draw" else BASE[move["type"]] + move["row"] * seen.COLS + move["col"]
        for move in moves
    ]


def observation_size(players: int) -> int:
    return 204 * players + 51 + players


def encode(view: Mapping[str, Any], players: int) -> np.ndarray:
    """The observation of the seat whose view this is (see the module docstring)."""
    me = seen.seat(view)
    hot: list[int] = []
    seen_codes = [0] * CELL  # how many cells show each code (face-up values first)
    for offset, slots in enumerate(_cell_slots(players)):
        codes = list(map(CODE.__getitem__, seen.grid(view, (me + offset) % players)))
        hot += map(add, slots, codes)
        for code in codes:
            seen_codes[code] += 1
    at = players * 12 * CELL
    top = seen.discard_top(view)
    if top is not None:
        hot.append(at + top + 2)
    for card in seen.discard_pile(view):  # perfect recall: the buried discards are known
        seen_codes[card + 2] += 1
    drawn = seen.drawn_card(view)
    if drawn is None:
        hot.append(at + 2 * VALUES)
    else:
        hot.append(at + VALUES + drawn + 2)
        seen_codes[drawn + 2] += 1
    step = seen.acting_step(view)
    if step in STEPS:
        hot.append(at + 2 * VALUES + 1 + STEPS.index(step))
    if seen.final_lap(view):
        hot.append(at + 2 * VALUES + 4)
    tail_at = at + 2 * VALUES + 5
    return _observation(
        players, hot, tail_at, me, seen.draw_size(view), seen.totals(view), seen_codes
    )


def _observation(
    players: int,
    hot: list[int],
    tail_at: int,
    me: int,
    draw_size: int,
    totals: list[int],
    seen_codes: list[int],
) -> np.ndarray:
    """The observation from its one-hot positions and its numeric tail at `tail_at` (draw
    pile, totals from `me` on, what is left of each card value), filled in one go: each
    numpy assignment costs more than the arithmetic."""
    tail = [draw_size / 150]
    tail += [min(1.0, max(0.0, totals[(me + offset) % players] / 200)) for offset in range(players)]
    tail += [
        max(0, deck - shown) / deck
        for deck, shown in zip(DECK_LIST, seen_codes[:VALUES], strict=True)
    ]
    obs = np.zeros(observation_size(players), dtype=np.float32)
    obs[hot] = 1.0
    obs[tail_at:] = tail
    return obs


@cache
def _cell_slots(players: int) -> list[list[int]]:
    """Where each seat's 12 cells start in the observation, seat by seat from the observer."""
    return [[(offset * 12 + i) * CELL for i in range(12)] for offset in range(players)]


def round_reward(scores: list[int], seat: int) -> float:
    """A round's reward: how many points fewer than the others' mean this seat scored, /100
    (in Skyjo fewer points is better)."""
    others = [s for i, s in enumerate(scores) if i != seat]
    return (sum(others) / len(others) - scores[seat]) / 100 if others else 0.0


def encode_state(state: Any, seat: int, players: int) -> np.ndarray:
    """`encode(state.view(seat), players)` read straight from the engine's state, without
    building the view (the environments' fast path; equal by test). It reads only what the
    view shows: face-up cells, the discard pile, our own drawn card, public counters."""
    hot: list[int] = []
    seen_codes = [0] * CELL
    removed, down = VALUES + 1, VALUES
    for offset, slots in enumerate(_cell_slots(players)):
        grid = state.grids[(seat + offset) % players]
        codes = [
            removed if card is None else (card + 2 if up else down)
            for card, up in zip(grid.cards, grid.face_up, strict=True)
        ]
        hot += map(add, slots, codes)
        for code in codes:
            seen_codes[code] += 1
    at = players * 12 * CELL
    discard = state.discard
    hot.append(at + discard[-1] + 2)
    for card in discard:
        seen_codes[card + 2] += 1
    drawn = state.drawn if state.current == seat else None
    if drawn is None:
        hot.append(at + 2 * VALUES)
    else:
        hot.append(at + VALUES + drawn + 2)
        seen_codes[drawn + 2] += 1
    step = None if state.is_over else state.step()
    if step in STEPS:
        hot.append(at + 2 * VALUES + 1 + STEPS.index(step))
    if state.finisher is not None:
        hot.append(at + 2 * VALUES + 4)
    tail_at = at + 2 * VALUES + 5
    return _observation(
        players, hot, tail_at, seat, len(state.draw_pile), state.totals(), seen_codes
    )
