from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="ScoresheetRoundRequest")


@_attrs_define
class ScoresheetRoundRequest:
    """
    Attributes:
        winner (int | None | Unset): Skip-Bo (required): the seat that played the last stock card, or null for a drawn
            round.
        stocks_left (list[int] | None | Unset): Skip-Bo: the cards left in each player's stock, in seat order; the
            winner's entry is 0 (with teams, both partners'). Required when the round has a winner; may be left out for a
            drawn round.
        card_totals (list[int] | Unset): Skyjo: each player's card total for the round (the sum of the cards left in the
            grid, before any doubling), in seat order.
        finisher (int | None | Unset): Skyjo (required): the seat that ended the round, or null for nobody (then nobody
            is doubled).
    """

    winner: int | None | Unset = UNSET
    stocks_left: list[int] | None | Unset = UNSET
    card_totals: list[int] | Unset = UNSET
    finisher: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
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

        card_totals: list[int] | Unset = UNSET
        if not isinstance(self.card_totals, Unset):
            card_totals = self.card_totals

        finisher: int | None | Unset
        if isinstance(self.finisher, Unset):
            finisher = UNSET
        else:
            finisher = self.finisher

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if winner is not UNSET:
            field_dict["winner"] = winner
        if stocks_left is not UNSET:
            field_dict["stocks_left"] = stocks_left
        if card_totals is not UNSET:
            field_dict["card_totals"] = card_totals
        if finisher is not UNSET:
            field_dict["finisher"] = finisher

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

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

        card_totals = cast(list[int], d.pop("card_totals", UNSET))

        def _parse_finisher(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        finisher = _parse_finisher(d.pop("finisher", UNSET))

        scoresheet_round_request = cls(
            winner=winner,
            stocks_left=stocks_left,
            card_totals=card_totals,
            finisher=finisher,
        )

        return scoresheet_round_request
