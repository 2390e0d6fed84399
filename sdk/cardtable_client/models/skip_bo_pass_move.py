from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_pass_move_type import check_skip_bo_pass_move_type
from ..models.skip_bo_pass_move_type import SkipBoPassMoveType
from typing import cast


T = TypeVar("T", bound="SkipBoPassMove")


@_attrs_define
class SkipBoPassMove:
    """End the turn with an empty hand.

    Attributes:
        type_ (SkipBoPassMoveType):
    """

    type_: SkipBoPassMoveType

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
        type_ = check_skip_bo_pass_move_type(d.pop("type"))

        skip_bo_pass_move = cls(
            type_=type_,
        )

        return skip_bo_pass_move
