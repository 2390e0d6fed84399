from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.created_game_options import CreatedGameOptions
    from ..models.seat_token import SeatToken


T = TypeVar("T", bound="CreatedGame")


@_attrs_define
class CreatedGame:
    """
    Attributes:
        id (str):
        game (str):
        version (int):
        options (CreatedGameOptions): Every option, resolved.
        players (list[SeatToken]):
        finished (bool):
    """

    id: str
    game: str
    version: int
    options: CreatedGameOptions
    players: list[SeatToken]
    finished: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.created_game_options import CreatedGameOptions  # noqa: PLC0415
        from ..models.seat_token import SeatToken  # noqa: PLC0415

        id = self.id

        game = self.game

        version = self.version

        options = self.options.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        finished = self.finished

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "game": game,
                "version": version,
                "options": options,
                "players": players,
                "finished": finished,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_game_options import CreatedGameOptions  # noqa: PLC0415
        from ..models.seat_token import SeatToken  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        version = d.pop("version")

        options = CreatedGameOptions.from_dict(d.pop("options"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SeatToken.from_dict(players_item_data)

            players.append(players_item)

        finished = d.pop("finished")

        created_game = cls(
            id=id,
            game=game,
            version=version,
            options=options,
            players=players,
            finished=finished,
        )

        return created_game
