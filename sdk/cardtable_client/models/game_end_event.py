from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_end_event_type import check_game_end_event_type
from ..models.game_end_event_type import GameEndEventType
from typing import cast


T = TypeVar("T", bound="GameEndEvent")


@_attrs_define
class GameEndEvent:
    """The game is over.

    Attributes:
        version (int): The version this change created.
        type_ (GameEndEventType):
        totals (list[int]): Running totals, per seat.
        winners (list[int]): The winning seats.
    """

    version: int
    type_: GameEndEventType
    totals: list[int]
    winners: list[int]

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        totals = self.totals

        winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "totals": totals,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_game_end_event_type(d.pop("type"))

        totals = cast(list[int], d.pop("totals"))

        winners = cast(list[int], d.pop("winners"))

        game_end_event = cls(
            version=version,
            type_=type_,
            totals=totals,
            winners=winners,
        )

        return game_end_event
