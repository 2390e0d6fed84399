from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="SkyjoDiscard")


@_attrs_define
class SkyjoDiscard:
    """
    Attributes:
        top (int): The face-up card on top of the discard pile.
        size (int):
    """

    top: int
    size: int

    def to_dict(self) -> dict[str, Any]:
        top = self.top

        size = self.size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "top": top,
                "size": size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        top = d.pop("top")

        size = d.pop("size")

        skyjo_discard = cls(
            top=top,
            size=size,
        )

        return skyjo_discard
