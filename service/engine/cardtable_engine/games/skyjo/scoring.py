"""Skyjo's scoring rules (rules/skyjo.md, "Scoring" and "The game"), for games and sheets."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable_engine.scoring import lowest_winners


def round_scores(
    card_totals: Sequence[int], finisher: int | None, *, finisher_penalty: bool = True
) -> list[int]:
    """Each seat's round score from the sum of the cards left in its grid.

    The finisher's positive score is doubled when someone else scored the same or less
    (the finisher was not strictly lowest); zero and negative scores are never doubled.
    """
    scores = list(card_totals)
    if finisher is None or not finisher_penalty:
        return scores
    own = scores[finisher]
    others = [score for seat, score in enumerate(scores) if seat != finisher]
    if own > 0 and any(score <= own for score in others):
        scores[finisher] = own * 2
    return scores


def is_game_over(
    totals: Sequence[int], rounds_played: int, end_score: int, max_rounds: int | None
) -> bool:
    """Checked only between rounds: a game never stops in the middle of one."""
    if rounds_played == 0:
        return False
    if any(total >= end_score for total in totals):
        return True
    return max_rounds is not None and rounds_played >= max_rounds


def winners(totals: Sequence[int]) -> list[int]:
    """The lowest total wins; tied lowest totals share the victory."""
    return lowest_winners(totals)
