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
        name (str):
        token (str): Bearer token of this seat; shown only here.
        bot (None | str | Unset):
    """

    seat: int
    name: str
    token: str
    bot: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name = self.name

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

        name = d.pop("name")

        token = d.pop("token")

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
            token=token,
            bot=bot,
        )

        return seat_token
