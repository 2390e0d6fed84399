from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ScoresheetRound")


@_attrs_define
class ScoresheetRound:
    """
    Attributes:
        round_ (int): 1 for the first round.
        scores (list[int]): Points each seat scored.
        totals (list[int]): Running totals after this round.
        card_totals (list[int] | Unset): Skyjo: the card totals as entered.
        finisher (int | None | Unset): Skyjo: the seat that ended the round.
        finisher_doubled (bool | Unset): Skyjo: whether the finisher's score was doubled.
        winner (int | None | Unset): Skip-Bo: the round's winner, null when drawn.
        stocks_left (list[int] | None | Unset): Skip-Bo: the stocks as entered (null if left out).
    """

    round_: int
    scores: list[int]
    totals: list[int]
    card_totals: list[int] | Unset = UNSET
    finisher: int | None | Unset = UNSET
    finisher_doubled: bool | Unset = UNSET
    winner: int | None | Unset = UNSET
    stocks_left: list[int] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        scores = self.scores

        totals = self.totals

        card_totals: list[int] | Unset = UNSET
        if not isinstance(self.card_totals, Unset):
            card_totals = self.card_totals

        finisher: int | None | Unset
        if isinstance(self.finisher, Unset):
            finisher = UNSET
        else:
            finisher = self.finisher

        finisher_doubled = self.finisher_doubled

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner

        stocks_left: list[int] | None | Unset
        if isinstance(self.stocks_left, Unset):
            stocks_left = UNSET
        elif isinstance(self.stocks_left, list):
            stocks_left = self.stocks_left

        else:
            stocks_left = self.stocks_left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "scores": scores,
                "totals": totals,
            }
        )
        if card_totals is not UNSET:
            field_dict["card_totals"] = card_totals
        if finisher is not UNSET:
            field_dict["finisher"] = finisher
        if finisher_doubled is not UNSET:
            field_dict["finisher_doubled"] = finisher_doubled
        if winner is not UNSET:
            field_dict["winner"] = winner
        if stocks_left is not UNSET:
            field_dict["stocks_left"] = stocks_left

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))

        totals = cast(list[int], d.pop("totals"))

        card_totals = cast(list[int], d.pop("card_totals", UNSET))

        def _parse_finisher(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        finisher = _parse_finisher(d.pop("finisher", UNSET))

        finisher_doubled = d.pop("finisher_doubled", UNSET)

        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        def _parse_stocks_left(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                stocks_left_type_0 = cast(list[int], data)

                return stocks_left_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        stocks_left = _parse_stocks_left(d.pop("stocks_left", UNSET))

        scoresheet_round = cls(
            round_=round_,
            scores=scores,
            totals=totals,
            card_totals=card_totals,
            finisher=finisher,
            finisher_doubled=finisher_doubled,
            winner=winner,
            stocks_left=stocks_left,
        )

        return scoresheet_round
