"""The cards of one Skip-Bo round, zone by zone.

Every pile is a list read bottom first, so its top card is the last item (`pile[-1]`) and
drawing is `pop()`. The record's `deal` and `reshuffle` entries list piles top first; the
conversion happens only where those entries are written and read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardtable_engine.games.skipbo.cards import BUILDING_PILES, DISCARD_PILES


@dataclass
class Table:
    stocks: list[list[int]]
    """Per seat; only the top card (last) is face up."""
    hands: list[list[int]]
    """Per seat, in the order drawn (the order means nothing to the rules)."""
    discards: list[list[list[int]]]
    """Per seat, 4 face-up piles."""
    building: list[list[int]]
    """4 shared piles; a pile of k cards has reached the value k (a SKIP-BO counts as the
    value it took)."""
    draw_pile: list[int]
    set_aside: list[int]
    """Cards of the completed building piles, waiting to be recycled into a new draw pile."""

    @classmethod
    def deal(cls, stocks_top_first: list[list[int]], draw_top_first: list[int]) -> Table:
        """A fresh round: stocks and draw pile as given, everything else empty."""
        n = len(stocks_top_first)
        return cls(
            stocks=[list(reversed(stock)) for stock in stocks_top_first],
            hands=[[] for _ in range(n)],
            discards=[[[] for _ in range(DISCARD_PILES)] for _ in range(n)],
            building=[[] for _ in range(BUILDING_PILES)],
            draw_pile=list(reversed(draw_top_first)),
            set_aside=[],
        )

    def card_counts(self) -> Counter[int]:
        counts: Counter[int] = Counter()
        for seat_piles in (self.stocks, self.hands, self.building):
            for pile in seat_piles:
                counts.update(pile)
        for piles in self.discards:
            for pile in piles:
                counts.update(pile)
        counts.update(self.draw_pile)
        counts.update(self.set_aside)
        return counts
