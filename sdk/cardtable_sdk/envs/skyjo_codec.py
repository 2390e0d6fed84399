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

from array import array
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from operator import add, getitem
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
DOWN_CODE, REMOVED_CODE = VALUES, VALUES + 1
CODE: dict[Any, int] = {
    None: DOWN_CODE,
    seen.REMOVED: REMOVED_CODE,
    **{v: v + 2 for v in range(-2, 13)},
}
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
    """The observation of the seat whose view this is (see the module docstring): the
    reference encoding, which `encode_state` equals."""
    me = seen.seat(view)
    hot: list[int] = []
    seen_codes = [0] * CELL  # how many cells show each code (face-up values first)
    for offset, slots in enumerate(_layout(players).slots):
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
    obs = np.zeros(observation_size(players), dtype=np.float32)
    obs[hot] = 1.0
    obs[at + 2 * VALUES + 5 :] = _tail(
        players, me, seen.draw_size(view), seen.totals(view), seen_codes
    )
    return obs


FLOAT32 = np.dtype(np.float32)
"""Passed to numpy by position: its keyword parsing costs more than the call."""

UNKNOWN_SHARE = [[max(0, deck - shown) / deck for shown in range(151)] for deck in DECK_LIST]
"""The share of a value's cards left unknown, by value and by how many are in sight (a
lookup: the arithmetic costs more on every step)."""


def _tail(
    players: int, me: int, draw_size: int, totals: list[int], shown: list[int]
) -> list[float]:
    """The numeric tail: the draw pile, the totals from `me` on clipped to [0, 1], what is
    left unknown of each card value (`shown`: how many of each are in sight, by code)."""
    tail = [draw_size / 150]
    for offset in range(players):
        total = totals[(me + offset) % players]
        tail.append(0.0 if total <= 0 else 1.0 if total >= 200 else total / 200)
    tail += map(getitem, UNKNOWN_SHARE, shown)
    return tail


@dataclass(frozen=True)
class _Layout:
    slots: list[list[int]]
    """Where each seat's 12 cells start in the observation, seat by seat from the observer."""
    at: int
    """Where the discard top starts, after the grids."""
    zeros: array[float]
    """An observation of zeros, copied to start each one."""


@cache
def _layout(players: int) -> _Layout:
    slots = [[(offset * 12 + i) * CELL for i in range(12)] for offset in range(players)]
    return _Layout(slots, players * 12 * CELL, array("f", bytes(4 * observation_size(players))))


def encode_state(state: Any, seat: int, players: int) -> np.ndarray:
    """`encode(state.view(seat), players)` read straight from the engine's state, without
    building the view (the environments' path; equal by test). It reads only what the view
    shows: face-up cells, the discard pile, our own drawn card, public counters.

    The observation is written into a float32 `array` and handed to numpy as it is: item
    assignments there cost a tenth of numpy's, and there is one per one-hot entry."""
    layout = _layout(players)
    at, obs = layout.at, layout.zeros[:]
    shown = [0] * VALUES  # how many of each value are in sight, by code
    grids = state.grids
    for offset, slots in enumerate(layout.slots):
        grid = grids[(seat + offset) % players]
        for slot, card, up in zip(slots, grid.cards, grid.face_up, strict=True):
            if card is None:
                obs[slot + REMOVED_CODE] = 1.0
            elif up:
                obs[slot + card + 2] = 1.0
                shown[card + 2] += 1
            else:
                obs[slot + DOWN_CODE] = 1.0
    discard = state.discard
    obs[at + discard[-1] + 2] = 1.0
    for card in discard:  # perfect recall: the buried discards are known
        shown[card + 2] += 1
    drawn = state.drawn if state.current == seat else None
    if drawn is None:
        obs[at + 2 * VALUES] = 1.0
    else:
        obs[at + VALUES + drawn + 2] = 1.0
        shown[drawn + 2] += 1
    if state.phase == "reveal":
        obs[at + 2 * VALUES + 1] = 1.0
    elif state.phase == "play":
        obs[at + 2 * VALUES + (2 if state.drawn is None else 3)] = 1.0
    if state.finisher is not None:
        obs[at + 2 * VALUES + 4] = 1.0
    tail = _tail(players, seat, len(state.draw_pile), state.totals(), shown)
    obs[at + 2 * VALUES + 5 :] = array("f", tail)
    return np.frombuffer(obs, FLOAT32)


def mask_state(state: Any, seat: int) -> bytearray:
    """The legal actions of `seat`, which may act now, one byte each (1: legal), read from
    the grid and the step without listing the moves (equal to `action_numbers` by test):
    reveal a face-down cell; take the discard into a cell still there, or draw while a card
    is left to draw; then replace a cell still there or reveal a face-down one."""
    grid = state.grids[seat]
    mask = bytearray(len(ACTIONS))
    if state.phase == "reveal":
        for i, up in enumerate(grid.face_up):
            if not up:
                mask[BASE["reveal"] + i] = 1
    elif state.drawn is None:
        for i, card in enumerate(grid.cards):
            if card is not None:
                mask[BASE["take_discard"] + i] = 1
        mask[BASE["draw"]] = bool(state.draw_pile) or len(state.discard) > 1
    else:
        for i, (card, up) in enumerate(zip(grid.cards, grid.face_up, strict=True)):
            if card is not None:
                mask[BASE["replace"] + i] = 1
            if not up:
                mask[BASE["discard_and_reveal"] + i] = 1
    return mask


def round_reward(scores: list[int], seat: int) -> float:
    """A round's reward: how many points fewer than the others' mean this seat scored, /100
    (in Skyjo fewer points is better)."""
    others = [s for i, s in enumerate(scores) if i != seat]
    return (sum(others) / len(others) - scores[seat]) / 100 if others else 0.0
