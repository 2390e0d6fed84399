from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


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
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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
