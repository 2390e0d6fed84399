from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_hint_unit import check_move_hint_unit
from ..models.move_hint_unit import MoveHintUnit
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


T = TypeVar("T", bound="MoveHint")


@_attrs_define
class MoveHint:
    """
    Attributes:
        move (SkipBoDiscardMove | SkipBoPassMove | SkipBoPlayDiscardMove | SkipBoPlayHandMove | SkipBoPlayStockMove |
            SkyjoDiscardAndRevealMove | SkyjoDrawMove | SkyjoReplaceMove | SkyjoRevealMove | SkyjoTakeDiscardMove): A move
            of one of the games (see each game's own Move).
        estimate (float): What the move is worth by the estimator, in `unit`.
        unit (MoveHintUnit): `expected_round_score` (Skyjo: lower is better) or `win_probability` (Skip-Bo: higher is
            better).
        best (bool): The first, best move.
    """

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
    )
    estimate: float
    unit: MoveHintUnit
    best: bool

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

        move: dict[str, Any]
        if isinstance(self.move, SkipBoPlayHandMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoPlayStockMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoPlayDiscardMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoDiscardMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkipBoPassMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoRevealMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoTakeDiscardMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoDrawMove):
            move = self.move.to_dict()
        elif isinstance(self.move, SkyjoReplaceMove):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()

        estimate = self.estimate

        unit: str = self.unit

        best = self.best

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
                "estimate": estimate,
                "unit": unit,
                "best": best,
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
        from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove  # noqa: PLC0415
        from ..models.skyjo_draw_move import SkyjoDrawMove  # noqa: PLC0415
        from ..models.skyjo_replace_move import SkyjoReplaceMove  # noqa: PLC0415
        from ..models.skyjo_reveal_move import SkyjoRevealMove  # noqa: PLC0415
        from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove  # noqa: PLC0415

        d = dict(src_dict)

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
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skip_bo_move_type_2 = SkipBoPassMove.from_dict(data)

                return componentsschemas_skip_bo_move_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
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

        estimate = d.pop("estimate")

        unit = check_move_hint_unit(d.pop("unit"))

        best = d.pop("best")

        move_hint = cls(
            move=move,
            estimate=estimate,
            unit=unit,
            best=best,
        )

        return move_hint
