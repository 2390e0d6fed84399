from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.move import Move


T = TypeVar("T", bound="MoveRequest")


@_attrs_define
class MoveRequest:
    """
    Attributes:
        move (Move):
    """

    move: Move

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.move import Move

        d = dict(src_dict)
        move = Move.from_dict(d.pop("move"))

        move_request = cls(
            move=move,
        )

        return move_request
