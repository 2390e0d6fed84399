from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="SeatGrant")


@_attrs_define
class SeatGrant:
    """
    Attributes:
        id (str): The game's id.
        seat (int):
        token (str): Bearer token of this seat; shown only here.
        version (int):
    """

    id: str
    seat: int
    token: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        seat = self.seat

        token = self.token

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "seat": seat,
                "token": token,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        seat = d.pop("seat")

        token = d.pop("token")

        version = d.pop("version")

        seat_grant = cls(
            id=id,
            seat=seat,
            token=token,
            version=version,
        )

        return seat_grant
