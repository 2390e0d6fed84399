from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_scoresheet_request_game import (
    CreateScoresheetRequestGame,
    check_create_scoresheet_request_game,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_scoresheet_request_options import CreateScoresheetRequestOptions


T = TypeVar("T", bound="CreateScoresheetRequest")


@_attrs_define
class CreateScoresheetRequest:
    """
    Attributes:
        game (CreateScoresheetRequestGame):
        players (list[str]): The players' names in seat order (Skyjo 2-8, Skip-Bo 2-6).
        options (CreateScoresheetRequestOptions | Unset): Scoring options only, checked like the game's own: Skyjo
            `end_score`, `max_rounds`, `finisher_penalty`; Skip-Bo `target_score`, `teams` (4 or 6 players). Missing ones
            take the game's defaults.
    """

    game: CreateScoresheetRequestGame
    players: list[str]
    options: CreateScoresheetRequestOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game: str = self.game

        players = self.players

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "players": players,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_scoresheet_request_options import (
            CreateScoresheetRequestOptions,
        )

        d = dict(src_dict)
        game = check_create_scoresheet_request_game(d.pop("game"))

        players = cast(list[str], d.pop("players"))

        _options = d.pop("options", UNSET)
        options: CreateScoresheetRequestOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = CreateScoresheetRequestOptions.from_dict(_options)

        create_scoresheet_request = cls(
            game=game,
            players=players,
            options=options,
        )

        return create_scoresheet_request
