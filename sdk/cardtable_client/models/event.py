from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.skip_bo_discard_move import SkipBoDiscardMove
    from ..models.skip_bo_pass_move import SkipBoPassMove
    from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove
    from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove
    from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove
    from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove
    from ..models.skyjo_draw_move import SkyjoDrawMove
    from ..models.skyjo_replace_move import SkyjoReplaceMove
    from ..models.skyjo_reveal_move import SkyjoRevealMove
    from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """One change, as this viewer may see it. `type`: `move` (`seat`, `move` as applied, and its public consequences: Skyjo
    `cells`, `discard_top`, the viewer's own `drawn` card; Skip-Bo `card`, `completed_pile`, `stock_top`, `hand_sizes`,
    the viewer's own `drew`), `reshuffle` (`draw_pile_size`), `round_end` (scores, revealed grids or stocks left),
    `deal` (a new round; Skip-Bo: the viewer's own `hand`), `game_end` (`totals`, `winners`), `join` (`seat`, `name`).
    See docs/events.md.

        Attributes:
            version (int): The version this change created.
            type_ (str):
            seat (int | Unset):
            move (SkipBoDiscardMove | SkipBoPassMove | SkipBoPlayDiscardMove | SkipBoPlayHandMove | SkipBoPlayStockMove |
                SkyjoDiscardAndRevealMove | SkyjoDrawMove | SkyjoReplaceMove | SkyjoRevealMove | SkyjoTakeDiscardMove | Unset):
                A move of one of the games (see each game's own Move).
    """

    version: int
    type_: str
    seat: int | Unset = UNSET
    move: (
        SkipBoDiscardMove
        | SkipBoPassMove
        | SkipBoPlayDiscardMove
        | SkipBoPlayHandMove
        | SkipBoPlayStockMove
        | SkyjoDiscardAndRevealMove
        | SkyjoDrawMove
        | SkyjoReplaceMove
        | SkyjoRevealMove
        | SkyjoTakeDiscardMove
        | Unset
    ) = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.skip_bo_discard_move import SkipBoDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_pass_move import SkipBoPassMove  # noqa: PLC0415
        from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove  # noqa: PLC0415
        from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove  # noqa: PLC0415
        from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove  # noqa: PLC0415
        from ..models.skyjo_draw_move import SkyjoDrawMove  # noqa: PLC0415
        from ..models.skyjo_replace_move import SkyjoReplaceMove  # noqa: PLC0415
        from ..models.skyjo_reveal_move import SkyjoRevealMove  # noqa: PLC0415
        from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove  # noqa: PLC0415

        version = self.version

        type_ = self.type_

        seat = self.seat

        move: dict[str, Any] | Unset
        if isinstance(self.move, Unset):
            move = UNSET
        elif isinstance(self.move, SkyjoRevealMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoTakeDiscardMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoDrawMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoReplaceMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoDiscardAndRevealMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoPlayHandMove):
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
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "type": type_,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if move is not UNSET:
            field_dict["move"] = move

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.skip_bo_discard_move import SkipBoDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_pass_move import SkipBoPassMove  # noqa: PLC0415
        from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove  # noqa: PLC0415
        from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove  # noqa: PLC0415
        from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove  # noqa: PLC0415
        from ..models.skyjo_draw_move import SkyjoDrawMove  # noqa: PLC0415
        from ..models.skyjo_replace_move import SkyjoReplaceMove  # noqa: PLC0415
        from ..models.skyjo_reveal_move import SkyjoRevealMove  # noqa: PLC0415
        from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        type_ = d.pop("type")

        seat = d.pop("seat", UNSET)

        def _parse_move(
            data: object,
        ) -> (
            SkipBoDiscardMove
            | SkipBoPassMove
            | SkipBoPlayDiscardMove
            | SkipBoPlayHandMove
            | SkipBoPlayStockMove
            | SkyjoDiscardAndRevealMove
            | SkyjoDrawMove
            | SkyjoReplaceMove
            | SkyjoRevealMove
            | SkyjoTakeDiscardMove
            | Unset
        ):
            if isinstance(data, Unset):
                return data
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
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skyjo_move_type_4 = SkyjoDiscardAndRevealMove.from_dict(data)

                return componentsschemas_skyjo_move_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
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

        move = _parse_move(d.pop("move", UNSET))

        event = cls(
            version=version,
            type_=type_,
            seat=seat,
            move=move,
        )

        event.additional_properties = d
        return event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
