"""The cards of one Skip-Bo round, zone by zone, and their plain-data form.

Every pile is a list read bottom first, so its top card is the last item (`pile[-1]`) and
drawing is `pop()`. The record's `deal` and `reshuffle` entries list piles top first; the
conversion happens only where those entries are written and read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.engine.base import JSON, InvalidState
from cardtable.engine.skipbo.cards import (
    BUILDING_PILES,
    DISCARD_PILES,
    HAND_SIZE,
    SKIPBO,
    TOP_VALUE,
)


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

    def to_dict(self) -> dict[str, JSON]:
        return {
            "stocks": [list(pile) for pile in self.stocks],
            "hands": [list(hand) for hand in self.hands],
            "discard_piles": [[list(pile) for pile in piles] for piles in self.discards],
            "building_piles": [list(pile) for pile in self.building],
            "draw_pile": list(self.draw_pile),
            "set_aside": list(self.set_aside),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], n_players: int) -> Table:
        """Rebuild the zones, checking their shapes (not yet the deck as a whole)."""
        stocks = _seat_lists(data.get("stocks"), "stocks", n_players)
        hands = _seat_lists(data.get("hands"), "hands", n_players)
        for seat, hand in enumerate(hands):
            if len(hand) > HAND_SIZE:
                raise InvalidState(f"hand of seat {seat} holds more than {HAND_SIZE} cards")
        raw_discards = data.get("discard_piles")
        if not isinstance(raw_discards, list) or len(raw_discards) != n_players:
            raise InvalidState(f"discard_piles must list {n_players} seats")
        discards = [
            _seat_lists(piles, f"discard_piles[{seat}]", DISCARD_PILES)
            for seat, piles in enumerate(raw_discards)
        ]
        building = _seat_lists(data.get("building_piles"), "building_piles", BUILDING_PILES)
        for slot, pile in enumerate(building):
            if len(pile) >= TOP_VALUE:
                raise InvalidState(f"building pile {slot} reached 12 but was not set aside")
            for position, card in enumerate(pile):
                if card not in (SKIPBO, position + 1):
                    raise InvalidState(
                        f"building pile {slot} holds a {card} where a {position + 1} belongs"
                    )
        return cls(
            stocks=stocks,
            hands=hands,
            discards=discards,
            building=building,
            draw_pile=_cards(data.get("draw_pile"), "draw_pile"),
            set_aside=_cards(data.get("set_aside"), "set_aside"),
        )


def _cards(value: object, name: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidState(f"{name} must be a list of cards")
    for card in value:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card <= TOP_VALUE:
            raise InvalidState(f"{name} holds {card!r}, not a card value 0..12")
    return list(value)


def _seat_lists(value: object, name: str, count: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != count:
        raise InvalidState(f"{name} must be a list of {count} piles")
    return [_cards(pile, f"{name}[{index}]") for index, pile in enumerate(value)]
