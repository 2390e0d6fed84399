from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.log_entry_type import check_log_entry_type
from ..models.log_entry_type import LogEntryType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.move import Move


T = TypeVar("T", bound="LogEntry")


@_attrs_define
class LogEntry:
    """
    Attributes:
        type_ (LogEntryType):
        round_ (int | Unset): deal: the round number
        seat (int | Unset): move: who moved
        move (Move | Unset):
        grids (list[list[int]] | Unset): Skyjo deal: per seat, 12 values row by row
        discard (int | Unset): Skyjo deal: the face-up discard
        draw_pile (list[int] | Unset): deal/reshuffle: the draw pile, top first
        first_player (int | Unset): Skip-Bo deal: who starts
        stocks (list[list[int]] | Unset): Skip-Bo deal: per seat, the stock pile top first
        hands (list[list[int]] | Unset): deal (games that deal hands): per seat, the hand dealt
    """

    type_: LogEntryType
    round_: int | Unset = UNSET
    seat: int | Unset = UNSET
    move: Move | Unset = UNSET
    grids: list[list[int]] | Unset = UNSET
    discard: int | Unset = UNSET
    draw_pile: list[int] | Unset = UNSET
    first_player: int | Unset = UNSET
    stocks: list[list[int]] | Unset = UNSET
    hands: list[list[int]] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move  # noqa: PLC0415

        type_: str = self.type_

        round_ = self.round_

        seat = self.seat

        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        grids: list[list[int]] | Unset = UNSET
        if not isinstance(self.grids, Unset):
            grids = []
            for grids_item_data in self.grids:
                grids_item = grids_item_data

                grids.append(grids_item)

        discard = self.discard

        draw_pile: list[int] | Unset = UNSET
        if not isinstance(self.draw_pile, Unset):
            draw_pile = self.draw_pile

        first_player = self.first_player

        stocks: list[list[int]] | Unset = UNSET
        if not isinstance(self.stocks, Unset):
            stocks = []
            for stocks_item_data in self.stocks:
                stocks_item = stocks_item_data

                stocks.append(stocks_item)

        hands: list[list[int]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data

                hands.append(hands_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if round_ is not UNSET:
            field_dict["round"] = round_
        if seat is not UNSET:
            field_dict["seat"] = seat
        if move is not UNSET:
            field_dict["move"] = move
        if grids is not UNSET:
            field_dict["grids"] = grids
        if discard is not UNSET:
            field_dict["discard"] = discard
        if draw_pile is not UNSET:
            field_dict["draw_pile"] = draw_pile
        if first_player is not UNSET:
            field_dict["first_player"] = first_player
        if stocks is not UNSET:
            field_dict["stocks"] = stocks
        if hands is not UNSET:
            field_dict["hands"] = hands

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_log_entry_type(d.pop("type"))

        round_ = d.pop("round", UNSET)

        seat = d.pop("seat", UNSET)

        _move = d.pop("move", UNSET)
        move: Move | Unset
        if isinstance(_move, Unset):
            move = UNSET
        else:
            move = Move.from_dict(_move)

        _grids = d.pop("grids", UNSET)
        grids: list[list[int]] | Unset = UNSET
        if _grids is not UNSET:
            grids = []
            for grids_item_data in _grids:
                grids_item = cast(list[int], grids_item_data)

                grids.append(grids_item)

        discard = d.pop("discard", UNSET)

        draw_pile = cast(list[int], d.pop("draw_pile", UNSET))

        first_player = d.pop("first_player", UNSET)

        _stocks = d.pop("stocks", UNSET)
        stocks: list[list[int]] | Unset = UNSET
        if _stocks is not UNSET:
            stocks = []
            for stocks_item_data in _stocks:
                stocks_item = cast(list[int], stocks_item_data)

                stocks.append(stocks_item)

        _hands = d.pop("hands", UNSET)
        hands: list[list[int]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = cast(list[int], hands_item_data)

                hands.append(hands_item)

        log_entry = cls(
            type_=type_,
            round_=round_,
            seat=seat,
            move=move,
            grids=grids,
            discard=discard,
            draw_pile=draw_pile,
            first_player=first_player,
            stocks=stocks,
            hands=hands,
        )

        return log_entry
