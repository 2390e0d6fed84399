from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.new_player_kind import check_new_player_kind
from ..models.new_player_kind import NewPlayerKind
from typing import cast


T = TypeVar("T", bound="NewPlayer")


@_attrs_define
class NewPlayer:
    """
    Attributes:
        name (str): 1 to 24 printable characters, no leading, trailing or doubled spaces, no control, format (zero-
            width) or combining characters (else 422 `invalid_player_name`); unique ignoring case after Unicode NFKC (409
            `name_taken`).
        kind (NewPlayerKind):
    """

    name: str
    kind: NewPlayerKind

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind: str = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        kind = check_new_player_kind(d.pop("kind"))

        new_player = cls(
            name=name,
            kind=kind,
        )

        return new_player
