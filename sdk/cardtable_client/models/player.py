from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_kind import check_player_kind
from ..models.player_kind import PlayerKind
from typing import cast

if TYPE_CHECKING:
    from ..models.ratings import Ratings


T = TypeVar("T", bound="Player")


@_attrs_define
class Player:
    """
    Attributes:
        id (str):
        name (str):
        kind (PlayerKind):
        created_at (str): ISO 8601, UTC.
        ratings (Ratings):
    """

    id: str
    name: str
    kind: PlayerKind
    created_at: str
    ratings: Ratings

    def to_dict(self) -> dict[str, Any]:
        from ..models.ratings import Ratings  # noqa: PLC0415

        id = self.id

        name = self.name

        kind: str = self.kind

        created_at = self.created_at

        ratings = self.ratings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "kind": kind,
                "created_at": created_at,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ratings import Ratings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        kind = check_player_kind(d.pop("kind"))

        created_at = d.pop("created_at")

        ratings = Ratings.from_dict(d.pop("ratings"))

        player = cls(
            id=id,
            name=name,
            kind=kind,
            created_at=created_at,
            ratings=ratings,
        )

        return player
