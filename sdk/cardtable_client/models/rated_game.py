from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset


T = TypeVar("T", bound="RatedGame")


@_attrs_define
class RatedGame:
    """
    Attributes:
        game_id (str):
        game (str):
        date (str): When it was rated (UTC).
        placement (int): 1 = first.
        players (int): The table's size.
        before (float):
        after (float):
        set_ (str | Unset): A duplicate set, rated once: its id (`game_id`: its first).
    """

    game_id: str
    game: str
    date: str
    placement: int
    players: int
    before: float
    after: float
    set_: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        game = self.game

        date = self.date

        placement = self.placement

        players = self.players

        before = self.before

        after = self.after

        set_ = self.set_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "game": game,
                "date": date,
                "placement": placement,
                "players": players,
                "before": before,
                "after": after,
            }
        )
        if set_ is not UNSET:
            field_dict["set"] = set_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        game = d.pop("game")

        date = d.pop("date")

        placement = d.pop("placement")

        players = d.pop("players")

        before = d.pop("before")

        after = d.pop("after")

        set_ = d.pop("set", UNSET)

        rated_game = cls(
            game_id=game_id,
            game=game,
            date=date,
            placement=placement,
            players=players,
            before=before,
            after=after,
            set_=set_,
        )

        return rated_game
