from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SkyjoRoundSummary")


@_attrs_define
class SkyjoRoundSummary:
    """
    Attributes:
        round_ (int):
        scores (list[int]):
        finisher (int):
    """

    round_: int
    scores: list[int]
    finisher: int

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        scores = self.scores

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
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))

        finisher = d.pop("finisher")

        skyjo_round_summary = cls(
            round_=round_,
            scores=scores,
            finisher=finisher,
        )

        return skyjo_round_summary
