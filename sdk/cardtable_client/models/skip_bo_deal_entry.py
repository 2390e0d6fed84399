from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_deal_entry_type import check_skip_bo_deal_entry_type
from ..models.skip_bo_deal_entry_type import SkipBoDealEntryType
from typing import cast


T = TypeVar("T", bound="SkipBoDealEntry")


@_attrs_define
class SkipBoDealEntry:
    """
    Attributes:
        type_ (SkipBoDealEntryType):
        round_ (int):
        first_player (int):
        stocks (list[list[int]]):
        draw_pile (list[int]):
    """

    type_: SkipBoDealEntryType
    round_: int
    first_player: int
    stocks: list[list[int]]
    draw_pile: list[int]

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        round_ = self.round_

        first_player = self.first_player

        stocks = []
        for stocks_item_data in self.stocks:
            stocks_item = stocks_item_data

            stocks.append(stocks_item)

        draw_pile = self.draw_pile

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "round": round_,
                "first_player": first_player,
                "stocks": stocks,
                "draw_pile": draw_pile,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_skip_bo_deal_entry_type(d.pop("type"))

        round_ = d.pop("round")

        first_player = d.pop("first_player")

        stocks = []
        _stocks = d.pop("stocks")
        for stocks_item_data in _stocks:
            stocks_item = cast(list[int], stocks_item_data)

            stocks.append(stocks_item)

        draw_pile = cast(list[int], d.pop("draw_pile"))

        skip_bo_deal_entry = cls(
            type_=type_,
            round_=round_,
            first_player=first_player,
            stocks=stocks,
            draw_pile=draw_pile,
        )

        return skip_bo_deal_entry
