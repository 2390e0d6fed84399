from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_discard_and_reveal_move_type import check_skyjo_discard_and_reveal_move_type
from ..models.skyjo_discard_and_reveal_move_type import SkyjoDiscardAndRevealMoveType
from typing import cast


T = TypeVar("T", bound="SkyjoDiscardAndRevealMove")


@_attrs_define
class SkyjoDiscardAndRevealMove:
    """Discard the drawn card, reveal this one.

    Attributes:
        type_ (SkyjoDiscardAndRevealMoveType):
        row (int): The grid's row, 0..2.
        col (int): The grid's column, 0..3.
    """

    type_: SkyjoDiscardAndRevealMoveType
    row: int
    col: int

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        row = self.row

        col = self.col

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "row": row,
                "col": col,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skyjo_discard_and_reveal_move_type(d.pop("type"))

        row = d.pop("row")

        col = d.pop("col")

        skyjo_discard_and_reveal_move = cls(
            type_=type_,
            row=row,
            col=col,
        )

        return skyjo_discard_and_reveal_move
