from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset


T = TypeVar("T", bound="RankedPlayer")


@_attrs_define
class RankedPlayer:
    """
    Attributes:
        id (str):
        name (str):
        kind (str):
        rating (float):
        games (int):
        rank (int): 1 = highest.
    """

    id: str
    name: str
    kind: str
    rating: float
    games: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        kind = self.kind

        rating = self.rating

        games = self.games

        rank = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "rating": rating,
                "games": games,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = d.pop("kind")

        rating = d.pop("rating")

        games = d.pop("games")

        rank = d.pop("rank")

        ranked_player = cls(
            id=id,
            name=name,
            kind=kind,
            rating=rating,
            games=games,
            rank=rank,
        )

        return ranked_player
