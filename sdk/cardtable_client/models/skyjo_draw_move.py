from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_draw_move_type import check_skyjo_draw_move_type
from ..models.skyjo_draw_move_type import SkyjoDrawMoveType
from typing import cast


T = TypeVar("T", bound="SkyjoDrawMove")


@_attrs_define
class SkyjoDrawMove:
    """Draw the draw pile's top card (then replace or discard it).

    Attributes:
        type_ (SkyjoDrawMoveType):
    """

    type_: SkyjoDrawMoveType

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skyjo_draw_move_type(d.pop("type"))

        skyjo_draw_move = cls(
            type_=type_,
        )

        return skyjo_draw_move
