from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_reshuffle_entry_type import check_skyjo_reshuffle_entry_type
from ..models.skyjo_reshuffle_entry_type import SkyjoReshuffleEntryType
from typing import cast


T = TypeVar("T", bound="SkyjoReshuffleEntry")


@_attrs_define
class SkyjoReshuffleEntry:
    """
    Attributes:
        type_ (SkyjoReshuffleEntryType):
        draw_pile (list[int]):
    """

    type_: SkyjoReshuffleEntryType
    draw_pile: list[int]

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        draw_pile = self.draw_pile

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "draw_pile": draw_pile,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skyjo_reshuffle_entry_type(d.pop("type"))

        draw_pile = cast(list[int], d.pop("draw_pile"))

        skyjo_reshuffle_entry = cls(
            type_=type_,
            draw_pile=draw_pile,
        )

        return skyjo_reshuffle_entry
