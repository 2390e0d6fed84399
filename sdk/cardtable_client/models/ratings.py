from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="Ratings")


@_attrs_define
class Ratings:
    """
    Attributes:
        skyjo (Rating):
        skipbo (Rating):
    """

    skyjo: Rating
    skipbo: Rating

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating import Rating  # noqa: PLC0415

        skyjo = self.skyjo.to_dict()

        skipbo = self.skipbo.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "skyjo": skyjo,
                "skipbo": skipbo,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        skyjo = Rating.from_dict(d.pop("skyjo"))

        skipbo = Rating.from_dict(d.pop("skipbo"))

        ratings = cls(
            skyjo=skyjo,
            skipbo=skipbo,
        )

        return ratings
