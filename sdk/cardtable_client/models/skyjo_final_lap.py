from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="SkyjoFinalLap")


@_attrs_define
class SkyjoFinalLap:
    """
    Attributes:
        finisher (int): The seat that revealed its last card.
        still_to_play (list[int]): Seats that still get their last turn, in play order.
    """

    finisher: int
    still_to_play: list[int]

    def to_dict(self) -> dict[str, Any]:
        finisher = self.finisher

        still_to_play = self.still_to_play

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "finisher": finisher,
                "still_to_play": still_to_play,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        finisher = d.pop("finisher")

        still_to_play = cast(list[int], d.pop("still_to_play"))

        skyjo_final_lap = cls(
            finisher=finisher,
            still_to_play=still_to_play,
        )

        return skyjo_final_lap
