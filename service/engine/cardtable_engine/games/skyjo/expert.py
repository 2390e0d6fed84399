"""Skyjo's strongest hosted bot, `expert`: it weighs every placement by the cards it cannot
see (the deck less every card it saw: face up, or buried in the discard pile), values
drawing by its expectation over those cards, counts what a card it leaves on the discard
pile is worth to its rival (two players), and never loops (`Position.progresses`).

The SDK's `sdk/examples/skyjo_expert.py` is the same bot written against the SDK's view
adapters (how a bot author would write it); this one reads the view dict directly, as the
engine's bots must (the engine imports nothing from the SDK). Its strength and protocol are
in docs/bots.md (`bench/ladder.py`)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable_engine.errors import Move
from cardtable_engine.games.skyjo.cards import COLS, DECK_COUNTS, GRID_SIZE, column_positions
from cardtable_engine.games.skyjo.grid import REMOVED

FINISH_MARGIN = 3.0
"""End a round only when our score is this far below the rival's estimate."""
GIFT = 2.0
"""Weight of what a card we leave on the discard pile is worth to the rival."""
PAIR_BONUS = 0.45
"""A matching card in the column, per point of the card."""

View = Mapping[str, Any]


def unseen_cards(view: View) -> Counter[int]:
    """The cards whose place this seat does not know: the deck less every face-up card, the
    whole discard pile (each of its cards was seen going there) and a drawn card it sees."""
    seen = [c for p in view["players"] for c in p["grid"] if c is not None and c != REMOVED]
    seen.extend(
        view.get("discard_pile") or ([] if view["discard_top"] is None else [view["discard_top"]])
    )
    drawn = view["drawn"]
    if drawn is not None and drawn.get("card") is not None:
        seen.append(drawn["card"])
    unseen = Counter(DECK_COUNTS)
    unseen.subtract(seen)
    return +unseen


def _index(move: Move) -> int:
    return int(move["row"]) * COLS + int(move["col"])


class Position:
    """The numbers the bot decides by, computed once per view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.me = int(view["seat"])
        self.cells: list[Any] = list(view["players"][self.me]["grid"])
        self.unseen = unseen_cards(view)
        count = sum(self.unseen.values()) or 1
        self.mean = sum(v * n for v, n in self.unseen.items()) / count
        rivals = [p for p in range(len(view["players"])) if p != self.me]
        others = [self.estimate(view["players"][p]["grid"]) for p in rivals]
        self.rival = min(others) if others else 0.0
        self.rival_cells = list(view["players"][rivals[0]]["grid"]) if len(rivals) == 1 else None
        self.gifts: dict[float, float] = {}

    def estimate(self, cells: Sequence[Any]) -> float:
        return sum(self.mean if c is None else c for c in cells if c != REMOVED)

    def after(self, index: int, card: float) -> list[Any]:
        cells = list(self.cells)
        cells[index] = card
        column = [cells[i] for i in column_positions(index % COLS)]
        if all(isinstance(c, int) for c in column) and len(set(column)) == 1:
            for i in column_positions(index % COLS):
                cells[i] = REMOVED
        return cells

    def progresses(self, index: int, card: int) -> bool:
        """Whether placing `card` at `index` brings the round nearer its end: it turns a
        face-down cell up, removes a column, or lowers a face-up cell. Every move of this
        bot does one of these (else it draws, or turns a card up), so it cannot loop: two
        copies once swapped a 3 and a 4 through the discard pile for ever, each thinking
        the drawn card's risk was worse."""
        before = self.cells[index]
        return before is None or card < before or self.after(index, card)[index] == REMOVED

    def finish_cost(self, cells: list[Any]) -> float:
        """Ending the round with `cells`: the doubling we risk when not clearly lowest."""
        if any(c is None for c in cells) or self.view["final_lap"] is not None:
            return 0.0
        mine = self.estimate(cells)
        if mine <= 0 or mine + FINISH_MARGIN < self.rival:
            return 0.0
        return (mine if self.view["options"]["finisher_penalty"] else 0.0) + FINISH_MARGIN

    def gift(self, card: float | None) -> float:
        """What leaving `card` on the discard pile is worth to our one rival (two players)."""
        if self.rival_cells is None or card is None:
            return 0.0
        if card not in self.gifts:
            self.gifts[card] = self._gift(self.rival_cells, card)
        return self.gifts[card]

    def _gift(self, cells: list[Any], card: float) -> float:
        best = 0.0
        for i, c in enumerate(cells):
            if c == REMOVED:
                continue
            before = self.mean if c is None else c
            column = [cells[j] for j in column_positions(i % COLS) if j != i]
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
        others = [self.cells[i] for i in column_positions(index % COLS) if i != index]
        if card > 0 and after[index] != REMOVED:
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

    def value(self, move: Move, card: int) -> float:
        """A placement (replace / take_discard) or a discard_and_reveal, scored; a
        placement that makes no progress is never chosen when another move is possible."""
        index = _index(move)
        if move["type"] == "discard_and_reveal":
            return self.reveal(index, card)
        if not self.progresses(index, card):
            return float("-inf")
        return self.place(index, card)

    def best_with(self, card: int, moves: Sequence[Move]) -> tuple[float, Move]:
        value, i = max((self.value(m, card), i) for i, m in enumerate(moves))
        return value, moves[i]

    def drawing(self) -> float:
        """The expected worth of drawing: over the unseen cards, the best use of each."""
        cells = [i for i, c in enumerate(self.cells) if c != REMOVED]
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


def spread_reveal(view: View, legal: Sequence[Move]) -> Move:
    """A setup reveal in a column with no face-up card yet (so more columns can pair up)."""
    cells = view["players"][view["seat"]]["grid"]
    used = {i % COLS for i, c in enumerate(cells[:GRID_SIZE]) if c is not None}
    fresh = [m for m in legal if _index(m) % COLS not in used]
    return (fresh or list(legal))[0]


def expert_bot(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """The expert's move (deterministic: `rng` is not used)."""
    step = view["step"]
    if step == "reveal":
        return spread_reveal(view, legal)
    position = Position(view)
    if step == "place_drawn":
        return position.best_with(view["drawn"]["card"], legal)[1]
    top = view["discard_top"]
    takes = [m for m in legal if m["type"] == "take_discard"]
    draw = next((m for m in legal if m["type"] == "draw"), None)
    if top is None or not takes:
        return draw or legal[0]
    value, take = position.best_with(top, takes)
    if draw is None:
        return take  # nothing left to draw: a take is the only move
    return take if value > float("-inf") and value >= position.drawing() else draw
