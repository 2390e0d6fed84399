"""Skyjo's view and moves as TypedDicts (the `SkyjoView` schema of `openapi.yaml`)."""

from collections.abc import Callable
from typing import Literal, TypedDict

from cardtable_sdk.runner import Bot
from cardtable_sdk.typed._bot import untyped
from cardtable_sdk.typed._view import ViewBase

__all__ = ["Cell", "Move", "View", "bot"]

Cell = int | Literal["removed"] | None
"""A grid position: its value face up, None face down, "removed" once its column went."""


class Options(TypedDict):
    initial_reveals: int
    later_round_starter: Literal["finisher", "highest_sum"]
    end_score: int
    max_rounds: int | None
    finisher_penalty: bool
    max_turns: int | None


class Player(TypedDict):
    seat: int
    name: str
    grid: list[Cell]
    visible_sum: int
    face_down: int
    reveals_left: int
    holding_drawn: bool
    total: int


class Drawn(TypedDict):
    seat: int
    card: int | None
    """Shown only to the seat that drew it."""


class FinalLap(TypedDict):
    finisher: int
    still_to_play: list[int]


class RoundSummary(TypedDict):
    round: int
    scores: list[int]
    finisher: int


class LastRound(TypedDict):
    round: int
    scores: list[int]
    card_totals: list[int]
    finisher: int
    finisher_doubled: bool
    grids: list[list[int | Literal["removed"]]]
    revealed: list[list[int]]


class View(ViewBase):
    game: Literal["skyjo"]
    step: Literal["reveal", "choose", "place_drawn"] | None
    options: Options
    players: list[Player]
    discard_top: int
    discard_size: int
    discard_pile: list[int]
    """The whole discard pile, bottom first (every seat saw each card go there)."""
    draw_pile_size: int
    drawn: Drawn | None
    final_lap: FinalLap | None
    rounds: list[RoundSummary]
    last_round: LastRound | None


class Reveal(TypedDict):
    type: Literal["reveal"]
    row: int
    col: int


class TakeDiscard(TypedDict):
    type: Literal["take_discard"]
    row: int
    col: int


class Draw(TypedDict):
    type: Literal["draw"]


class Replace(TypedDict):
    type: Literal["replace"]
    row: int
    col: int


class DiscardAndReveal(TypedDict):
    type: Literal["discard_and_reveal"]
    row: int
    col: int


Move = Reveal | TakeDiscard | Draw | Replace | DiscardAndReveal
MOVES = (Reveal, TakeDiscard, Draw, Replace, DiscardAndReveal)
"""Every move shape, for the test that keeps them in step with the API."""


def bot(typed: Callable[[View, list[Move]], Move]) -> Bot:
    """Use a bot typed with these shapes wherever the SDK takes a bot (`play`, local play)."""
    return untyped(typed)
