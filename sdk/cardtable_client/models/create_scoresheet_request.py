from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_scoresheet_request_game import check_create_scoresheet_request_game
from ..models.create_scoresheet_request_game import CreateScoresheetRequestGame
from ..types import UNSET, Unset
from typing import cast

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
        from ..models.create_scoresheet_request_options import CreateScoresheetRequestOptions  # noqa: PLC0415

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
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_scoresheet_request_options import CreateScoresheetRequestOptions  # noqa: PLC0415

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
