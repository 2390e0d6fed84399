"""Skip-Bo's options (rules/skipbo.md) with their defaults, and the checks that span several."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.base import (
    JSON,
    InvalidOptions,
    InvalidPlayers,
    OptionSpec,
    resolve_option_values,
)
from cardtable.engine.skipbo.cards import DECK_SIZE, HAND_SIZE

MIN_PLAYERS = 2
MAX_PLAYERS = 6

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="stock_size",
        kind="integer",
        description=(
            "Cards in each player's stock: 30 with 2-4 players, 20 with 5-6 (the short game"
            " uses 10). Allowed 1..30 with players x (stock_size + 5) <= 162."
        ),
        minimum=1,
        maximum=30,
        default_by_players={2: 30, 3: 30, 4: 30, 5: 20, 6: 20},
    ),
    OptionSpec(
        name="first_player",
        kind="integer",
        description=(
            "Seat that starts round 1; in a match the first player moves one seat on each round."
        ),
        default=0,
        minimum=0,
        maximum=5,
    ),
    OptionSpec(
        name="stop_rule",
        kind="string",
        description=(
            '"french": keep building while any build is possible, discard only when none is;'
            ' "english": you may discard (end your turn) at any time.'
        ),
        default="french",
        choices=("french", "english"),
    ),
    OptionSpec(
        name="target_score",
        kind="integer",
        description=(
            "Play rounds until some total reaches this score (the notices use 500);"
            " null: a single round decides the game. At most 5000, so a match ends."
        ),
        default=None,
        nullable=True,
        minimum=1,
        maximum=5000,
    ),
    OptionSpec(
        name="teams",
        kind="boolean",
        description=(
            "Partnership variant (4 or 6 players): partners sit opposite, may build from each"
            " other's stock and discard tops, and win together."
        ),
        default=False,
    ),
)


def check_option_values(options: Mapping[str, JSON], n_players: int) -> None:
    """The checks that involve the player count or several options (InvalidOptions)."""
    stock_size = options["stock_size"]
    if n_players * (stock_size + HAND_SIZE) > DECK_SIZE:
        largest = DECK_SIZE // n_players - HAND_SIZE
        raise InvalidOptions(
            f"stock_size {stock_size} is too large for {n_players} players: every stock and"
            f" first hand must come out of {DECK_SIZE} cards (at most {largest})"
        )
    if options["first_player"] >= n_players:
        raise InvalidOptions(
            f"first_player must be a seat from 0 to {n_players - 1}, not {options['first_player']}"
        )
    if options["teams"] and n_players not in (4, 6):
        raise InvalidOptions(f"teams need 4 or 6 players, not {n_players}")


def resolve_options(options: Mapping[str, Any] | None, n_players: int) -> dict[str, JSON]:
    """Every option, checked, with defaults filled in (what `GameRules.resolve_options` does,
    usable without the rules object, e.g. when loading a state)."""
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise InvalidPlayers(
            f"Skip-Bo is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players}"
        )
    resolved = resolve_option_values(OPTION_SPECS, options, n_players)
    check_option_values(resolved, n_players)
    return resolved
