"""The Skip-Bo deck and the one rule of building: which card may go on which building pile."""

from __future__ import annotations

from collections import Counter

SKIPBO = 0
"""A SKIP-BO (wild) card is written as the value 0 wherever a card value appears."""

TOP_VALUE = 12
"""Building piles rise from 1 to 12; a pile that reaches 12 is set aside."""

HAND_SIZE = 5
BUILDING_PILES = 4
DISCARD_PILES = 4
COPIES_PER_VALUE = 12
SKIPBO_COPIES = 18

DECK: Counter[int] = Counter({SKIPBO: SKIPBO_COPIES})
DECK.update({value: COPIES_PER_VALUE for value in range(1, TOP_VALUE + 1)})
DECK_SIZE = sum(DECK.values())  # 162


def new_deck() -> list[int]:
    """All 162 cards in a fixed order (to be shuffled)."""
    return [value for value in sorted(DECK) for _ in range(DECK[value])]


def fits(card: int, reached: int) -> bool:
    """May `card` go on a building pile that has reached `reached` (0 for an empty pile)?

    A pile starts with a 1 or a SKIP-BO and rises by one; a SKIP-BO takes whatever value
    the pile needs, 12 included.
    """
    return reached < TOP_VALUE and (card == SKIPBO or card == reached + 1)


def card_name(card: int) -> str:
    """How messages name a card."""
    return "SKIP-BO" if card == SKIPBO else str(card)
