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
        invite (None | str): Lets its holder join (null when no seat is open).
        public (bool):
        turn_seconds (int | None):
    """

    id: str
    game: str
    version: int
    options: CreatedGameOptions
    players: list[SeatToken]
    finished: bool
    invite: None | str
    public: bool
    turn_seconds: int | None

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

        invite: None | str
        invite = self.invite

        public = self.public

        turn_seconds: int | None
        turn_seconds = self.turn_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "game": game,
                "version": version,
                "options": options,
                "players": players,
                "finished": finished,
                "invite": invite,
                "public": public,
                "turn_seconds": turn_seconds,
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

        def _parse_invite(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invite = _parse_invite(d.pop("invite"))

        public = d.pop("public")

        def _parse_turn_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds"))

        created_game = cls(
            id=id,
            game=game,
            version=version,
            options=options,
            players=players,
            finished=finished,
            invite=invite,
            public=public,
            turn_seconds=turn_seconds,
        )

        return created_game
