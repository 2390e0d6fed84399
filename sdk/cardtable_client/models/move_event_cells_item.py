from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.move_event_cells_item_card_type_1 import check_move_event_cells_item_card_type_1
from ..models.move_event_cells_item_card_type_1 import MoveEventCellsItemCardType1
from typing import cast


T = TypeVar("T", bound="MoveEventCellsItem")


@_attrs_define
class MoveEventCellsItem:
    """
    Attributes:
        seat (int):
        row (int):
        col (int):
        card (int | MoveEventCellsItemCardType1):
    """

    seat: int
    row: int
    col: int
    card: int | MoveEventCellsItemCardType1

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        row = self.row

        col = self.col

        card: int | str
        if isinstance(self.card, str):
            card = self.card
        else:
            card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "row": row,
                "col": col,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        row = d.pop("row")

        col = d.pop("col")

        def _parse_card(data: object) -> int | MoveEventCellsItemCardType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                card_type_1 = check_move_event_cells_item_card_type_1(data)

                return card_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | MoveEventCellsItemCardType1, data)

        card = _parse_card(d.pop("card"))

        move_event_cells_item = cls(
            seat=seat,
            row=row,
            col=col,
            card=card,
        )

        return move_event_cells_item
