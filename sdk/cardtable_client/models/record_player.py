from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="RecordPlayer")


@_attrs_define
class RecordPlayer:
    """
    Attributes:
        seat (int):
        name (str):
        player (str | Unset): A rated game: the seat's player id.
    """

    seat: int
    name: str
    player: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        name = d.pop("name")

        player = d.pop("player", UNSET)

        record_player = cls(
            seat=seat,
            name=name,
            player=player,
        )

        return record_player
