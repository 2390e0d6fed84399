"""Sorezar/SkyjoAI's simple threshold heuristic (`ai/initial.py`, `InitialAI`), the control
its stronger bots are measured against in four-player single rounds. Its policy:

- setup: turn up random cards;
- a card is "good" below 5: take the discard when it is good, else draw; keep a drawn card
  when it is good, else throw it away and turn up a card;
- a kept card goes (a) towards a column of equal cards: over the highest other face-up card
  of the first column (left to right) that shows the same value; else (b) over the face-up
  card it beats by the most, if by 4 or more; else (c) on a random face-down cell;
- the card turned up after throwing one away: a random face-down cell of the
  not-yet-complete columns with the most face-up cards;
- with one face-down card left, it compares its face-up sum plus the card with every
  rival's face-up sum plus 2 per face-down card: it takes a good discard only when that
  leaves it lowest, keeps a drawn card unless its sum plus 6 is lowest, and puts a kept
  card on its last face-down cell only when that leaves it lowest (else over its highest
  face-up card).

Removed columns count as absent. Where the source places a taken discard: as a kept card."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

Move = Mapping[str, Any]
ROWS, COLS = 3, 4
GOOD = 5
"""A card below this is kept (the source's threshold)."""


def _index(move: Move) -> int:
    return int(move["row"]) * COLS + int(move["col"])


class Seat:
    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me = int(view["seat"])
        self.grid: list[Any] = list(view["players"][self.me]["grid"])
        self.others = [p["grid"] for p in view["players"] if p["seat"] != self.me]

    def up(self) -> list[int]:
        return [i for i, c in enumerate(self.grid) if isinstance(c, int)]

    def down(self) -> list[int]:
        return [i for i, c in enumerate(self.grid) if c is None]

    def last_card(self) -> bool:
        return len(self.down()) <= 1

    def lowest_with(self, card: int) -> bool:
        """Our face-up sum plus `card` against each rival's face-up sum + 2 per face-down."""
        ours: int = sum(self.grid[i] for i in self.up()) + card
        theirs = [
            sum(c for c in g if isinstance(c, int)) + 2 * sum(1 for c in g if c is None)
            for g in self.others
        ]
        return ours <= min(theirs)

    def position(self, card: int, rng: random.Random) -> int:
        """Where a kept card goes (the source's `choose_position`)."""
        up, down = self.up(), self.down()
        if self.last_card():
            if down and self.lowest_with(card):
                return down[0]
            if up:
                return max(up, key=lambda i: self.grid[i] - card)
        for col in range(COLS):
            cells = [i for i in range(col, ROWS * COLS, COLS) if isinstance(self.grid[i], int)]
            if card in [self.grid[i] for i in cells]:
                others = [i for i in cells if self.grid[i] != card]
                if others:
                    return max(others, key=lambda i: self.grid[i])
        if up:
            best = max(up, key=lambda i: self.grid[i] - card)
            if self.grid[best] - card >= 4:
                return best
        if down:
            return rng.choice(down)
        return max(up, key=lambda i: self.grid[i] - card)

    def reveal(self, rng: random.Random) -> int:
        """The source's `choose_reveal`: in the columns with the most face-up cards."""
        open_cols = [c for c in range(COLS) if any(self.grid[i] is None for i in range(c, 12, 4))]
        counts = {
            c: sum(1 for i in range(c, 12, 4) if isinstance(self.grid[i], int)) for c in open_cols
        }
        most = max(counts.values())
        cells = [i for c in open_cols if counts[c] == most for i in range(c, 12, 4)]
        return rng.choice([i for i in cells if self.grid[i] is None])


def skyjo_threshold(view: Mapping[str, Any], legal: Sequence[Move], rng: random.Random) -> Move:
    step = view["step"]
    by_cell: dict[tuple[str, int], Move] = {(m["type"], _index(m)): m for m in legal if "row" in m}
    if step == "reveal":
        return rng.choice(list(legal))
    seat = Seat(view)
    if step == "place_drawn":
        card = view["drawn"]["card"]
        keep = not seat.lowest_with(6) if seat.last_card() else card < GOOD
        if keep or not seat.down():
            return by_cell[("replace", seat.position(card, rng))]
        return by_cell[("discard_and_reveal", seat.reveal(rng))]
    top = view["discard_top"]
    draw = next((m for m in legal if m["type"] == "draw"), None)
    take = top is not None and top < GOOD
    if take and seat.last_card():
        take = seat.lowest_with(top)
    if (take or draw is None) and top is not None:
        return by_cell[("take_discard", seat.position(top, rng))]
    return draw if draw is not None else legal[0]
