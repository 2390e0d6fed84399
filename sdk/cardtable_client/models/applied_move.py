from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

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
        from ..models.move import Move  # noqa: PLC0415

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
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415

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
