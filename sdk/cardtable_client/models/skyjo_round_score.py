from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="SkyjoRoundScore")


@_attrs_define
class SkyjoRoundScore:
    """
    Attributes:
        round_ (int):
        scores (list[int]): Per seat.
        finisher (int | None): The seat that ended the round (null: none did).
    """

    round_: int
    scores: list[int]
    finisher: int | None

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        scores = self.scores

        finisher: int | None
        finisher = self.finisher

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "scores": scores,
                "finisher": finisher,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))

        def _parse_finisher(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        finisher = _parse_finisher(d.pop("finisher"))

        skyjo_round_score = cls(
            round_=round_,
            scores=scores,
            finisher=finisher,
        )

        return skyjo_round_score
