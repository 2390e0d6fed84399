from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal_event_type import check_deal_event_type
from ..models.deal_event_type import DealEventType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="DealEvent")


@_attrs_define
class DealEvent:
    """A new round was dealt (also the first round of a game that waited for players): its public start, and the viewer's
    own cards when dealt some.

        Attributes:
            version (int): The version this change created.
            type_ (DealEventType):
            round_ (int):
            next_player (int | None): Whose turn it is now; null when no single seat is to play.
            active_seats (list[int]): Seats that may act now.
            first_player (int | Unset): Skip-Bo: the seat that starts.
            stock_tops (list[int | None] | Unset): Skip-Bo: per seat.
            stock_sizes (list[int] | Unset): Skip-Bo: per seat.
            hand_sizes (list[int] | Unset): Skip-Bo: per seat.
            hand (list[int] | Unset): Skip-Bo, own: this seat's new hand.
            discard_top (int | Unset): The face-up card on top of the discard pile.
            draw_pile_size (int | Unset): Cards left.
    """

    version: int
    type_: DealEventType
    round_: int
    next_player: int | None
    active_seats: list[int]
    first_player: int | Unset = UNSET
    stock_tops: list[int | None] | Unset = UNSET
    stock_sizes: list[int] | Unset = UNSET
    hand_sizes: list[int] | Unset = UNSET
    hand: list[int] | Unset = UNSET
    discard_top: int | Unset = UNSET
    draw_pile_size: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        round_ = self.round_

        next_player: int | None
        next_player = self.next_player

        active_seats = self.active_seats

        first_player = self.first_player

        stock_tops: list[int | None] | Unset = UNSET
        if not isinstance(self.stock_tops, Unset):
            stock_tops = []
            for stock_tops_item_data in self.stock_tops:
                stock_tops_item: int | None
                stock_tops_item = stock_tops_item_data
                stock_tops.append(stock_tops_item)

        stock_sizes: list[int] | Unset = UNSET
        if not isinstance(self.stock_sizes, Unset):
            stock_sizes = self.stock_sizes

        hand_sizes: list[int] | Unset = UNSET
        if not isinstance(self.hand_sizes, Unset):
            hand_sizes = self.hand_sizes

        hand: list[int] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand

        discard_top = self.discard_top

        draw_pile_size = self.draw_pile_size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "round": round_,
                "next_player": next_player,
                "active_seats": active_seats,
            }
        )
        if first_player is not UNSET:
            field_dict["first_player"] = first_player
        if stock_tops is not UNSET:
            field_dict["stock_tops"] = stock_tops
        if stock_sizes is not UNSET:
            field_dict["stock_sizes"] = stock_sizes
        if hand_sizes is not UNSET:
            field_dict["hand_sizes"] = hand_sizes
        if hand is not UNSET:
            field_dict["hand"] = hand
        if discard_top is not UNSET:
            field_dict["discard_top"] = discard_top
        if draw_pile_size is not UNSET:
            field_dict["draw_pile_size"] = draw_pile_size

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_deal_event_type(d.pop("type"))

        round_ = d.pop("round")

        def _parse_next_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_player = _parse_next_player(d.pop("next_player"))

        active_seats = cast(list[int], d.pop("active_seats"))

        first_player = d.pop("first_player", UNSET)

        _stock_tops = d.pop("stock_tops", UNSET)
        stock_tops: list[int | None] | Unset = UNSET
        if _stock_tops is not UNSET:
            stock_tops = []
            for stock_tops_item_data in _stock_tops:

                def _parse_stock_tops_item(data: object) -> int | None:
                    if data is None:
                        return data
                    return cast(int | None, data)

                stock_tops_item = _parse_stock_tops_item(stock_tops_item_data)

                stock_tops.append(stock_tops_item)

        stock_sizes = cast(list[int], d.pop("stock_sizes", UNSET))

        hand_sizes = cast(list[int], d.pop("hand_sizes", UNSET))

        hand = cast(list[int], d.pop("hand", UNSET))

        discard_top = d.pop("discard_top", UNSET)

        draw_pile_size = d.pop("draw_pile_size", UNSET)

        deal_event = cls(
            version=version,
            type_=type_,
            round_=round_,
            next_player=next_player,
            active_seats=active_seats,
            first_player=first_player,
            stock_tops=stock_tops,
            stock_sizes=stock_sizes,
            hand_sizes=hand_sizes,
            hand=hand,
            discard_top=discard_top,
            draw_pile_size=draw_pile_size,
        )

        return deal_event
