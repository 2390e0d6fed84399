"""Skip-Bo's scoring rules (rules/skipbo.md, "End, scoring and match"), for games and sheets."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable_engine.scoring import highest_winners

ROUND_BONUS = 25
POINTS_PER_CARD = 5


def partner_of(seat: int, n_players: int) -> int:
    """Partners sit opposite: seats i and i + n/2."""
    return (seat + n_players // 2) % n_players


def team_of(seat: int, n_players: int) -> tuple[int, int]:
    first = seat % (n_players // 2)
    return (first, first + n_players // 2)


def round_scores(
    stocks_left: Sequence[int], winner: int | None, *, teams: bool = False
) -> list[int]:
    """Each seat's points for one round; `winner` is None for a drawn round.

    The winner scores 25 + 5 * (the cards left in the opponents' stocks). With teams, the
    opponents are the other team's players and both partners are credited.
    """
    n = len(stocks_left)
    scores = [0] * n
    if winner is None:
        return scores
    if teams:
        team = team_of(winner, n)
        left = sum(cards for seat, cards in enumerate(stocks_left) if seat not in team)
        points = ROUND_BONUS + POINTS_PER_CARD * left
        for seat in team:
            scores[seat] = points
    else:
        left = sum(cards for seat, cards in enumerate(stocks_left) if seat != winner)
        scores[winner] = ROUND_BONUS + POINTS_PER_CARD * left
    return scores


def is_game_over(totals: Sequence[int], rounds_played: int, target_score: int | None) -> bool:
    """Without a target one round decides the game (a drawn one too); with a target, rounds
    are played until some total reaches it."""
    if rounds_played == 0:
        return False
    if target_score is None:
        return True
    return any(total >= target_score for total in totals)


def winners(totals: Sequence[int], rounds_won: int) -> list[int]:
    """The highest total wins, ties share; a game whose rounds were all drawn has no winner."""
    if rounds_won == 0:
        return []
    return highest_winners(totals)
