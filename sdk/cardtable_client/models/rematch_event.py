from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.rematch_event_type import check_rematch_event_type
from ..models.rematch_event_type import RematchEventType
from typing import cast


T = TypeVar("T", bound="RematchEvent")


@_attrs_define
class RematchEvent:
    """A player asked for a rematch once the game was over.

    Attributes:
        version (int): The version this change created.
        type_ (RematchEventType):
        game_id (str): The new game's id.
    """

    version: int
    type_: RematchEventType
    game_id: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        game_id = self.game_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "game_id": game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_rematch_event_type(d.pop("type"))

        game_id = d.pop("game_id")

        rematch_event = cls(
            version=version,
            type_=type_,
            game_id=game_id,
        )

        return rematch_event
