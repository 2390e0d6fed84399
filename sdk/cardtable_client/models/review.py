from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.review_unit import check_review_unit
from ..models.review_unit import ReviewUnit
from typing import cast

if TYPE_CHECKING:
    from ..models.seat_review import SeatReview


T = TypeVar("T", bound="Review")


@_attrs_define
class Review:
    """
    Attributes:
        unit (ReviewUnit):
        method (str):
        seats (list[SeatReview]):
    """

    unit: ReviewUnit
    method: str
    seats: list[SeatReview]

    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_review import SeatReview  # noqa: PLC0415

        unit: str = self.unit

        method = self.method

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "unit": unit,
                "method": method,
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_review import SeatReview  # noqa: PLC0415

        d = dict(src_dict)
        unit = check_review_unit(d.pop("unit"))

        method = d.pop("method")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatReview.from_dict(seats_item_data)

            seats.append(seats_item)

        review = cls(
            unit=unit,
            method=method,
            seats=seats,
        )

        return review
