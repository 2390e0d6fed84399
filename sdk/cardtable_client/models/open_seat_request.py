from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="OpenSeatRequest")


@_attrs_define
class OpenSeatRequest:
    """An open seat: no name, no bot; a join takes it later.

    Attributes:
        open_ (bool):
    """

    open_: bool

    def to_dict(self) -> dict[str, Any]:
        open_ = self.open_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "open": open_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        open_ = d.pop("open")

        open_seat_request = cls(
            open_=open_,
        )

        return open_seat_request
