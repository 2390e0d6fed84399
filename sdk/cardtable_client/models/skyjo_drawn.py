from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="SkyjoDrawn")


@_attrs_define
class SkyjoDrawn:
    """
    Attributes:
        seat (int): The seat holding a drawn card.
        card (int | None): The drawn card, shown only to the seat that drew it.
    """

    seat: int
    card: int | None

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card: int | None
        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_card(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        card = _parse_card(d.pop("card"))

        skyjo_drawn = cls(
            seat=seat,
            card=card,
        )

        return skyjo_drawn
