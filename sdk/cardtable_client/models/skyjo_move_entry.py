from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_move_entry_type import check_skyjo_move_entry_type
from ..models.skyjo_move_entry_type import SkyjoMoveEntryType
from typing import cast

if TYPE_CHECKING:
    from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove
    from ..models.skyjo_draw_move import SkyjoDrawMove
    from ..models.skyjo_replace_move import SkyjoReplaceMove
    from ..models.skyjo_reveal_move import SkyjoRevealMove
    from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove


T = TypeVar("T", bound="SkyjoMoveEntry")


@_attrs_define
class SkyjoMoveEntry:
    """
    Attributes:
        type_ (SkyjoMoveEntryType):
        seat (int): Who moved.
        move (SkyjoDiscardAndRevealMove | SkyjoDrawMove | SkyjoReplaceMove | SkyjoRevealMove | SkyjoTakeDiscardMove): A
            Skyjo move: its `type`, then that type's fields.
    """

    type_: SkyjoMoveEntryType
    seat: int
    move: (
        SkyjoDiscardAndRevealMove
        | SkyjoDrawMove
        | SkyjoReplaceMove
        | SkyjoRevealMove
        | SkyjoTakeDiscardMove
    )

    def to_dict(self) -> dict[str, Any]:
        from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove  # noqa: PLC0415
        from ..models.skyjo_draw_move import SkyjoDrawMove  # noqa: PLC0415
        from ..models.skyjo_replace_move import SkyjoReplaceMove  # noqa: PLC0415
        from ..models.skyjo_reveal_move import SkyjoRevealMove  # noqa: PLC0415
        from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove  # noqa: PLC0415

        type_: str = self.type_

        seat = self.seat

        move: dict[str, Any]
        if isinstance(self.move, SkyjoRevealMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoTakeDiscardMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoDrawMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoReplaceMove):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "seat": seat,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove  # noqa: PLC0415
        from ..models.skyjo_draw_move import SkyjoDrawMove  # noqa: PLC0415
        from ..models.skyjo_replace_move import SkyjoReplaceMove  # noqa: PLC0415
        from ..models.skyjo_reveal_move import SkyjoRevealMove  # noqa: PLC0415
        from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_skyjo_move_entry_type(d.pop("type"))

        seat = d.pop("seat")

        def _parse_move(
            data: object,
        ) -> (
            SkyjoDiscardAndRevealMove
            | SkyjoDrawMove
            | SkyjoReplaceMove
            | SkyjoRevealMove
            | SkyjoTakeDiscardMove
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skyjo_move_type_0 = SkyjoRevealMove.from_dict(data)

                return componentsschemas_skyjo_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skyjo_move_type_1 = SkyjoTakeDiscardMove.from_dict(data)

                return componentsschemas_skyjo_move_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skyjo_move_type_2 = SkyjoDrawMove.from_dict(data)

                return componentsschemas_skyjo_move_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skyjo_move_type_3 = SkyjoReplaceMove.from_dict(data)

                return componentsschemas_skyjo_move_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_skyjo_move_type_4 = SkyjoDiscardAndRevealMove.from_dict(data)

            return componentsschemas_skyjo_move_type_4

        move = _parse_move(d.pop("move"))

        skyjo_move_entry = cls(
            type_=type_,
            seat=seat,
            move=move,
        )

        return skyjo_move_entry
