"""Skip-Bo's view and moves as TypedDicts (the `SkipBoView` schema of `openapi.yaml`)."""
# No `from __future__ import annotations`: TypedDict must see NotRequired[...] unquoted.

from collections.abc import Callable
from typing import Literal, NotRequired, TypedDict

from cardtable_sdk.runner import Bot
from cardtable_sdk.typed._bot import untyped
from cardtable_sdk.typed._view import ViewBase

__all__ = ["Move", "View", "bot"]


class Options(TypedDict):
    stock_size: int
    first_player: int
    stop_rule: Literal["french", "english"]
    target_score: int | None
    teams: bool
    max_turns: int | None


class Player(TypedDict):
    seat: int
    name: str
    hand_size: int
    stock_size: int
    stock_top: int | None
    """0 is a SKIP-BO; None once the stock is empty."""
    discard_piles: list[list[int]]
    """4 piles, each bottom first (top card last)."""
    partner: int | None
    team: int | None
    total: int


class BuildingPile(TypedDict):
    slot: int
    size: int
    reached: int
    next: int
    top_card: int | None
    cards: list[int]


class RoundSummary(TypedDict):
    round: int
    scores: list[int]
    winner: int | None
    """None for a drawn round."""
    stocks_left: list[int]


class LastRound(TypedDict):
    round: int
    drawn: bool
    winner: int | None
    winning_team: list[int] | None
    scores: list[int]
    stocks_left: list[int]


class View(ViewBase):
    game: Literal["skipbo"]
    first_player: int
    step: Literal["play", "build", "build_or_discard", "build_or_pass", "discard", "pass"] | None
    options: Options
    players: list[Player]
    hand: list[int] | None
    """Your own hand, sorted (0 = SKIP-BO); None for a spectator."""
    building_piles: list[BuildingPile]
    draw_pile_size: int
    set_aside_size: int
    set_aside_piles: int
    drawn_turns: int
    teams: list[list[int]] | None
    rounds: list[RoundSummary]
    last_round: LastRound | None


class PlayFromHand(TypedDict):
    type: Literal["play"]
    source: Literal["hand"]
    card: int
    target: int


class PlayFromStock(TypedDict):
    type: Literal["play"]
    source: Literal["stock"]
    target: int
    owner: NotRequired[int]
    """Teams: the partner whose stock is played."""


class PlayFromDiscard(TypedDict):
    type: Literal["play"]
    source: Literal["discard"]
    pile: int
    target: int
    owner: NotRequired[int]


class Discard(TypedDict):
    type: Literal["discard"]
    card: int
    pile: int


class Pass(TypedDict):
    type: Literal["pass"]


Move = PlayFromHand | PlayFromStock | PlayFromDiscard | Discard | Pass
MOVES = (PlayFromHand, PlayFromStock, PlayFromDiscard, Discard, Pass)
"""Every move shape, for the test that keeps them in step with the API."""


def bot(typed: Callable[[View, list[Move]], Move]) -> Bot:
    """Use a bot typed with these shapes wherever the SDK takes a bot (`play`, local play)."""
    return untyped(typed)
