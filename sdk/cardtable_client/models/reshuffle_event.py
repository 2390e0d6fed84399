from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reshuffle_event_type import check_reshuffle_event_type
from ..models.reshuffle_event_type import ReshuffleEventType
from typing import cast


T = TypeVar("T", bound="ReshuffleEvent")


@_attrs_define
class ReshuffleEvent:
    """A new draw pile was formed during the move.

    Attributes:
        version (int): The version this change created.
        type_ (ReshuffleEventType):
        draw_pile_size (int): Cards in the new draw pile.
    """

    version: int
    type_: ReshuffleEventType
    draw_pile_size: int

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        draw_pile_size = self.draw_pile_size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "draw_pile_size": draw_pile_size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_reshuffle_event_type(d.pop("type"))

        draw_pile_size = d.pop("draw_pile_size")

        reshuffle_event = cls(
            version=version,
            type_=type_,
            draw_pile_size=draw_pile_size,
        )

        return reshuffle_event
