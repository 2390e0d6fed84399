from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.created_player_kind import check_created_player_kind
from ..models.created_player_kind import CreatedPlayerKind
from typing import cast


T = TypeVar("T", bound="CreatedPlayer")


@_attrs_define
class CreatedPlayer:
    """
    Attributes:
        id (str):
        name (str):
        kind (CreatedPlayerKind):
        key (str): The player's secret key (192 random bits), shown only here: `Authorization: Bearer <key>` acts as
            this player.
    """

    id: str
    name: str
    kind: CreatedPlayerKind
    key: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind: str = self.kind

        key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = check_created_player_kind(d.pop("kind"))

        key = d.pop("key")

        created_player = cls(
            id=id,
            name=name,
            kind=kind,
            key=key,
        )

        return created_player
