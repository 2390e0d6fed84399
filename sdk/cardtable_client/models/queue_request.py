from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.queue_request_format import check_queue_request_format
from ..models.queue_request_format import QueueRequestFormat
from ..models.queue_request_game import check_queue_request_game
from ..models.queue_request_game import QueueRequestGame
from ..models.queue_request_opponents import check_queue_request_opponents
from ..models.queue_request_opponents import QueueRequestOpponents
from ..types import UNSET, Unset
from typing import cast


T = TypeVar("T", bound="QueueRequest")


@_attrs_define
class QueueRequest:
    """
    Attributes:
        game (QueueRequestGame):
        players (int): The table size (2 to 8).
        opponents (QueueRequestOpponents | Unset): Whom you accept: by default your own kind.
        format_ (QueueRequestFormat | Unset): `"single"` (default): one game. `"duplicate"`: a duplicate set, the same
            deal played once from every seat rotation and rated once on the set (a bot player with `opponents` `"bots"`
            only, else 422 `duplicate_needs_bots`; docs/rated-play.md, "Duplicate sets").
        teams (bool | Unset): A team table (Skip-Bo at 4 or 6: partners sit opposite, rated as a team); matched only
            with other team tickets. By default false.
    """

    game: QueueRequestGame
    players: int
    opponents: QueueRequestOpponents | Unset = UNSET
    format_: QueueRequestFormat | Unset = UNSET
    teams: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game: str = self.game

        players = self.players

        opponents: str | Unset = UNSET
        if not isinstance(self.opponents, Unset):
            opponents = self.opponents

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_

        teams = self.teams

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "players": players,
            }
        )
        if opponents is not UNSET:
            field_dict["opponents"] = opponents
        if format_ is not UNSET:
            field_dict["format"] = format_
        if teams is not UNSET:
            field_dict["teams"] = teams

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = check_queue_request_game(d.pop("game"))

        players = d.pop("players")

        _opponents = d.pop("opponents", UNSET)
        opponents: QueueRequestOpponents | Unset
        if isinstance(_opponents, Unset):
            opponents = UNSET
        else:
            opponents = check_queue_request_opponents(_opponents)

        _format_ = d.pop("format", UNSET)
        format_: QueueRequestFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = check_queue_request_format(_format_)

        teams = d.pop("teams", UNSET)

        queue_request = cls(
            game=game,
            players=players,
            opponents=opponents,
            format_=format_,
            teams=teams,
        )

        return queue_request
