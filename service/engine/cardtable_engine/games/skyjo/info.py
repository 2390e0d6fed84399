"""Skyjo's static facts (rules/skyjo.md): players, options with defaults and ranges, move
types and bots, importable without the state."""

from __future__ import annotations

from collections.abc import Mapping

from cardtable_engine import turn_limit
from cardtable_engine.games.skyjo.bots import greedy_bot, random_bot
from cardtable_engine.games.skyjo.expert import expert_bot
from cardtable_engine.games.skyjo.montecarlo import search_bot
from cardtable_engine.options import JSON, GameInfo, choice_option, flag_option, integer_option

MOVE_TYPES = ("reveal", "take_discard", "draw", "replace", "discard_and_reveal")

MAX_TURNS = 100
"""The default turn cap per seat and round: rounds between players who try to end them take
10 to 20 turns per seat (greedy bots: at most 22 in 60 deals; random ones at most 64)."""

OPTION_SPECS = (
    integer_option(
        "initial_reveals",
        "Cards each player turns face up before the first turn of a round.",
        (0, 3),
        default=2,
    ),
    choice_option(
        "later_round_starter",
        "Who starts rounds after the first: 'finisher' (whoever ended the previous round)"
        " or 'highest_sum' (the highest sum of face-up cards after the setup reveals).",
        ("finisher", "highest_sum"),
        default="finisher",
    ),
    integer_option(
        "end_score",
        "The game ends after the round in which some total reaches this score.",
        (1, 1000),
        default=100,
    ),
    integer_option(
        "max_rounds",
        "The game also ends after this many rounds (null: no limit).",
        (1, 1000),
        nullable=True,
    ),
    flag_option(
        "finisher_penalty",
        "Double the finisher's positive round score when another player scored the same or less.",
        default=True,
    ),
    turn_limit.option_spec(
        "as it lies: every card is turned up and scored, as if the lowest total had finished",
        MAX_TURNS,
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
    bots={"random": random_bot, "greedy": greedy_bot, "expert": expert_bot, "search": search_bot},
    check_option_values=check_option_values,
)
