from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="SkipBoBuildingPile")


@_attrs_define
class SkipBoBuildingPile:
    """
    Attributes:
        slot (int):
        size (int):
        reached (int): The value the pile has reached (0 when empty).
        next_ (int): The value the pile needs next (or a SKIP-BO).
        top_card (int | None): The card on top as played (0 = SKIP-BO); null when empty.
        cards (list[int]): The pile's cards, bottom first.
    """

    slot: int
    size: int
    reached: int
    next_: int
    top_card: int | None
    cards: list[int]

    def to_dict(self) -> dict[str, Any]:
        slot = self.slot

        size = self.size

        reached = self.reached

        next_ = self.next_

        top_card: int | None
        top_card = self.top_card

        cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "slot": slot,
                "size": size,
                "reached": reached,
                "next": next_,
                "top_card": top_card,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slot = d.pop("slot")

        size = d.pop("size")

        reached = d.pop("reached")

        next_ = d.pop("next")

        def _parse_top_card(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        top_card = _parse_top_card(d.pop("top_card"))

        cards = cast(list[int], d.pop("cards"))

        skip_bo_building_pile = cls(
            slot=slot,
            size=size,
            reached=reached,
            next_=next_,
            top_card=top_card,
            cards=cards,
        )

        return skip_bo_building_pile
