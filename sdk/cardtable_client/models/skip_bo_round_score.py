from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="SkipBoRoundScore")


@_attrs_define
class SkipBoRoundScore:
    """
    Attributes:
        round_ (int):
        scores (list[int]): Per seat.
        winner (int | None): The seat that won the round, null when drawn.
        stocks_left (list[int]): Cards left in each seat's stock when it ended.
    """

    round_: int
    scores: list[int]
    winner: int | None
    stocks_left: list[int]

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        scores = self.scores

        winner: int | None
        winner = self.winner

        stocks_left = self.stocks_left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "scores": scores,
                "winner": winner,
                "stocks_left": stocks_left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        stocks_left = cast(list[int], d.pop("stocks_left"))

        skip_bo_round_score = cls(
            round_=round_,
            scores=scores,
            winner=winner,
            stocks_left=stocks_left,
        )

        return skip_bo_round_score
