"""A trained Skyjo policy that beats the server's greedy bot, shipped with the SDK and run
with numpy only (no training extra): every legal move is scored by a linear function of a
few features of the position it leads to, and the best one is played.

    cardtable-arena skyjo cardtable_sdk.policies.skyjo:bot greedy --games 2000

The weights (`skyjo.npz` beside this module) were found by the cross-entropy method against
`greedy` (`python -m cardtable_sdk.train`, docs/training.md). Features of placing card c at
cell i, all from the seat's view (perfect recall: the buried discards count as seen):

    gain      points the grid loses (a face-down card counts as the mean unseen card; a
              column of three equal cards removed counts all three)
    pair      c x the cards equal to c already in that column (c > 0)
    hidden    1 when the cell was face down
    gift      what the card we leave on the discard pile saves the next seat at best
    end       1 when the move turns up our last card (we would finish the round)
    end_high  end x how far our estimated score is above the best rival's (0 if below)
    end_low   end x how far it is below
    removed   1 when the move completes a column
    reveal    1 for `discard_and_reveal` (then gain, pair, removed are 0)
    draw      1 for `draw`, whose value is the expectation, over the cards not seen, of
              the best placement of each

The setup reveals spread over the columns (one per column), as the examples' expert does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from cardtable_sdk.adapters import skyjo as seen

FEATURES = (
    "gain", "pair", "hidden", "gift", "end", "end_high", "end_low", "removed", "reveal", "draw",
)  # fmt: skip
GAIN, PAIR, HIDDEN, GIFT, END, END_HIGH, END_LOW, REMOVED, REVEAL, DRAW = range(len(FEATURES))
WEIGHTS_FILE = "skyjo.npz"

Weights = Sequence[float]


@cache
def shipped_weights() -> tuple[float, ...]:
    """The trained weights shipped in the package (numpy's .npz, no pickle)."""
    with resources.files(__package__).joinpath(WEIGHTS_FILE).open("rb") as handle:
        data = np.load(handle, allow_pickle=False)
        weights = data["weights"]
        if tuple(str(name) for name in data["features"]) != FEATURES:
            raise ValueError(f"{WEIGHTS_FILE} was trained on other features")
    return tuple(float(w) for w in weights)


class Position:
    """The numbers a decision needs, computed once per view."""

    def __init__(self, view: Mapping[str, Any], weights: Weights) -> None:
        self.w = weights
        me = seen.seat(view)
        n = seen.players(view)
        self.cells: list[Any] = list(seen.grid(view, me))
        unseen = seen.unseen_cards(view)
        self.unseen = unseen
        count = sum(unseen.values()) or 1
        self.mean = sum(v * k for v, k in unseen.items()) / count
        self.values = [self.mean if c is None else c for c in self.cells]
        self.estimate = sum(
            v for v, c in zip(self.values, self.cells, strict=True) if c != seen.REMOVED
        )
        self.hidden = sum(c is None for c in self.cells)
        self.open_cells = [i for i, c in enumerate(self.cells) if c != seen.REMOVED]
        self.ending_counts = not seen.final_lap(view)
        others = [(me + k) % n for k in range(1, n)]
        self.rival = min((self._estimate(seen.grid(view, p)) for p in others), default=0.0)
        self.next_cells = list(seen.grid(view, others[0])) if others else None
        self._gifts: dict[float, float] = {}
        self._hidden_gift: float | None = None
        self._next: list[tuple[float, Any, Any]] | None = None
        self._cell_facts: dict[int, tuple[float, Any, Any, bool, float]] = {}

    def _estimate(self, cells: Sequence[Any]) -> float:
        return sum(self.mean if c is None else c for c in cells if c != seen.REMOVED)

    def gift(self, card: float) -> float:
        """At best, how many points `card` on the discard pile saves the next seat."""
        if card not in self._gifts:
            best = 0.0
            for value, a, b in self._next_facts():
                saved = value - card + (2 * card if a == card and b == card else 0)
                if saved > best:
                    best = saved
            self._gifts[card] = best
        return self._gifts[card]

    def _next_facts(self) -> list[tuple[float, Any, Any]]:
        """The next seat's cells: value (a face-down one as the mean) and column mates."""
        if self._next is None:
            cells = self.next_cells or []
            self._next = [
                (
                    self.mean if c is None else c,
                    *(cells[j] for j in range(i % seen.COLS, 12, seen.COLS) if j != i),
                )
                for i, c in enumerate(cells)
                if c != seen.REMOVED
            ]
        return self._next

    def hidden_gift(self) -> float:
        """What a face-down card we throw away saves the next seat, on average."""
        if self._hidden_gift is None:
            total = sum(self.unseen.values()) or 1
            self._hidden_gift = sum(k * self.gift(v) for v, k in self.unseen.items()) / total
        return self._hidden_gift

    def _cell(self, i: int) -> tuple[float, Any, Any, bool, float]:
        """Cell `i`'s value, its column's two other cells, whether it is face down, and
        what the card there would give the next seat (computed once per position)."""
        if i not in self._cell_facts:
            cells, col = self.cells, i % seen.COLS
            a, b = (cells[j] for j in range(col, 12, seen.COLS) if j != i)
            hidden = cells[i] is None
            given = self.hidden_gift() if hidden else self.gift(self.values[i])
            self._cell_facts[i] = (self.values[i], a, b, hidden, given)
        return self._cell_facts[i]

    def _ending(self, after: float) -> float:
        w = self.w
        return (
            w[END]
            + w[END_HIGH] * max(0.0, after - self.rival)
            + w[END_LOW] * max(0.0, self.rival - after)
        )

    def place(self, i: int, card: int) -> float:
        """The score of putting `card` at cell `i` (the card there goes to the discard)."""
        w = self.w
        before, a, b, was_hidden, given = self._cell(i)
        removed = a == card and b == card
        gain = before + 2 * card if removed else before - card
        score = w[GAIN] * gain + w[GIFT] * given
        if removed:
            score += w[REMOVED]
        elif card > 0:
            score += w[PAIR] * card * ((a == card) + (b == card))
        if was_hidden:
            score += w[HIDDEN]
        if self.ending_counts and self.hidden - was_hidden == 0:
            score += self._ending(self.estimate - gain)
        return score

    def reveal(self, card: float) -> float:
        """The score of discarding `card` and turning up a face-down cell."""
        w = self.w
        score = w[REVEAL] + w[GIFT] * self.gift(card)
        if self.ending_counts and self.hidden == 1:
            score += self._ending(self.estimate)
        return score

    def best_for(self, card: int, with_reveal: bool) -> float:
        placed = max(self.place(i, card) for i in self.open_cells)
        return max(placed, self.reveal(card)) if with_reveal and self.hidden else placed

    def drawing(self) -> float:
        total = sum(self.unseen.values()) or 1
        worth = sum(k * self.best_for(v, True) for v, k in self.unseen.items()) / total
        return self.w[DRAW] + worth


def _index(move: Mapping[str, Any]) -> int:
    return int(move["row"]) * seen.COLS + int(move["col"])


def spread_reveal(
    view: Mapping[str, Any], legal_moves: Sequence[Mapping[str, Any]]
) -> Mapping[str, Any]:
    """A setup reveal in a column with no face-up card yet (so more columns can pair up)."""
    cells = seen.grid(view, seen.seat(view))
    used = {i % seen.COLS for i, c in enumerate(cells) if c is not None}
    fresh = [m for m in legal_moves if _index(m) % seen.COLS not in used]
    return (fresh or list(legal_moves))[0]


def decide(
    view: Mapping[str, Any], legal_moves: Sequence[Mapping[str, Any]], weights: Weights
) -> Mapping[str, Any]:
    """The move the policy with `weights` plays."""
    step = seen.acting_step(view)
    if step == "reveal":
        return spread_reveal(view, legal_moves)
    table = Position(view, weights)
    if step == "place_drawn":
        card = seen.drawn_card(view)
        assert card is not None  # the seat that drew sees its card
        scored = [
            (
                table.reveal(card)
                if m["type"] == "discard_and_reveal"
                else table.place(_index(m), card),
                k,
            )
            for k, m in enumerate(legal_moves)
        ]
        return legal_moves[max(scored)[1]]
    top = seen.discard_top(view)
    best: tuple[float, int] = (float("-inf"), 0)
    for k, move in enumerate(legal_moves):
        if move["type"] == "take_discard" and top is not None:
            best = max(best, (table.place(_index(move), top), k))
        elif move["type"] == "draw":
            best = max(best, (table.drawing(), k))
    return legal_moves[best[1]]


def bot(view: Mapping[str, Any], legal_moves: Sequence[Mapping[str, Any]]) -> Any:
    """The shipped policy, as a bot function for `cardtable-arena`, `play_local` or a game
    on a server (`cardtable_sdk.runner`)."""
    return dict(decide(view, legal_moves, shipped_weights()))
