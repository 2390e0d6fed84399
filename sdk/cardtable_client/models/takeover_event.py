from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.takeover_event_type import check_takeover_event_type
from ..models.takeover_event_type import TakeoverEventType
from typing import cast


T = TypeVar("T", bound="TakeoverEvent")


@_attrs_define
class TakeoverEvent:
    """The turn timer handed a seat to the server's bot.

    Attributes:
        version (int): The version this change created.
        type_ (TakeoverEventType):
        seat (int):
        reason (str): Why, e.g. `timeout`.
        bot (str): The server bot that plays the seat now.
    """

    version: int
    type_: TakeoverEventType
    seat: int
    reason: str
    bot: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        seat = self.seat

        reason = self.reason

        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "seat": seat,
                "reason": reason,
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_takeover_event_type(d.pop("type"))

        seat = d.pop("seat")

        reason = d.pop("reason")

        bot = d.pop("bot")

        takeover_event = cls(
            version=version,
            type_=type_,
            seat=seat,
            reason=reason,
            bot=bot,
        )

        return takeover_event
