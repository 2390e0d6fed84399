"""Skyjo's static facts (rules/skyjo.md): players, options with defaults and ranges, move
types and bots, importable without the state."""

from __future__ import annotations

from collections.abc import Mapping

from cardtable_engine import turn_limit
from cardtable_engine.games.skyjo.bots import greedy_bot, random_bot
from cardtable_engine.options import JSON, GameInfo, OptionSpec

MOVE_TYPES = ("reveal", "take_discard", "draw", "replace", "discard_and_reveal")

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="initial_reveals",
        kind="integer",
        description="Cards each player turns face up before the first turn of a round.",
        default=2,
        minimum=0,
        maximum=3,
    ),
    OptionSpec(
        name="later_round_starter",
        kind="string",
        description=(
            "Who starts rounds after the first: 'finisher' (whoever ended the previous round)"
            " or 'highest_sum' (the highest sum of face-up cards after the setup reveals)."
        ),
        default="finisher",
        choices=("finisher", "highest_sum"),
    ),
    OptionSpec(
        name="end_score",
        kind="integer",
        description="The game ends after the round in which some total reaches this score.",
        default=100,
        minimum=1,
        maximum=1000,
    ),
    OptionSpec(
        name="max_rounds",
        kind="integer",
        description="The game also ends after this many rounds (null: no limit).",
        default=None,
        nullable=True,
        minimum=1,
        maximum=1000,
    ),
    OptionSpec(
        name="finisher_penalty",
        kind="boolean",
        description=(
            "Double the finisher's positive round score when another player scored the same"
            " or less."
        ),
        default=True,
    ),
    turn_limit.option_spec(
        "as it lies: every card is turned up and scored, as if the lowest total had finished"
    ),
)


def check_option_values(options: Mapping[str, JSON], n_players: int) -> None:
    """Skyjo's options are independent of each other and of the player count."""


INFO = GameInfo(
    name="skyjo",
    title="Skyjo",
    min_players=2,
    max_players=8,
    option_specs=OPTION_SPECS,
    move_types=MOVE_TYPES,
    bots={"random": random_bot, "greedy": greedy_bot},
    check_option_values=check_option_values,
)
