from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="ScoreSet")


@_attrs_define
class ScoreSet:
    """
    Attributes:
        id (str): The duplicate set's id.
        index (int): This game's rotation.
        size (int): The set's games (players).
        pending (bool): The set's ratings wait for its last game (then `ratings`).
    """

    id: str
    index: int
    size: int
    pending: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        index = self.index

        size = self.size

        pending = self.pending

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "index": index,
                "size": size,
                "pending": pending,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        index = d.pop("index")

        size = d.pop("size")

        pending = d.pop("pending")

        score_set = cls(
            id=id,
            index=index,
            size=size,
            pending=pending,
        )

        return score_set
