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
    from ..models.named_seat_request import NamedSeatRequest
    from ..models.open_seat_request import OpenSeatRequest


T = TypeVar("T", bound="CreateGameRequest")


@_attrs_define
class CreateGameRequest:
    """
    Attributes:
        game (CreateGameRequestGame):
        players (list[NamedSeatRequest | OpenSeatRequest]):
        options (CreateGameRequestOptions | Unset): The game's options by name (see GET /game-types).
        seed (int | None | Unset): Makes the shuffles reproducible; secret random when absent.
        public (bool | Unset): List the game in the lobby while seats are open. Default: False.
        turn_seconds (int | None | Unset): Turn timer in seconds (5..604800; null: none). When a seat to act has not
            moved by the deadline, the server's greedy bot plays its turn; after a few timeouts in a row the bot keeps the
            seat. Out of range: 422 `invalid_table_settings`.
    """

    game: CreateGameRequestGame
    players: list[NamedSeatRequest | OpenSeatRequest]
    options: CreateGameRequestOptions | Unset = UNSET
    seed: int | None | Unset = UNSET
    public: bool | Unset = False
    turn_seconds: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_game_request_options import CreateGameRequestOptions  # noqa: PLC0415
        from ..models.named_seat_request import NamedSeatRequest  # noqa: PLC0415
        from ..models.open_seat_request import OpenSeatRequest  # noqa: PLC0415

        game: str = self.game

        players = []
        for players_item_data in self.players:
            players_item: dict[str, Any]
            if isinstance(players_item_data, NamedSeatRequest):
                players_item = players_item_data.to_dict()
            else:
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

        public = self.public

        turn_seconds: int | None | Unset
        if isinstance(self.turn_seconds, Unset):
            turn_seconds = UNSET
        else:
            turn_seconds = self.turn_seconds

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
        if public is not UNSET:
            field_dict["public"] = public
        if turn_seconds is not UNSET:
            field_dict["turn_seconds"] = turn_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_game_request_options import CreateGameRequestOptions  # noqa: PLC0415
        from ..models.named_seat_request import NamedSeatRequest  # noqa: PLC0415
        from ..models.open_seat_request import OpenSeatRequest  # noqa: PLC0415

        d = dict(src_dict)
        game = check_create_game_request_game(d.pop("game"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:

            def _parse_players_item(data: object) -> NamedSeatRequest | OpenSeatRequest:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_player_request_type_0 = NamedSeatRequest.from_dict(data)

                    return componentsschemas_player_request_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_player_request_type_1 = OpenSeatRequest.from_dict(data)

                return componentsschemas_player_request_type_1

            players_item = _parse_players_item(players_item_data)

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

        public = d.pop("public", UNSET)

        def _parse_turn_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds", UNSET))

        create_game_request = cls(
            game=game,
            players=players,
            options=options,
            seed=seed,
            public=public,
            turn_seconds=turn_seconds,
        )

        return create_game_request
