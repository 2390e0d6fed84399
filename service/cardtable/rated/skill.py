"""A player's skill rating of one game: the model's constants, the displayed rating, and a
rating read from a player's stored fields. Apart from `ratings` (which settles games and
keeps the leaderboards) so that `players` reads a rating without importing the settling
that imports it back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable_engine.registry import GAMES as HOSTED

GAMES = tuple(HOSTED)
MU = 25.0
SIGMA = MU / 3
BETA = MU / 6
TAU = MU / 300
"""OpenSkill's defaults (those of TrueSkill): a new player is 25 ± 8.33; beta, the spread of
one game's performance, 4.17; tau keeps sigma from shrinking to nothing, so a rating can
still move after many games."""
DISPLAY_BASE = 1000.0
DISPLAY_SCALE = 40.0
CONSERVATIVE_SIGMAS = 3
"""The displayed rating: 1000 + 40 * (mu - 3 sigma). A new player shows 1000; a rating is
shown high only once the model is sure of it (mu - 3 sigma is what the player's skill
exceeds with 99.9 % confidence), so one lucky game does not top the board."""


def displayed(mu: float, sigma: float) -> float:
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - CONSERVATIVE_SIGMAS * sigma), 1)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        return displayed(self.mu, self.sigma)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rating": self.rating,
            "games": self.games,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
        }


def rating_of(fields: dict[str, str], game: str) -> Rating:
    """A player's rating of `game` from its stored fields (the defaults before a game)."""
    return Rating(
        float(fields.get(f"mu:{game}", MU)),
        float(fields.get(f"sigma:{game}", SIGMA)),
        int(fields.get(f"games:{game}", 0)),
    )
