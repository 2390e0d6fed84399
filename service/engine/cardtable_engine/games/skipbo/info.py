"""Skip-Bo's static facts (rules/skipbo.md): players, options with their defaults and the
checks that span several, move types and bots, importable without the state."""

from __future__ import annotations

from collections.abc import Mapping

from cardtable_engine import turn_limit
from cardtable_engine.errors import InvalidOptions
from cardtable_engine.games.skipbo.bots import BOTS
from cardtable_engine.games.skipbo.cards import DECK_SIZE, HAND_SIZE
from cardtable_engine.games.skipbo.expert import expert_bot
from cardtable_engine.games.skipbo.montecarlo import search_bot
from cardtable_engine.options import JSON, GameInfo, choice_option, flag_option, integer_option

MOVE_TYPES = ("play", "discard", "pass")

MIN_PLAYERS = 2
MAX_PLAYERS = 6

MAX_TURNS = 200
"""The default turn cap per seat and round: a two-player round with stock 30 takes about 30
turns per seat between greedy bots (at most 48 in 60 deals), 68 between random ones (at
most 100)."""

OPTION_SPECS = (
    integer_option(
        "stock_size",
        "Cards in each player's stock: 30 with 2-4 players, 20 with 5-6 (the short game"
        " uses 10). Allowed 1..30 with players x (stock_size + 5) <= 162.",
        (1, 30),
        default_by_players={2: 30, 3: 30, 4: 30, 5: 20, 6: 20},
    ),
    integer_option(
        "first_player",
        "Seat that starts round 1; in a match the first player moves one seat on each round.",
        (0, 5),
        default=0,
    ),
    choice_option(
        "stop_rule",
        '"french": keep building while any build is possible, discard only when none is;'
        ' "english": you may discard (end your turn) at any time.',
        ("french", "english"),
        default="french",
    ),
    integer_option(
        "target_score",
        "Play rounds until some total reaches this score (the notices use 500);"
        " null: a single round decides the game. At most 5000, so a match ends.",
        (1, 5000),
        nullable=True,
    ),
    flag_option(
        "teams",
        "Partnership variant (4 or 6 players): partners sit opposite, may build from each"
        " other's stock and discard tops, and win together.",
        default=False,
    ),
    turn_limit.option_spec("drawn (nobody scores), as when nothing is left to draw", MAX_TURNS),
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


INFO = GameInfo(
    name="skipbo",
    title="Skip-Bo",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    option_specs=OPTION_SPECS,
    move_types=MOVE_TYPES,
    bots={**BOTS, "expert": expert_bot, "search": search_bot},
    check_option_values=check_option_values,
)
