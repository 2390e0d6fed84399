"""Skip-Bo on a score sheet: a round is its winner and the cards left in each stock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable_engine.games.skipbo import scoring
from cardtable_engine.games.skipbo.info import INFO
from cardtable_engine.options import JSON
from cardtable_engine.shapes import seat_or_none as seat_or_none_schema
from cardtable_engine.sheets import (
    InvalidRound,
    Options,
    RoundFieldError,
    Rounds,
    SheetRules,
    int_list,
    seat_or_none,
)

# The largest stock the rules allow (the `stock_size` option's maximum).
LARGEST_STOCK: int = next(
    spec.maximum for spec in INFO.option_specs if spec.name == "stock_size" and spec.maximum
)


class SkipBoSheet(SheetRules):
    game = "skipbo"
    title = "Skip-Bo"
    option_names = ("target_score", "teams")
    lower_is_better = False
    round_fields: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "winner": seat_or_none_schema(
            "Skip-Bo (required): the seat that played the last stock card, or null for a "
            "drawn round."
        ),
        "stocks_left": {
            "type": "array",
            "items": {"type": "integer"},
            "nullable": True,
            "description": "Skip-Bo: the cards left in each player's stock, in seat order; "
            "the winner's entry is 0 (with teams, both partners'). Required when the round "
            "has a winner; may be left out for a drawn round.",
        },
    }

    def parse_round(
        self, entry: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        self.check_fields(entry, {"winner"})
        winner = seat_or_none(entry, "winner", n_players)
        stocks_given = entry.get("stocks_left") is not None
        if winner is not None and not stocks_given:
            # Only the points of a won round depend on the stocks.
            raise RoundFieldError({"stocks_left": "Required when the round has a winner."})
        if not stocks_given:
            return {"winner": winner, "stocks_left": None}
        stocks_left = int_list(entry, "stocks_left", n_players)
        largest = LARGEST_STOCK
        for seat, cards in enumerate(stocks_left):
            if not 0 <= cards <= largest:
                raise InvalidRound(
                    f"stocks_left[{seat}] is {cards}; a stock holds 0 to {largest} cards",
                    field="stocks_left",
                    seat=seat,
                )
        self._check_stocks(stocks_left, winner, bool(options["teams"]))
        return {"winner": winner, "stocks_left": stocks_left}

    @staticmethod
    def _check_stocks(stocks_left: list[int], winner: int | None, teams: bool) -> None:
        """A round ends the moment a side's stocks are all empty, so the winner's side has
        no card left and no other side has emptied all of its stocks."""
        n = len(stocks_left)
        sides = (
            sorted({scoring.team_of(seat, n) for seat in range(n)})
            if teams
            else [(seat,) for seat in range(n)]
        )
        for side in sides:
            emptied = all(stocks_left[seat] == 0 for seat in side)
            who = " and ".join(f"seat {seat}" for seat in side)
            if winner is not None and winner in side and not emptied:
                left = [seat for seat in side if stocks_left[seat] != 0]
                raise InvalidRound(
                    f"the winner's side ({who}) must have 0 cards left in stock;"
                    f" stocks_left[{left[0]}] is {stocks_left[left[0]]}",
                    field="stocks_left",
                    seat=left[0],
                )
            if emptied and (winner is None or winner not in side):
                outcome = "this round was drawn" if winner is None else f"seat {winner} won"
                raise InvalidRound(
                    f"{who} {'has' if len(side) == 1 else 'have'} 0 cards left in stock,"
                    f" which ends the round with {'them' if len(side) > 1 else 'that seat'}"
                    f" as winner, but {outcome}",
                    field="stocks_left",
                    seat=side[0],
                )

    def count_round(
        self, entered: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        winner: int | None = entered["winner"]
        stocks_left: list[int] | None = entered["stocks_left"]
        if stocks_left is None:
            # Only a drawn round may be entered without stocks, and nobody scores in it.
            scores = [0] * n_players
        else:
            scores = scoring.round_scores(stocks_left, winner, teams=bool(options["teams"]))
        return {
            "winner": winner,
            "stocks_left": None if stocks_left is None else list(stocks_left),
            "scores": scores,
        }

    def is_over(self, totals: Sequence[int], rounds: Rounds, options: Options) -> bool:
        return scoring.is_game_over(totals, len(rounds), options["target_score"])

    def winners(self, totals: Sequence[int], rounds: Rounds) -> list[int]:
        rounds_won = sum(1 for entered in rounds if entered["winner"] is not None)
        return scoring.winners(totals, rounds_won)


SHEET = SkipBoSheet()
