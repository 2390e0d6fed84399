from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.join_event_type import check_join_event_type
from ..models.join_event_type import JoinEventType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="JoinEvent")


@_attrs_define
class JoinEvent:
    """A seat was taken, or filled by a server bot when the game was started early.

    Attributes:
        version (int): The version this change created.
        type_ (JoinEventType):
        seat (int):
        name (str):
        bot (str | Unset): The server bot that plays the seat now.
    """

    version: int
    type_: JoinEventType
    seat: int
    name: str
    bot: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        seat = self.seat

        name = self.name

        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "seat": seat,
                "name": name,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_join_event_type(d.pop("type"))

        seat = d.pop("seat")

        name = d.pop("name")

        bot = d.pop("bot", UNSET)

        join_event = cls(
            version=version,
            type_=type_,
            seat=seat,
            name=name,
            bot=bot,
        )

        return join_event
