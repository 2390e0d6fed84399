"""Scoring arithmetic shared by the games and by score sheets: one place for each rule."""

from __future__ import annotations

from collections.abc import Sequence


def lowest_winners(totals: Sequence[int]) -> list[int]:
    """Seats with the lowest total (Skyjo); ties share the win."""
    if not totals:
        return []
    best = min(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def highest_winners(totals: Sequence[int]) -> list[int]:
    """Seats with the highest total (Skip-Bo); ties share the win."""
    if not totals:
        return []
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


def shared_ranks(totals: Sequence[int], *, lower_is_better: bool) -> list[int]:
    """Competition ranking ("1224"): equal totals share a rank, the next rank skips."""
    ranks = []
    for total in totals:
        better = sum(1 for other in totals if (other < total if lower_is_better else other > total))
        ranks.append(better + 1)
    return ranks


def running_totals(round_scores: Sequence[Sequence[int]], n_players: int) -> list[int]:
    totals = [0] * n_players
    for scores in round_scores:
        for seat, points in enumerate(scores):
            totals[seat] += points
    return totals
