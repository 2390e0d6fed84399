from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="RatingChange")


@_attrs_define
class RatingChange:
    """
    Attributes:
        seat (int):
        player (str): The rated player's id.
        before (float): Displayed rating before.
        after (float): Displayed rating after.
        placement (int | Unset): 1 = first; equal places tie.
    """

    seat: int
    player: str
    before: float
    after: float
    placement: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        player = self.player

        before = self.before

        after = self.after

        placement = self.placement

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "player": player,
                "before": before,
                "after": after,
            }
        )
        if placement is not UNSET:
            field_dict["placement"] = placement

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        player = d.pop("player")

        before = d.pop("before")

        after = d.pop("after")

        placement = d.pop("placement", UNSET)

        rating_change = cls(
            seat=seat,
            player=player,
            before=before,
            after=after,
            placement=placement,
        )

        return rating_change
