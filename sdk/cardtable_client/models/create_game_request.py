from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_game_request_game import check_create_game_request_game
from ..models.create_game_request_game import CreateGameRequestGame
from ..types import UNSET, Unset
from typing import cast

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
        from ..models.create_game_request_options import CreateGameRequestOptions  # noqa: PLC0415
        from ..models.player_request import PlayerRequest  # noqa: PLC0415

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
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_game_request_options import CreateGameRequestOptions  # noqa: PLC0415
        from ..models.player_request import PlayerRequest  # noqa: PLC0415

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
