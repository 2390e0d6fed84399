from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.lobby_game_options import LobbyGameOptions
    from ..models.public_seat import PublicSeat


T = TypeVar("T", bound="LobbyGame")


@_attrs_define
class LobbyGame:
    """
    Attributes:
        id (str):
        game (str):
        open_seats (int):
        players (list[PublicSeat]):
        options (LobbyGameOptions):
        turn_seconds (int | None):
        created_at (str): ISO 8601, UTC.
        version (int):
    """

    id: str
    game: str
    open_seats: int
    players: list[PublicSeat]
    options: LobbyGameOptions
    turn_seconds: int | None
    created_at: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        from ..models.lobby_game_options import LobbyGameOptions  # noqa: PLC0415
        from ..models.public_seat import PublicSeat  # noqa: PLC0415

        id = self.id

        game = self.game

        open_seats = self.open_seats

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        options = self.options.to_dict()

        turn_seconds: int | None
        turn_seconds = self.turn_seconds

        created_at = self.created_at

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "game": game,
                "open_seats": open_seats,
                "players": players,
                "options": options,
                "turn_seconds": turn_seconds,
                "created_at": created_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lobby_game_options import LobbyGameOptions  # noqa: PLC0415
        from ..models.public_seat import PublicSeat  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        open_seats = d.pop("open_seats")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PublicSeat.from_dict(players_item_data)

            players.append(players_item)

        options = LobbyGameOptions.from_dict(d.pop("options"))

        def _parse_turn_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds"))

        created_at = d.pop("created_at")

        version = d.pop("version")

        lobby_game = cls(
            id=id,
            game=game,
            open_seats=open_seats,
            players=players,
            options=options,
            turn_seconds=turn_seconds,
            created_at=created_at,
            version=version,
        )

        return lobby_game
