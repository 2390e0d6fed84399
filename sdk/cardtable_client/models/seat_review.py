from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.mistake import Mistake


T = TypeVar("T", bound="SeatReview")


@_attrs_define
class SeatReview:
    """
    Attributes:
        seat (int):
        mistakes (list[Mistake]): The largest losses, largest first (at most 5).
    """

    seat: int
    mistakes: list[Mistake]

    def to_dict(self) -> dict[str, Any]:
        from ..models.mistake import Mistake  # noqa: PLC0415

        seat = self.seat

        mistakes = []
        for mistakes_item_data in self.mistakes:
            mistakes_item = mistakes_item_data.to_dict()
            mistakes.append(mistakes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "mistakes": mistakes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.mistake import Mistake  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        mistakes = []
        _mistakes = d.pop("mistakes")
        for mistakes_item_data in _mistakes:
            mistakes_item = Mistake.from_dict(mistakes_item_data)

            mistakes.append(mistakes_item)

        seat_review = cls(
            seat=seat,
            mistakes=mistakes,
        )

        return seat_review
