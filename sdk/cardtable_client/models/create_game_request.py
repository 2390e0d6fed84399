from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_game_request_game import (
    CreateGameRequestGame,
    check_create_game_request_game,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_game_request_options import CreateGameRequestOptions
    from ..models.player_request import PlayerRequest


T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    """
    Attributes:
        game (CreateGameRequestGame):
        players (list[PlayerRequest]):
        options (CreateGameRequestOptions | Unset): The game's options by name (see GET /game-types).
        seed (int | None | Unset): Makes the shuffles reproducible; secret random when absent.
    """

    game: CreateGameRequestGame
    players: list[PlayerRequest]
    options: CreateGameRequestOptions | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game: str = self.game

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "players": players,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_game_request_options import CreateGameRequestOptions
        from ..models.player_request import PlayerRequest

        d = dict(src_dict)
        game = check_create_game_request_game(d.pop("game"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerRequest.from_dict(players_item_data)

            players.append(players_item)

        _options = d.pop("options", UNSET)
        options: CreateGameRequestOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = CreateGameRequestOptions.from_dict(_options)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        create_game_request = cls(
            game=game,
            players=players,
            options=options,
            seed=seed,
        )

        return create_game_request
