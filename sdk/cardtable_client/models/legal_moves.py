from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.move import Move


T = TypeVar("T", bound="LegalMoves")


@_attrs_define
class LegalMoves:
    """
    Attributes:
        version (int):
        seat (int):
        moves (list[Move]):
    """

    version: int
    seat: int
    moves: list[Move]

    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move  # noqa: PLC0415

        version = self.version

        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "seat": seat,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = Move.from_dict(moves_item_data)

            moves.append(moves_item)

        legal_moves = cls(
            version=version,
            seat=seat,
            moves=moves,
        )

        return legal_moves
