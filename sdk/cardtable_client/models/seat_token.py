from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="SeatToken")


@_attrs_define
class SeatToken:
    """
    Attributes:
        seat (int):
        name (None | str):
        open_ (bool):
        token (None | str): Bearer token of this seat; shown only here (null: open).
        bot (None | str | Unset):
    """

    seat: int
    name: None | str
    open_: bool
    token: None | str
    bot: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name: None | str
        name = self.name

        open_ = self.open_

        token: None | str
        token = self.token

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        else:
            bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "name": name,
                "open": open_,
                "token": token,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot

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

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        def _parse_bot(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))

        seat_token = cls(
            seat=seat,
            name=name,
            open_=open_,
            token=token,
            bot=bot,
        )

        return seat_token
