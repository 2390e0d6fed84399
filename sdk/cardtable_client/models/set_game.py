from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="SetGame")


@_attrs_define
class SetGame:
    """
    Attributes:
        game_id (str):
        seat (int):
        token (str):
    """

    game_id: str
    seat: int
    token: str

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        seat = self.seat

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "seat": seat,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        seat = d.pop("seat")

        token = d.pop("token")

        set_game = cls(
            game_id=game_id,
            seat=seat,
            token=token,
        )

        return set_game
