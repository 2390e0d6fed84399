from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.move_hint import MoveHint


T = TypeVar("T", bound="Hints")


@_attrs_define
class Hints:
    """
    Attributes:
        seat (int):
        version (int): The version judged.
        method (str): How the estimates are made.
        moves (list[MoveHint]): Every legal move of the seat, best first.
    """

    seat: int
    version: int
    method: str
    moves: list[MoveHint]

    def to_dict(self) -> dict[str, Any]:
        from ..models.move_hint import MoveHint  # noqa: PLC0415

        seat = self.seat

        version = self.version

        method = self.method

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "version": version,
                "method": method,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_hint import MoveHint  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        version = d.pop("version")

        method = d.pop("method")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = MoveHint.from_dict(moves_item_data)

            moves.append(moves_item)

        hints = cls(
            seat=seat,
            version=version,
            method=method,
            moves=moves,
        )

        return hints
