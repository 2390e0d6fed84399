"""A Skyjo bot that beats the server's greedy bot: it weighs every placement by the cards it
cannot see (the deck less every card it saw: face up, or buried in the discard pile),
values drawing by its expectation over those cards instead of a fixed threshold, and
counts what the card it leaves on the discard pile is worth to its rival (two players).
It reads its view through `cardtable_sdk.adapters.skyjo` only.

    cardtable-arena skyjo sdk/examples/skyjo_expert.py greedy --games 1000
    python sdk/examples/skyjo_expert.py --games 20                   # in-process
    python sdk/examples/skyjo_expert.py --url http://localhost:8000  # on a server
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable_sdk.adapters import skyjo as seen
from cardtable_sdk.policies.skyjo import spread_reveal
from cardtable_sdk.series import play_series, series_parser

FINISH_MARGIN = 3.0  # end a round only when our score is this far below the estimate
GIFT = 2.0  # weight of what a card we leave on the discard pile is worth to the rival
PAIR_BONUS = 0.45  # a matching card in the column, per point of the card


class Table:
    """The numbers the bot decides by, computed once per view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me = seen.seat(view)
        self.cells = list(seen.grid(view, self.me))
        unseen = seen.unseen_cards(view)
        count = sum(unseen.values()) or 1
        self.unseen = unseen
        self.mean = sum(v * n for v, n in unseen.items()) / count
        players = range(seen.players(view))
        others = [self.estimate(seen.grid(view, p)) for p in players if p != self.me]
        self.rival = min(others) if others else 0.0
        rivals = [p for p in players if p != self.me]
        self.rival_cells = list(seen.grid(view, rivals[0])) if len(rivals) == 1 else None
        self.gifts: dict[float, float] = {}

    def estimate(self, cells: Sequence[Any]) -> float:
        return sum(self.mean if c is None else c for c in cells if c != seen.REMOVED)

    def after(self, index: int, card: float) -> list[Any]:
        cells = list(self.cells)
        cells[index] = card
        column = [cells[i] for i in range(index % seen.COLS, 12, seen.COLS)]
        if all(isinstance(c, int) for c in column) and len(set(column)) == 1:
            for i in range(index % seen.COLS, 12, seen.COLS):
                cells[i] = seen.REMOVED
        return cells

    def progresses(self, index: int, card: int) -> bool:
        """Whether placing `card` at `index` brings the round nearer its end: it turns a
        face-down cell up, removes a column, or lowers a face-up cell. Every move of this
        bot does one of these (else it draws, or turns a card up), so it cannot loop: two
        copies once swapped a 3 and a 4 through the discard pile for ever."""
        before = self.cells[index]
        return before is None or card < before or self.after(index, card)[index] == seen.REMOVED

    def finish_cost(self, cells: list[Any]) -> float:
        """Ending the round with `cells`: the doubling we risk when not clearly lowest."""
        if any(c is None for c in cells) or seen.final_lap(self.view):
            return 0.0
        mine = self.estimate(cells)
        if mine <= 0 or mine + FINISH_MARGIN < self.rival:
            return 0.0
        return (mine if seen.finisher_penalty(self.view) else 0.0) + FINISH_MARGIN

    def gift(self, card: float | None) -> float:
        """What leaving `card` on the discard pile is worth to our one rival (two players)."""
        if self.rival_cells is None or card is None:
            return 0.0
        if card not in self.gifts:
            self.gifts[card] = self._gift(card)
        return self.gifts[card]

    def _gift(self, card: float) -> float:
        cells = self.rival_cells
        best = 0.0
        for i, c in enumerate(cells):
            if c == seen.REMOVED:
                continue
            before = self.mean if c is None else c
            column = [cells[j] for j in range(i % seen.COLS, 12, seen.COLS) if j != i]
            saved = before - card
            if all(x == card for x in column):
                saved += 2 * card
            best = max(best, saved)
        return GIFT * max(0.0, best - 1.5)

    def place(self, index: int, card: int) -> float:
        """How much placing `card` at `index` improves our prospects."""
        before = self.cells[index]
        after = self.after(index, card)
        gain = self.estimate(self.cells) - self.estimate(after)
        others = [self.cells[i] for i in range(index % seen.COLS, 12, seen.COLS) if i != index]
        if card > 0 and after[index] != seen.REMOVED:
            gain += PAIR_BONUS * card * sum(1 for c in others if c == card)
        given = self.gift(before) if before is not None else self.hidden_gift
        return gain - self.finish_cost(after) - given

    @functools.cached_property
    def hidden_gift(self) -> float:
        """What the face-down card we would throw away is worth to the rival, on average."""
        total = sum(self.unseen.values()) or 1
        return sum(n * self.gift(v) for v, n in self.unseen.items()) / total

    def reveal(self, index: int, card: int | None = None) -> float:
        after = list(self.cells)
        after[index] = self.mean
        return -self.finish_cost(after) - self.gift(card)

    def value(self, move: Mapping[str, Any], card: int) -> float:
        """A placement or a discard_and_reveal, scored (no progress: never chosen)."""
        index = _index(move)
        if move["type"] == "discard_and_reveal":
            return self.reveal(index, card)
        return self.place(index, card) if self.progresses(index, card) else float("-inf")

    def best_with(self, card: int, moves: Sequence[Mapping[str, Any]]) -> tuple[float, Any]:
        """The best of `moves` (replace / take_discard at a cell, or discard_and_reveal)."""
        value, i = max((self.value(m, card), i) for i, m in enumerate(moves))
        return value, moves[i]

    def drawing(self) -> float:
        """The expected worth of drawing: over the unseen cards, the best use of each."""
        cells = [i for i, c in enumerate(self.cells) if c != seen.REMOVED]
        hidden = [i for i in cells if self.cells[i] is None]
        reveal = max((self.reveal(i) for i in hidden), default=float("-inf"))
        total = sum(self.unseen.values()) or 1
        worth = 0.0
        for card, count in self.unseen.items():
            keep = max(
                (self.place(i, card) for i in cells if self.progresses(i, card)),
                default=float("-inf"),
            )
            best = max(keep, reveal - self.gift(card))
            worth += count * (best if best > float("-inf") else 0.0)
        return worth / total


def _index(move: Mapping[str, Any]) -> int:
    return int(move["row"]) * seen.COLS + int(move["col"])


def bot(view: Mapping[str, Any], legal_moves: Sequence[Mapping[str, Any]]) -> Any:
    step = seen.acting_step(view)
    if step == "reveal":
        return spread_reveal(view, legal_moves)  # one per column: more columns can pair up
    table = Table(view)
    if step == "place_drawn":
        card = seen.drawn_card(view)
        assert card is not None
        return table.best_with(card, legal_moves)[1]
    top = seen.discard_top(view)
    takes = [m for m in legal_moves if m["type"] == "take_discard"]
    draw = next((m for m in legal_moves if m["type"] == "draw"), None)
    if top is None or not takes:
        return draw or legal_moves[0]
    value, take = table.best_with(top, takes)
    if draw is None:
        return take  # nothing left to draw: a take is the only move
    return take if value > float("-inf") and value >= table.drawing() else draw


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    args = series_parser(__doc__).parse_args(argv)
    return play_series("skyjo", bot, args)


if __name__ == "__main__":
    main()
