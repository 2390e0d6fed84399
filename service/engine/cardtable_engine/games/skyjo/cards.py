"""The Skyjo deck and the geometry of a grid (rules/skyjo.md, "Components" and "A round")."""

from __future__ import annotations

from collections import Counter

ROWS = 3
COLS = 4
GRID_SIZE = ROWS * COLS
LOWEST_CARD = -2
HIGHEST_CARD = 12

DECK_COMPOSITION: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{value: 10 for value in range(1, 13)}}
"""Card value -> number of copies: 150 cards whose values sum to 760."""

DECK_SIZE = sum(DECK_COMPOSITION.values())
DECK_COUNTS: Counter[int] = Counter(DECK_COMPOSITION)


def full_deck() -> list[int]:
    """All 150 cards in a fixed order, so a shuffle depends on the RNG alone."""
    return [value for value, copies in sorted(DECK_COMPOSITION.items()) for _ in range(copies)]


def position(row: int, col: int) -> int:
    """Index of (row, col) in a grid stored row by row, as the record's deal lists it."""
    return row * COLS + col


def row_col(index: int) -> tuple[int, int]:
    return divmod(index, COLS)


def column_positions(col: int) -> tuple[int, int, int]:
    return (col, COLS + col, 2 * COLS + col)
