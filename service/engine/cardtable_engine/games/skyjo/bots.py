"""Skyjo's server bots. Each decides from the seat's view and legal moves only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable_engine.errors import Move
from cardtable_engine.games.skyjo.cards import COLS, DECK_SIZE, column_positions, position
from cardtable_engine.games.skyjo.grid import REMOVED

UNKNOWN_CARD = 760 / DECK_SIZE
"""The mean card value, our guess for any card we cannot see."""
FINISH_MARGIN = 3.0
"""How far below every estimate our score must be before we dare end the round."""
TAKE_DISCARD_GAIN = 1.5
"""Take the known discard only when it beats the expected gain of drawing by this much."""


def random_bot(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """Any legal move, uniformly."""
    return rng.choice(legal)


def _estimate(cells: Sequence[Any]) -> float:
    """A grid's expected score: face-up values, the mean card for each face-down one."""
    return sum(UNKNOWN_CARD if cell is None else cell for cell in cells if cell != REMOVED)


def _after(cells: list[Any], index: int, card: int) -> list[Any]:
    """The grid once `card` lies face up at `index`, with the column rule applied."""
    grid = list(cells)
    grid[index] = card
    col = index % COLS
    column = [grid[i] for i in column_positions(col)]
    if all(isinstance(c, int) for c in column) and column[0] == column[1] == column[2]:
        for i in column_positions(col):
            grid[i] = REMOVED
    return grid


def _pair_bonus(cells: list[Any], index: int, card: int) -> float:
    """Matching a face-up card of the same column brings a removal closer."""
    col = index % COLS
    others = [cells[i] for i in column_positions(col) if i != index]
    return 0.5 * card * sum(1 for c in others if c == card) if card > 0 else 0.0


def _finish_penalty(view: dict[str, Any], grid: list[Any]) -> float:
    """The expected cost of ending the round with `grid` when we are not clearly lowest."""
    if any(cell is None for cell in grid):
        return 0.0
    mine = _estimate(grid)
    if view["final_lap"] is not None:
        return 0.0  # someone else finished: revealing everything now changes nothing
    others = [_estimate(p["grid"]) for p in view["players"] if p["seat"] != view["seat"]]
    if mine <= 0 or (others and mine + FINISH_MARGIN < min(others)):
        return 0.0
    doubled = mine if view["options"]["finisher_penalty"] else 0.0
    return doubled + FINISH_MARGIN


def _placement_value(view: dict[str, Any], cells: list[Any], index: int, card: int) -> float:
    """How much better (lower) our grid gets by exchanging `card` into `index`."""
    after = _after(cells, index, card)
    gain = _estimate(cells) - _estimate(after)
    return gain + _pair_bonus(cells, index, card) - _finish_penalty(view, after)


def _reveal_value(view: dict[str, Any], cells: list[Any], index: int) -> float:
    """Revealing our last face-down card ends the round: weigh that like a placement."""
    after: list[Any] = list(cells)
    after[index] = UNKNOWN_CARD
    return -_finish_penalty(view, after)


def greedy_bot(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """Keep low cards, build columns, and avoid ending a round we would not win."""
    me = view["seat"]
    cells: list[Any] = list(view["players"][me]["grid"])
    step = view["step"]
    if step == "reveal":
        # Spread the reveals over columns: a random face-down card among the legal ones.
        return rng.choice(legal)
    if step == "place_drawn":
        card = view["drawn"]["card"]
        best: tuple[float, Move] | None = None
        for move in legal:
            index = position(move["row"], move["col"])
            if move["type"] == "replace":
                value = _placement_value(view, cells, index, card)
            else:
                # Throwing the card away costs nothing now; revealing a card may end the round.
                value = _reveal_value(view, cells, index) + 0.25
            if best is None or value > best[0]:
                best = (value, move)
        assert best is not None
        return best[1]
    # step == "choose": take the discard only when it clearly helps.
    top = view["discard_top"]
    best_take: tuple[float, Move] | None = None
    for move in legal:
        if move["type"] != "take_discard":
            continue
        index = position(move["row"], move["col"])
        value = _placement_value(view, cells, index, top)
        if best_take is None or value > best_take[0]:
            best_take = (value, move)
    draw = {"type": "draw"}
    if draw not in legal:
        assert best_take is not None
        return best_take[1]
    if best_take is not None and best_take[0] >= TAKE_DISCARD_GAIN:
        return best_take[1]
    return draw
