from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_deal_entry_type import check_skyjo_deal_entry_type
from ..models.skyjo_deal_entry_type import SkyjoDealEntryType
from typing import cast


T = TypeVar("T", bound="SkyjoDealEntry")


@_attrs_define
class SkyjoDealEntry:
    """
    Attributes:
        type_ (SkyjoDealEntryType):
        round_ (int):
        grids (list[list[int]]):
        discard (int):
        draw_pile (list[int]):
    """

    type_: SkyjoDealEntryType
    round_: int
    grids: list[list[int]]
    discard: int
    draw_pile: list[int]

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        round_ = self.round_

        grids = []
        for grids_item_data in self.grids:
            grids_item = grids_item_data

            grids.append(grids_item)

        discard = self.discard

        draw_pile = self.draw_pile

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "round": round_,
                "grids": grids,
                "discard": discard,
                "draw_pile": draw_pile,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skyjo_deal_entry_type(d.pop("type"))

        round_ = d.pop("round")

        grids = []
        _grids = d.pop("grids")
        for grids_item_data in _grids:
            grids_item = cast(list[int], grids_item_data)

            grids.append(grids_item)

        discard = d.pop("discard")

        draw_pile = cast(list[int], d.pop("draw_pile"))

        skyjo_deal_entry = cls(
            type_=type_,
            round_=round_,
            grids=grids,
            discard=discard,
            draw_pile=draw_pile,
        )

        return skyjo_deal_entry
