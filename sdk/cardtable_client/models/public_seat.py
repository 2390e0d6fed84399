from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="PublicSeat")


@_attrs_define
class PublicSeat:
    """
    Attributes:
        seat (int):
        name (None | str):
        open_ (bool):
        reserved (bool): Open, but kept for the same seat of the previous game.
        bot (None | str):
    """

    seat: int
    name: None | str
    open_: bool
    reserved: bool
    bot: None | str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name: None | str
        name = self.name

        open_ = self.open_

        reserved = self.reserved

        bot: None | str
        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "open": open_,
                "reserved": reserved,
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        open_ = d.pop("open")

        reserved = d.pop("reserved")

        def _parse_bot(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot = _parse_bot(d.pop("bot"))

        public_seat = cls(
            seat=seat,
            name=name,
            open_=open_,
            reserved=reserved,
            bot=bot,
        )

        return public_seat
