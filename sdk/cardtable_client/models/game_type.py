from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.option_description import OptionDescription


T = TypeVar("T", bound="GameType")


@_attrs_define
class GameType:
    """
    Attributes:
        game (str):
        title (str):
        min_players (int):
        max_players (int):
        options (list[OptionDescription]):
        bots (list[str]):
        move_types (list[str]):
    """

    game: str
    title: str
    min_players: int
    max_players: int
    options: list[OptionDescription]
    bots: list[str]
    move_types: list[str]

    def to_dict(self) -> dict[str, Any]:
        from ..models.option_description import OptionDescription  # noqa: PLC0415

        game = self.game

        title = self.title

        min_players = self.min_players

        max_players = self.max_players

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        bots = self.bots

        move_types = self.move_types

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "title": title,
                "min_players": min_players,
                "max_players": max_players,
                "options": options,
                "bots": bots,
                "move_types": move_types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option_description import OptionDescription  # noqa: PLC0415

        d = dict(src_dict)
        game = d.pop("game")

        title = d.pop("title")

        min_players = d.pop("min_players")

        max_players = d.pop("max_players")

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = OptionDescription.from_dict(options_item_data)

            options.append(options_item)

        bots = cast(list[str], d.pop("bots"))

        move_types = cast(list[str], d.pop("move_types"))

        game_type = cls(
            game=game,
            title=title,
            min_players=min_players,
            max_players=max_players,
            options=options,
            bots=bots,
            move_types=move_types,
        )

        return game_type
