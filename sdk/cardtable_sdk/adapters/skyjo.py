"""What a Skyjo seat sees, read from its view (the only module that names its fields)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

__all__ = [
    "COLS",
    "DECK",
    "REMOVED",
    "ROWS",
    "acting_step",
    "discard_pile",
    "discard_size",
    "discard_top",
    "draw_size",
    "drawn_card",
    "final_lap",
    "finisher_penalty",
    "grid",
    "players",
    "round_number",
    "seat",
    "totals",
    "unseen_cards",
    "visible_cards",
]

View = Mapping[str, Any]
ROWS, COLS = 3, 4
REMOVED = "removed"
DECK: Counter[int] = Counter({-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}})
"""The 150 cards of a Skyjo deck, by value."""


def seat(view: View) -> int:
    return int(view["seat"])


def players(view: View) -> int:
    """How many seats the game has."""
    return len(view["players"])


def acting_step(view: View) -> str | None:
    """`reveal`, `choose`, `place_drawn`, or None (game over)."""
    step: str | None = view["step"]
    return step


def grid(view: View, who: int) -> list[Any]:
    """12 cells row by row: a value, None face down, REMOVED once the column went."""
    cells: list[Any] = view["players"][who]["grid"]
    return cells


def discard_top(view: View) -> int | None:
    top: int | None = view["discard_top"]
    return top


def discard_pile(view: View) -> list[int]:
    """The whole discard pile, bottom first (every seat saw each card go there); only the
    top from a server that predates the field."""
    pile = view.get("discard_pile")
    if pile is not None:
        return list(pile)
    top = discard_top(view)
    return [] if top is None else [top]


def discard_size(view: View) -> int:
    return int(view["discard_size"])


def draw_size(view: View) -> int:
    return int(view["draw_pile_size"])


def drawn_card(view: View) -> int | None:
    """The card this seat holds after drawing (None when it holds none or cannot see it)."""
    drawn = view["drawn"]
    return None if drawn is None else drawn["card"]


def final_lap(view: View) -> bool:
    """Someone has revealed their last card: everyone else plays once more."""
    return view["final_lap"] is not None


def finisher_penalty(view: View) -> bool:
    return bool(view["options"]["finisher_penalty"])


def totals(view: View) -> list[int]:
    return list(view["totals"])


def round_number(view: View) -> int:
    return int(view["round"])


def visible_cards(view: View) -> list[int]:
    """Every card this seat knows the place of: face-up grid cards, the whole discard pile
    (perfect recall: each of its cards was seen going there), its drawn card."""
    cards = [c for p in view["players"] for c in p["grid"] if c is not None and c != REMOVED]
    cards.extend(discard_pile(view))
    drawn = drawn_card(view)
    if drawn is not None:
        cards.append(drawn)
    return cards


def unseen_cards(view: View) -> Counter[int]:
    """The cards whose place this seat does not know, by value: the deck less every
    visible card (`visible_cards`, the buried discards included)."""
    unseen = Counter(DECK)
    unseen.subtract(visible_cards(view))
    return +unseen
