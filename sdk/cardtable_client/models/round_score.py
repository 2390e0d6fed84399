from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="RoundScore")


@_attrs_define
class RoundScore:
    """
    Attributes:
        round_ (int):
        scores (list[int]):
        finisher (int | None | Unset): Skyjo: the seat that ended the round.
        winner (int | None | Unset): Skip-Bo: the seat that won the round, null when drawn.
        stocks_left (list[int] | Unset): Skip-Bo: cards left in each seat's stock when it ended.
    """

    round_: int
    scores: list[int]
    finisher: int | None | Unset = UNSET
    winner: int | None | Unset = UNSET
    stocks_left: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        scores = self.scores

        finisher: int | None | Unset
        if isinstance(self.finisher, Unset):
            finisher = UNSET
        else:
            finisher = self.finisher

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner

        stocks_left: list[int] | Unset = UNSET
        if not isinstance(self.stocks_left, Unset):
            stocks_left = self.stocks_left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "scores": scores,
            }
        )
        if finisher is not UNSET:
            field_dict["finisher"] = finisher
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

        def _parse_finisher(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        finisher = _parse_finisher(d.pop("finisher", UNSET))

        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        stocks_left = cast(list[int], d.pop("stocks_left", UNSET))

        round_score = cls(
            round_=round_,
            scores=scores,
            finisher=finisher,
            winner=winner,
            stocks_left=stocks_left,
        )

        return round_score
