from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.leave_event_type import check_leave_event_type
from ..models.leave_event_type import LeaveEventType
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="LeaveEvent")


@_attrs_define
class LeaveEvent:
    """A player left: before the deal the seat opens again, after it a server bot plays it.

    Attributes:
        version (int): The version this change created.
        type_ (LeaveEventType):
        seat (int):
        bot (str | Unset): The server bot that plays the seat now.
    """

    version: int
    type_: LeaveEventType
    seat: int
    bot: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        type_: str = self.type_

        seat = self.seat

        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "type": type_,
                "seat": seat,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        type_ = check_leave_event_type(d.pop("type"))

        seat = d.pop("seat")

        bot = d.pop("bot", UNSET)

        leave_event = cls(
            version=version,
            type_=type_,
            seat=seat,
            bot=bot,
        )

        return leave_event
