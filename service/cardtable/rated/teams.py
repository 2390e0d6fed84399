"""Team play in rated games (Skip-Bo's partnership variant, rules/skipbo.md): which games
and table sizes may be queued for as teams, who partners whom at a table, and the teams'
places, from which every member is rated (cardtable.rated.ratings).

Players queue alone for a team table (`"teams": true`); a team ticket waits in a queue of
its own (its id and keys carry the mark `t`: `skipbo.4t.…`), so it is only ever matched
with team tickets. The table is dealt with the game's `teams` option: partners sit
opposite (seats i and i + n/2), as the rules say, and the seats are drawn at random among
the matched players (all within the rating window of each other).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.games.live_table import Game
from cardtable_engine.errors import InvalidOptions
from cardtable_engine.registry import get_rules

TEAMS_OPTION = "teams"
TEAM_MARK = "t"
"""Follows the table size in a team ticket's id and queue keys."""


def team_request_problem(game: str, size: int) -> str | None:
    """Why a team table of `game` for `size` players cannot be queued for (None: it can),
    by the game's own option checks."""
    rules = get_rules(game)
    if TEAMS_OPTION not in {spec.name for spec in rules.option_specs}:
        return f"{rules.title} has no team play"
    try:
        rules.resolve_options({TEAMS_OPTION: True}, size)
    except InvalidOptions as refused:
        return str(refused)
    return None


def team_options(teams: bool) -> dict[str, Any] | None:
    """The options a matched table is dealt with (None: the game's defaults)."""
    return {TEAMS_OPTION: True} if teams else None


def partnerships(game: Game) -> list[list[int]] | None:
    """The seats of each team of a team game (partners opposite: seats i and i + n/2), or
    None for a game of players alone."""
    if not game.hosting.options.get(TEAMS_OPTION):
        return None
    half = len(game.seats) // 2
    return [[first, first + half] for first in range(half)]


def team_of_seat(teams: Sequence[Sequence[int]], seat: int) -> int:
    return next(index for index, team in enumerate(teams) if seat in team)


def team_standing_keys(game: Game, teams: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Each team's standing, lowest first (equal keys tie) by the game's own scoring: higher
    total first (partners' totals are equal), the winners first, and in a single round
    fewer stock cards left in the team's two stocks. A team one of whose players left places
    last (tied with other such teams): the leaver's partner shares its team's fate, as a
    team's result is one."""
    score = game.state.score()
    totals: list[int] = score["totals"]
    winners = set(score.get("winners", []))
    rounds = score.get("rounds", [])
    stocks = rounds[-1].get("stocks_left") if len(rounds) == 1 else None
    keys: list[tuple[int, ...]] = []
    for team in teams:
        left = any(game.seats[seat].bot_reason == "left" for seat in team)
        keys.append(
            (
                1 if left else 0,
                -max(totals[seat] for seat in team),
                0 if winners.intersection(team) else 1,
                sum(stocks[seat] for seat in team) if stocks else 0,
            )
        )
    return keys
