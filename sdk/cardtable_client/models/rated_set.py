from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="RatedSet")


@_attrs_define
class RatedSet:
    """
    Attributes:
        id (str): The duplicate set's id.
        index (int): This game's rotation.
        size (int): The set's games (players).
    """

    id: str
    index: int
    size: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        index = self.index

        size = self.size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "index": index,
                "size": size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        index = d.pop("index")

        size = d.pop("size")

        rated_set = cls(
            id=id,
            index=index,
            size=size,
        )

        return rated_set
