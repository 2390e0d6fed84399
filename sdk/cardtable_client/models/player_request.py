from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_request_bot_type_1 import check_player_request_bot_type_1
from ..models.player_request_bot_type_1 import PlayerRequestBotType1
from ..models.player_request_bot_type_2_type_1 import check_player_request_bot_type_2_type_1
from ..models.player_request_bot_type_2_type_1 import PlayerRequestBotType2Type1
from ..models.player_request_bot_type_3_type_1 import check_player_request_bot_type_3_type_1
from ..models.player_request_bot_type_3_type_1 import PlayerRequestBotType3Type1
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="PlayerRequest")


@_attrs_define
class PlayerRequest:
    """
    Attributes:
        name (str | Unset): Required unless `open`.
        open_ (bool | Unset): An open seat (no name, no bot), taken later by a join.
        bot (None | PlayerRequestBotType1 | PlayerRequestBotType2Type1 | PlayerRequestBotType3Type1 | Unset): Let the
            server play this seat with one of its bots.
    """

    name: str | Unset = UNSET
    open_: bool | Unset = UNSET
    bot: (
        None
        | PlayerRequestBotType1
        | PlayerRequestBotType2Type1
        | PlayerRequestBotType3Type1
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        open_ = self.open_

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

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if open_ is not UNSET:
            field_dict["open"] = open_
        if bot is not UNSET:
            field_dict["bot"] = bot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        open_ = d.pop("open", UNSET)

        def _parse_bot(
            data: object,
        ) -> (
            None
            | PlayerRequestBotType1
            | PlayerRequestBotType2Type1
            | PlayerRequestBotType3Type1
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_1 = check_player_request_bot_type_1(data)

                return bot_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_2_type_1 = check_player_request_bot_type_2_type_1(data)

                return bot_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bot_type_3_type_1 = check_player_request_bot_type_3_type_1(data)

                return bot_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | PlayerRequestBotType1
                | PlayerRequestBotType2Type1
                | PlayerRequestBotType3Type1
                | Unset,
                data,
            )

        bot = _parse_bot(d.pop("bot", UNSET))

        player_request = cls(
            name=name,
            open_=open_,
            bot=bot,
        )

        return player_request
