from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_move_entry_type import check_skip_bo_move_entry_type
from ..models.skip_bo_move_entry_type import SkipBoMoveEntryType
from typing import cast

if TYPE_CHECKING:
    from ..models.skip_bo_discard_move import SkipBoDiscardMove
    from ..models.skip_bo_pass_move import SkipBoPassMove
    from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove
    from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove
    from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove


T = TypeVar("T", bound="SkipBoMoveEntry")


@_attrs_define
class SkipBoMoveEntry:
    """
    Attributes:
        type_ (SkipBoMoveEntryType):
        seat (int): Who moved.
        move (SkipBoDiscardMove | SkipBoPassMove | SkipBoPlayDiscardMove | SkipBoPlayHandMove | SkipBoPlayStockMove): A
            Skip-Bo move: its `type`, then that type's fields.
    """

    type_: SkipBoMoveEntryType
    seat: int
    move: (
        SkipBoDiscardMove
        | SkipBoPassMove
        | SkipBoPlayDiscardMove
        | SkipBoPlayHandMove
        | SkipBoPlayStockMove
    )

    def to_dict(self) -> dict[str, Any]:
        from ..models.skip_bo_discard_move import SkipBoDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_pass_move import SkipBoPassMove  # noqa: PLC0415
        from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove  # noqa: PLC0415
        from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove  # noqa: PLC0415

        type_: str = self.type_

        seat = self.seat

        move: dict[str, Any]
        if isinstance(self.move, SkipBoPlayHandMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoPlayStockMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoPlayDiscardMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoDiscardMove):
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
        from ..models.skip_bo_discard_move import SkipBoDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_pass_move import SkipBoPassMove  # noqa: PLC0415
        from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove  # noqa: PLC0415
        from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_skip_bo_move_entry_type(d.pop("type"))

        seat = d.pop("seat")

        def _parse_move(
            data: object,
        ) -> (
            SkipBoDiscardMove
            | SkipBoPassMove
            | SkipBoPlayDiscardMove
            | SkipBoPlayHandMove
            | SkipBoPlayStockMove
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skip_bo_play_move_type_0 = SkipBoPlayHandMove.from_dict(data)

                return componentsschemas_skip_bo_play_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skip_bo_play_move_type_1 = SkipBoPlayStockMove.from_dict(data)

                return componentsschemas_skip_bo_play_move_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skip_bo_play_move_type_2 = SkipBoPlayDiscardMove.from_dict(data)

                return componentsschemas_skip_bo_play_move_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skip_bo_move_type_1 = SkipBoDiscardMove.from_dict(data)

                return componentsschemas_skip_bo_move_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_skip_bo_move_type_2 = SkipBoPassMove.from_dict(data)

            return componentsschemas_skip_bo_move_type_2

        move = _parse_move(d.pop("move"))

        skip_bo_move_entry = cls(
            type_=type_,
            seat=seat,
            move=move,
        )

        return skip_bo_move_entry
