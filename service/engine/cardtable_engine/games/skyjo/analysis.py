"""Skyjo's move estimates for hints and reviews: for each legal move, the seat's expected
round score once the move is made, from its view alone.

The estimate is a one-ply expectation over the cards the seat has not seen (the deck less
every card it saw, as the `expert` counts them): a face-down cell counts as the mean of
those cards; a drawn card is one of them, each weighted by its count, and placed as well
as it can be (the lowest estimate among its placements, or thrown away for a reveal);
ending the round while not clearly lowest adds the risk the expert weighs (the doubling,
plus its margin). Lower is better. It needs no sampling, so equal views give equal
estimates whatever the hidden cards are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable_engine.errors import Move
from cardtable_engine.games.skyjo.cards import COLS
from cardtable_engine.games.skyjo.expert import Position, spread_reveal
from cardtable_engine.games.skyjo.grid import REMOVED

UNIT = "expected_round_score"
METHOD = (
    "one-ply expectation over the cards this seat has not seen: face-down cells at their"
    " mean, a drawn card averaged over them and placed at its best, plus the expert's"
    " risk of ending the round while not clearly lowest"
)


def _index(move: Move) -> int:
    return int(move["row"]) * COLS + int(move["col"])


class Estimator:
    """Expected round scores of one view's moves (lower is better)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.position = Position(view)
        self.cells = self.position.cells

    def with_cells(self, cells: list[Any]) -> float:
        return self.position.estimate(cells) + self.position.finish_cost(cells)

    def placed(self, index: int, card: int) -> float:
        return self.with_cells(self.position.after(index, card))

    def revealed(self, index: int) -> float:
        cells = list(self.cells)
        cells[index] = self.position.mean
        return self.with_cells(cells)

    def drawn(self) -> float:
        """The mean over the unseen cards of the best use of each."""
        targets = [i for i, c in enumerate(self.cells) if c != REMOVED]
        hidden = [i for i in targets if self.cells[i] is None]
        reveal = min((self.revealed(i) for i in hidden), default=float("inf"))
        unseen = self.position.unseen
        total = sum(unseen.values())
        if not total:
            return self.with_cells(self.cells)
        worth = 0.0
        for card, count in unseen.items():
            keep = min((self.placed(i, card) for i in targets), default=float("inf"))
            worth += count * min(keep, reveal)
        return worth / total

    def of(self, move: Move) -> float:
        kind = move["type"]
        if kind == "draw":
            return self.drawn()
        if kind in ("reveal", "discard_and_reveal"):
            return self.revealed(_index(move))
        view = self.position.view
        card = view["discard_top"] if kind == "take_discard" else view["drawn"]["card"]
        return self.placed(_index(move), int(card))


def estimates(view: Mapping[str, Any], legal: Sequence[Move], seed: int) -> list[float]:
    """One estimate per legal move (`seed` is unused: the estimate draws nothing)."""
    estimator = Estimator(view)
    values = [estimator.of(move) for move in legal]
    if view["step"] == "reveal" and legal:
        # Every setup reveal is worth the same; the expert's spread choice goes first.
        choice = spread_reveal(view, legal)
        values = [v - (1e-6 if m == choice else 0.0) for v, m in zip(values, legal, strict=True)]
    return values
