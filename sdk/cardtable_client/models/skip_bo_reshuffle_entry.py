from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_reshuffle_entry_type import check_skip_bo_reshuffle_entry_type
from ..models.skip_bo_reshuffle_entry_type import SkipBoReshuffleEntryType
from typing import cast


T = TypeVar("T", bound="SkipBoReshuffleEntry")


@_attrs_define
class SkipBoReshuffleEntry:
    """
    Attributes:
        type_ (SkipBoReshuffleEntryType):
        draw_pile (list[int]):
    """

    type_: SkipBoReshuffleEntryType
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
        type_ = check_skip_bo_reshuffle_entry_type(d.pop("type"))

        draw_pile = cast(list[int], d.pop("draw_pile"))

        skip_bo_reshuffle_entry = cls(
            type_=type_,
            draw_pile=draw_pile,
        )

        return skip_bo_reshuffle_entry
