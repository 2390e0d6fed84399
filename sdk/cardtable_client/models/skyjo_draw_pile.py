from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="SkyjoDrawPile")


@_attrs_define
class SkyjoDrawPile:
    """
    Attributes:
        size (int): Cards left.
    """

    size: int

    def to_dict(self) -> dict[str, Any]:
        size = self.size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "size": size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        size = d.pop("size")

        skyjo_draw_pile = cls(
            size=size,
        )

        return skyjo_draw_pile
