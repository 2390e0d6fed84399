"""What a Skip-Bo seat sees, read from its view (the only module that names its fields)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "DISCARD_PILES",
    "SKIPBO",
    "TOP_VALUE",
    "acting_step",
    "building_next",
    "discard_piles",
    "draw_size",
    "hand",
    "hand_size",
    "partner",
    "players",
    "round_number",
    "seat",
    "set_aside_size",
    "stock_size",
    "stock_top",
    "totals",
    "version",
]

View = Mapping[str, Any]
SKIPBO = 0
"""The wild card's value in views and moves."""
TOP_VALUE = 12
DISCARD_PILES = 4


def seat(view: View) -> int:
    return int(view["seat"])


def version(view: View) -> int:
    """How many moves the game has seen (a seed that differs from move to move)."""
    return int(view["version"])


def players(view: View) -> int:
    """How many seats the game has."""
    return len(view["players"])


def acting_step(view: View) -> str | None:
    """`build`, `build_or_discard`, `build_or_pass`, `discard`, `pass` for the acting seat,
    `play` for the others, None once the game is over."""
    step: str | None = view["step"]
    return step


def hand(view: View) -> list[int]:
    """This seat's own hand, sorted (empty for a spectator)."""
    return list(view["hand"] or [])


def hand_size(view: View, who: int) -> int:
    return int(view["players"][who]["hand_size"])


def stock_top(view: View, who: int) -> int | None:
    top: int | None = view["players"][who]["stock_top"]
    return top


def stock_size(view: View, who: int) -> int:
    return int(view["players"][who]["stock_size"])


def discard_piles(view: View, who: int) -> list[list[int]]:
    """The seat's 4 discard piles, each bottom first (top card last)."""
    piles: list[list[int]] = view["players"][who]["discard_piles"]
    return piles


def partner(view: View, who: int) -> int | None:
    mate: int | None = view["players"][who]["partner"]
    return mate


def building_next(view: View) -> list[int]:
    """The value each of the 4 building piles needs next (1..12)."""
    return [int(pile["next"]) for pile in view["building_piles"]]


def draw_size(view: View) -> int:
    return int(view["draw_pile_size"])


def set_aside_size(view: View) -> int:
    return int(view["set_aside_size"])


def totals(view: View) -> list[int]:
    return list(view["totals"])


def round_number(view: View) -> int:
    return int(view["round"])
