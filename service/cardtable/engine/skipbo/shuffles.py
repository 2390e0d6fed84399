"""Where the order of the cards comes from: the state's RNG during play, or the record's log
while a game is replayed. Each shuffle writes its `deal` or `reshuffle` log entry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeGuard

from cardtable.engine.base import InvalidRecord
from cardtable.engine.skipbo.cards import DECK, TOP_VALUE, new_deck

if TYPE_CHECKING:
    from cardtable.engine.skipbo.state import SkipBoState

DEAL_FIELDS = frozenset({"type", "round", "first_player", "stocks", "draw_pile"})
RESHUFFLE_FIELDS = frozenset({"type", "draw_pile"})


def deal_order(
    state: SkipBoState, round_number: int, first: int
) -> tuple[list[list[int]], list[int]]:
    """Stocks and draw pile (each top first) of a new round; logs the `deal` entry."""
    size: int = state.options["stock_size"]
    if state.script is None:
        deck = new_deck()
        state.rng.shuffle(deck)
        n = state.n_players
        stocks = [deck[seat * size : (seat + 1) * size] for seat in range(n)]
        draw_pile = deck[n * size :]
    else:
        stocks, draw_pile = _scripted_deal(state, round_number, first, size)
    state.log.append(
        {
            "type": "deal",
            "round": round_number,
            "first_player": first,
            "stocks": [list(stock) for stock in stocks],
            "draw_pile": list(draw_pile),
        }
    )
    return stocks, draw_pile


def reshuffle_order(state: SkipBoState, cards: list[int]) -> list[int]:
    """The set-aside `cards` as a new draw pile (top first); logs the `reshuffle` entry."""
    if state.script is None:
        order = list(cards)
        state.rng.shuffle(order)
    else:
        order = _scripted_reshuffle(state, cards)
    state.log.append({"type": "reshuffle", "draw_pile": list(order)})
    return order


_CARD_TYPES = frozenset({int})
CARD_VALUES = frozenset(range(TOP_VALUE + 1))


def is_card_list(value: object) -> TypeGuard[list[int]]:
    """Is `value` a list of card values 0..12 (a bool or 1.0 is not a card)?

    A deal lists all 162 cards and states are loaded on every request: the check is two
    C-level passes over the list (the set of types, then set membership), not a Python
    loop over the cards.
    """
    return (
        type(value) is list
        and set(map(type, value)) <= _CARD_TYPES
        and CARD_VALUES.issuperset(value)
    )


def card_list(value: object) -> list[int]:
    """`value` as a list of card values, or ValueError."""
    if not is_card_list(value):
        raise ValueError("piles must be lists of card values 0..12")
    return list(value)


def _next_scripted(state: SkipBoState, kind: str) -> Mapping[str, Any]:
    """The record's entry that the entry about to be logged must match."""
    script = state.script or ()
    index = len(state.log)
    entry = script[index] if index < len(script) else None
    if not isinstance(entry, Mapping) or entry.get("type") != kind:
        raise InvalidRecord(f"log entry {index} should be a {kind!r} entry")
    return entry


def _scripted_deal(
    state: SkipBoState, round_number: int, first: int, size: int
) -> tuple[list[list[int]], list[int]]:
    index = len(state.log)
    entry = _next_scripted(state, "deal")
    if set(entry) != DEAL_FIELDS:
        raise InvalidRecord(f"deal entry {index} has the wrong fields")
    if entry["round"] != round_number or entry["first_player"] != first:
        raise InvalidRecord(
            f"deal entry {index} should be round {round_number} started by seat {first}"
        )
    stocks = entry["stocks"]
    if not isinstance(stocks, list) or len(stocks) != state.n_players:
        raise InvalidRecord(f"deal entry {index} must hold {state.n_players} stocks")
    try:
        cards = [card_list(stock) for stock in stocks]
        draw_pile = card_list(entry["draw_pile"])
    except ValueError as error:
        raise InvalidRecord(f"deal entry {index}: {error}") from None
    if any(len(stock) != size for stock in cards):
        raise InvalidRecord(f"deal entry {index}: every stock must hold {size} cards")
    dealt = Counter(draw_pile)
    for stock in cards:
        dealt.update(stock)
    if dealt != DECK:
        raise InvalidRecord(f"deal entry {index} does not deal exactly the 162 cards")
    return cards, draw_pile


def _scripted_reshuffle(state: SkipBoState, cards: list[int]) -> list[int]:
    index = len(state.log)
    entry = _next_scripted(state, "reshuffle")
    if set(entry) != RESHUFFLE_FIELDS:
        raise InvalidRecord(f"reshuffle entry {index} has the wrong fields")
    try:
        order = card_list(entry["draw_pile"])
    except ValueError as error:
        raise InvalidRecord(f"reshuffle entry {index}: {error}") from None
    if Counter(order) != Counter(cards):
        raise InvalidRecord(
            f"reshuffle entry {index} is not a shuffle of the set-aside building piles"
        )
    return order
