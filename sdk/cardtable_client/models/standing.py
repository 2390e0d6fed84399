from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        seat (int):
        name (str):
        total (int):
        rank (int): 1 is best; equal totals share a rank, the next one skips.
    """

    seat: int
    name: str
    total: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        total = self.total

        rank = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "total": total,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        total = d.pop("total")

        rank = d.pop("rank")

        standing = cls(
            seat=seat,
            name=name,
            total=total,
            rank=rank,
        )

        return standing
