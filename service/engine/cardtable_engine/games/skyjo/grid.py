"""One player's 3x4 grid: which cards are face up, which columns are gone, and the column rule."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable_engine.games.skyjo.cards import COLS, GRID_SIZE, column_positions

REMOVED = "removed"
"""How a view and a round result show a position whose column has left the grid."""

Cell = int | str | None
"""A position as others see it: its value when face up, None when face down, or REMOVED."""


@dataclass
class Grid:
    cards: list[int | None]
    """12 values row by row; None where the column was removed."""
    face_up: list[bool] = field(default_factory=lambda: [False] * GRID_SIZE)
    """Removed positions count as face up: their cards were face up when they left."""

    @classmethod
    def dealt(cls, cards: list[int]) -> Grid:
        present: list[int | None] = list(cards)
        return cls(cards=present, face_up=[False] * GRID_SIZE)

    def is_removed(self, index: int) -> bool:
        return self.cards[index] is None

    def is_face_down(self, index: int) -> bool:
        return not self.face_up[index]

    def face_down_positions(self) -> list[int]:
        return [index for index in range(GRID_SIZE) if not self.face_up[index]]

    def present_positions(self) -> list[int]:
        return [index for index in range(GRID_SIZE) if self.cards[index] is not None]

    def face_down_count(self) -> int:
        return self.face_up.count(False)

    def visible_sum(self) -> int:
        """Sum of the face-up cards still in the grid (what everyone can add up)."""
        return sum(
            card
            for card, up in zip(self.cards, self.face_up, strict=True)
            if up and card is not None
        )

    def total(self) -> int:
        """Sum of every card still in the grid, face down or not (hidden while playing)."""
        return sum(card for card in self.cards if card is not None)

    def cells(self) -> list[Cell]:
        """The public picture of the grid."""
        return [
            REMOVED if card is None else (card if up else None)
            for card, up in zip(self.cards, self.face_up, strict=True)
        ]

    def present_cards(self) -> list[int]:
        return [card for card in self.cards if card is not None]

    def complete_column(self, col: int) -> int | None:
        """The shared value when column `col` holds three face-up equal cards, else None."""
        values = []
        for index in column_positions(col):
            card = self.cards[index]
            if card is None or not self.face_up[index]:
                return None
            values.append(card)
        return values[0] if values[0] == values[1] == values[2] else None

    def remove_column_if_complete(self, col: int, discard: list[int]) -> bool:
        """Apply the column rule to one column: its three cards go on top of `discard`."""
        if self.complete_column(col) is None:
            return False
        for index in column_positions(col):
            card = self.cards[index]
            if card is not None:
                discard.append(card)
            self.cards[index] = None
        return True

    def remove_complete_columns(self, discard: list[int]) -> list[int]:
        """Apply the column rule to every column, left to right; the removed columns."""
        return [col for col in range(COLS) if self.remove_column_if_complete(col, discard)]

    def reveal_all(self) -> None:
        self.face_up = [True] * GRID_SIZE
