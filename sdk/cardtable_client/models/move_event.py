from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_event_type import check_move_event_type
from ..models.move_event_type import MoveEventType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.move_event_cells_item import MoveEventCellsItem
    from ..models.skip_bo_discard_move import SkipBoDiscardMove
    from ..models.skip_bo_pass_move import SkipBoPassMove
    from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove
    from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove
    from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove
    from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove
    from ..models.skyjo_draw_move import SkyjoDrawMove
    from ..models.skyjo_final_lap import SkyjoFinalLap
    from ..models.skyjo_replace_move import SkyjoReplaceMove
    from ..models.skyjo_reveal_move import SkyjoRevealMove
    from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove


T = TypeVar("T", bound="MoveEvent")


@_attrs_define
class MoveEvent:
    """Every applied move (bot moves too): `seat`, `move` exactly as applied, whose turn it is now, and the move's public
    consequences (the game's own fields).

        Attributes:
            version (int): The version this change created.
            type_ (MoveEventType):
            seat (int): Who moved.
            move (SkipBoDiscardMove | SkipBoPassMove | SkipBoPlayDiscardMove | SkipBoPlayHandMove | SkipBoPlayStockMove |
                SkyjoDiscardAndRevealMove | SkyjoDrawMove | SkyjoReplaceMove | SkyjoRevealMove | SkyjoTakeDiscardMove): A move
                of one of the games (see each game's own Move).
            next_player (int | None): Whose turn it is now; null when no single seat is to play.
            active_seats (list[int]): Seats that may act now.
            card (int | None | Unset): Skip-Bo: the value of the card moved (0 = SKIP-BO).
            completed_pile (int | Unset): Skip-Bo: the building pile that reached 12 and was cleared.
            stock_top (int | None | Unset): Skip-Bo, after a play from a stock: the card uncovered (null: empty).
            stock_size (int | Unset): Skip-Bo, after a play from a stock: the cards left in it.
            hand_sizes (list[int] | Unset): Skip-Bo: per seat.
            drew (list[int] | Unset): Skip-Bo, own: the cards that came into this hand.
            cells (list[MoveEventCellsItem] | Unset): Skyjo: every grid cell that changed (the value now face up, or removed
                with its column); left out when the move ends the round.
            discard_top (int | Unset): Skyjo: the discard pile's top card.
            draw_pile_size (int | Unset): Cards left to draw.
            drawn (int | Unset): Skyjo, own: the card this seat just drew.
            final_lap (SkyjoFinalLap | Unset):
    """

    version: int
    type_: MoveEventType
    seat: int
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
    next_player: int | None
    active_seats: list[int]
    card: int | None | Unset = UNSET
    completed_pile: int | Unset = UNSET
    stock_top: int | None | Unset = UNSET
    stock_size: int | Unset = UNSET
    hand_sizes: list[int] | Unset = UNSET
    drew: list[int] | Unset = UNSET
    cells: list[MoveEventCellsItem] | Unset = UNSET
    discard_top: int | Unset = UNSET
    draw_pile_size: int | Unset = UNSET
    drawn: int | Unset = UNSET
    final_lap: SkyjoFinalLap | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.move_event_cells_item import MoveEventCellsItem  # noqa: PLC0415
        from ..models.skip_bo_discard_move import SkipBoDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_pass_move import SkipBoPassMove  # noqa: PLC0415
        from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove  # noqa: PLC0415
        from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove  # noqa: PLC0415
        from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove  # noqa: PLC0415
        from ..models.skyjo_draw_move import SkyjoDrawMove  # noqa: PLC0415
        from ..models.skyjo_final_lap import SkyjoFinalLap  # noqa: PLC0415
        from ..models.skyjo_replace_move import SkyjoReplaceMove  # noqa: PLC0415
        from ..models.skyjo_reveal_move import SkyjoRevealMove  # noqa: PLC0415
        from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove  # noqa: PLC0415

        version = self.version

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

        next_player: int | None
        next_player = self.next_player

        active_seats = self.active_seats

        card: int | None | Unset
        if isinstance(self.card, Unset):
            card = UNSET
        else:
            card = self.card

        completed_pile = self.completed_pile

        stock_top: int | None | Unset
        if isinstance(self.stock_top, Unset):
            stock_top = UNSET
        else:
            stock_top = self.stock_top

        stock_size = self.stock_size

        hand_sizes: list[int] | Unset = UNSET
        if not isinstance(self.hand_sizes, Unset):
            hand_sizes = self.hand_sizes

        drew: list[int] | Unset = UNSET
        if not isinstance(self.drew, Unset):
            drew = self.drew

        cells: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.cells, Unset):
            cells = []
            for cells_item_data in self.cells:
                cells_item = cells_item_data.to_dict()
                cells.append(cells_item)

        discard_top = self.discard_top

        draw_pile_size = self.draw_pile_size

        drawn = self.drawn

        final_lap: dict[str, Any] | Unset = UNSET
        if not isinstance(self.final_lap, Unset):
            final_lap = self.final_lap.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "seat": seat,
                "move": move,
                "next_player": next_player,
                "active_seats": active_seats,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card
        if completed_pile is not UNSET:
            field_dict["completed_pile"] = completed_pile
        if stock_top is not UNSET:
            field_dict["stock_top"] = stock_top
        if stock_size is not UNSET:
            field_dict["stock_size"] = stock_size
        if hand_sizes is not UNSET:
            field_dict["hand_sizes"] = hand_sizes
        if drew is not UNSET:
            field_dict["drew"] = drew
        if cells is not UNSET:
            field_dict["cells"] = cells
        if discard_top is not UNSET:
            field_dict["discard_top"] = discard_top
        if draw_pile_size is not UNSET:
            field_dict["draw_pile_size"] = draw_pile_size
        if drawn is not UNSET:
            field_dict["drawn"] = drawn
        if final_lap is not UNSET:
            field_dict["final_lap"] = final_lap

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_event_cells_item import MoveEventCellsItem  # noqa: PLC0415
        from ..models.skip_bo_discard_move import SkipBoDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_pass_move import SkipBoPassMove  # noqa: PLC0415
        from ..models.skip_bo_play_discard_move import SkipBoPlayDiscardMove  # noqa: PLC0415
        from ..models.skip_bo_play_hand_move import SkipBoPlayHandMove  # noqa: PLC0415
        from ..models.skip_bo_play_stock_move import SkipBoPlayStockMove  # noqa: PLC0415
        from ..models.skyjo_discard_and_reveal_move import SkyjoDiscardAndRevealMove  # noqa: PLC0415
        from ..models.skyjo_draw_move import SkyjoDrawMove  # noqa: PLC0415
        from ..models.skyjo_final_lap import SkyjoFinalLap  # noqa: PLC0415
        from ..models.skyjo_replace_move import SkyjoReplaceMove  # noqa: PLC0415
        from ..models.skyjo_reveal_move import SkyjoRevealMove  # noqa: PLC0415
        from ..models.skyjo_take_discard_move import SkyjoTakeDiscardMove  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_move_event_type(d.pop("type"))

        seat = d.pop("seat")

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

        def _parse_next_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_player = _parse_next_player(d.pop("next_player"))

        active_seats = cast(list[int], d.pop("active_seats"))

        def _parse_card(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        card = _parse_card(d.pop("card", UNSET))

        completed_pile = d.pop("completed_pile", UNSET)

        def _parse_stock_top(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stock_top = _parse_stock_top(d.pop("stock_top", UNSET))

        stock_size = d.pop("stock_size", UNSET)

        hand_sizes = cast(list[int], d.pop("hand_sizes", UNSET))

        drew = cast(list[int], d.pop("drew", UNSET))

        _cells = d.pop("cells", UNSET)
        cells: list[MoveEventCellsItem] | Unset = UNSET
        if _cells is not UNSET:
            cells = []
            for cells_item_data in _cells:
                cells_item = MoveEventCellsItem.from_dict(cells_item_data)

                cells.append(cells_item)

        discard_top = d.pop("discard_top", UNSET)

        draw_pile_size = d.pop("draw_pile_size", UNSET)

        drawn = d.pop("drawn", UNSET)

        _final_lap = d.pop("final_lap", UNSET)
        final_lap: SkyjoFinalLap | Unset
        if isinstance(_final_lap, Unset):
            final_lap = UNSET
        else:
            final_lap = SkyjoFinalLap.from_dict(_final_lap)

        move_event = cls(
            version=version,
            type_=type_,
            seat=seat,
            move=move,
            next_player=next_player,
            active_seats=active_seats,
            card=card,
            completed_pile=completed_pile,
            stock_top=stock_top,
            stock_size=stock_size,
            hand_sizes=hand_sizes,
            drew=drew,
            cells=cells,
            discard_top=discard_top,
            draw_pile_size=draw_pile_size,
            drawn=drawn,
            final_lap=final_lap,
        )

        return move_event
