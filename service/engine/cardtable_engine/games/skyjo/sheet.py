"""Skyjo on a score sheet: a round is each player's card total and the seat that ended it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable_engine.games.skyjo import scoring
from cardtable_engine.options import JSON
from cardtable_engine.shapes import seat_or_none as seat_or_none_schema
from cardtable_engine.sheets import (
    InvalidRound,
    Options,
    Rounds,
    SheetRules,
    int_list,
    seat_or_none,
)

# A Skyjo grid is 12 cards of -2..12, so its total lies in -24..144 (removed columns only
# bring it closer to 0); anything outside is a typing mistake.
MIN_CARD_TOTAL = -2 * 12
MAX_CARD_TOTAL = 12 * 12


class SkyjoSheet(SheetRules):
    game = "skyjo"
    title = "Skyjo"
    option_names = ("end_score", "max_rounds", "finisher_penalty")
    lower_is_better = True
    round_fields: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "card_totals": {
            "type": "array",
            "items": {"type": "integer"},
            "description": "Skyjo: each player's card total for the round (the sum of the "
            "cards left in the grid, before any doubling), in seat order.",
        },
        "finisher": seat_or_none_schema(
            "Skyjo (required): the seat that ended the round, or null for nobody (then "
            "nobody is doubled)."
        ),
    }

    def parse_round(
        self, entry: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        # The finisher is required (null for "nobody") so that forgetting it cannot silently
        # skip the doubling.
        self.check_fields(entry, {"card_totals", "finisher"})
        card_totals = int_list(entry, "card_totals", n_players)
        for seat, total in enumerate(card_totals):
            if not MIN_CARD_TOTAL <= total <= MAX_CARD_TOTAL:
                raise InvalidRound(
                    f"card_totals[{seat}] is {total}, but 12 cards of -2..12 sum to"
                    f" {MIN_CARD_TOTAL}..{MAX_CARD_TOTAL}",
                    field="card_totals",
                    seat=seat,
                )
        finisher = seat_or_none(entry, "finisher", n_players)
        return {"card_totals": card_totals, "finisher": finisher}

    def count_round(
        self, entered: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        card_totals: list[int] = entered["card_totals"]
        finisher: int | None = entered["finisher"]
        scores = scoring.round_scores(
            card_totals, finisher, finisher_penalty=bool(options["finisher_penalty"])
        )
        doubled = finisher is not None and scores[finisher] != card_totals[finisher]
        return {
            "card_totals": list(card_totals),
            "finisher": finisher,
            "finisher_doubled": doubled,
            "scores": scores,
        }

    def is_over(self, totals: Sequence[int], rounds: Rounds, options: Options) -> bool:
        return scoring.is_game_over(
            totals, len(rounds), options["end_score"], options["max_rounds"]
        )

    def winners(self, totals: Sequence[int], rounds: Rounds) -> list[int]:
        return scoring.winners(totals)


SHEET = SkyjoSheet()
