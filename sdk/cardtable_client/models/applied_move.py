from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.move import Move


T = TypeVar("T", bound="AppliedMove")


@_attrs_define
class AppliedMove:
    """
    Attributes:
        version (int): Version after this move.
        seat (int):
        move (Move):
        by_bot (bool):
    """

    version: int
    seat: int
    move: Move
    by_bot: bool

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        seat = self.seat

        move = self.move.to_dict()

        by_bot = self.by_bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "seat": seat,
                "move": move,
                "by_bot": by_bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.move import Move

        d = dict(src_dict)
        version = d.pop("version")

        seat = d.pop("seat")

        move = Move.from_dict(d.pop("move"))

        by_bot = d.pop("by_bot")

        applied_move = cls(
            version=version,
            seat=seat,
            move=move,
            by_bot=by_bot,
        )

        return applied_move
