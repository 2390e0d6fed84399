from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.named_seat_request_bot_type_1 import check_named_seat_request_bot_type_1
from ..models.named_seat_request_bot_type_1 import NamedSeatRequestBotType1
from ..models.named_seat_request_bot_type_2_type_1 import check_named_seat_request_bot_type_2_type_1
from ..models.named_seat_request_bot_type_2_type_1 import NamedSeatRequestBotType2Type1
from ..models.named_seat_request_bot_type_3_type_1 import check_named_seat_request_bot_type_3_type_1
from ..models.named_seat_request_bot_type_3_type_1 import NamedSeatRequestBotType3Type1
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="NamedSeatRequest")


@_attrs_define
class NamedSeatRequest:
    """A named seat: a player, or a server bot.

    Attributes:
        name (str): The seat's name (an open seat has none).
        bot (NamedSeatRequestBotType1 | NamedSeatRequestBotType2Type1 | NamedSeatRequestBotType3Type1 | None | Unset):
            Let the server play this seat with one of its bots.
    """

    name: str
    bot: (
        NamedSeatRequestBotType1
        | NamedSeatRequestBotType2Type1
        | NamedSeatRequestBotType3Type1
        | None
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bot: None | str | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        elif isinstance(self.bot, str):
            bot = self.bot
        elif isinstance(self.bot, str):
            bot = self.bot
        elif isinstance(self.bot, str):
            bot = self.bot
        else:
            bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_bot(
            data: object,
        ) -> (
            NamedSeatRequestBotType1
            | NamedSeatRequestBotType2Type1
            | NamedSeatRequestBotType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_1 = check_named_seat_request_bot_type_1(data)

                return bot_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_2_type_1 = check_named_seat_request_bot_type_2_type_1(data)

                return bot_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_3_type_1 = check_named_seat_request_bot_type_3_type_1(data)

                return bot_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                NamedSeatRequestBotType1
                | NamedSeatRequestBotType2Type1
                | NamedSeatRequestBotType3Type1
                | None
                | Unset,
                data,
            )

        bot = _parse_bot(d.pop("bot", UNSET))

        named_seat_request = cls(
            name=name,
            bot=bot,
        )

        return named_seat_request
