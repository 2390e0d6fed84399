"""Tournament statistics: win rates with Wilson 95 % intervals, and Elo ratings fitted to
pairwise results (Bradley-Terry maximum likelihood, shown on the Elo scale)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

__all__ = ["Z95", "elo_ratings", "wilson_interval"]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson_interval(points: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate `points / games` (a shared win counts half,
    so `points` may end in .5). (0, 1) when no game was played."""
    if games <= 0:
        return 0.0, 1.0
    rate = points / games
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_ratings(
    names: Sequence[str],
    scores: Mapping[tuple[str, str], float],
    games: Mapping[tuple[str, str], int],
    *,
    mean: float = 1500.0,
    iterations: int = 2000,
) -> dict[str, float]:
    """Ratings on the Elo scale (400 points = 10:1 odds) that best explain the pairwise
    results, averaging `mean`. `scores[a, b]` is what `a` scored against `b` (1 per win, 0.5
    per shared result) over `games[a, b]` games. Half a point of prior draw against an
    average opponent keeps a bot that always wins (or loses) finite."""
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        updated = {}
        for a in names:
            won = 0.5 + sum(scores.get((a, b), 0.0) for b in names if b != a)
            weight = 1.0 / (strength[a] + 1.0)  # the prior game against strength 1
            for b in names:
                played = games.get((a, b), 0)
                if b != a and played:
                    weight += played / (strength[a] + strength[b])
            updated[a] = won / weight
        scale = math.exp(sum(math.log(v) for v in updated.values()) / len(updated))
        strength = {a: v / scale for a, v in updated.items()}
    return {a: mean + 400 * math.log10(v) for a, v in strength.items()}
