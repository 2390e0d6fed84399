from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.scoresheet_game import check_scoresheet_game
from ..models.scoresheet_game import ScoresheetGame
from typing import cast

if TYPE_CHECKING:
    from ..models.scoresheet_options import ScoresheetOptions
    from ..models.scoresheet_player import ScoresheetPlayer
    from ..models.scoresheet_round import ScoresheetRound
    from ..models.standing import Standing


T = TypeVar("T", bound="Scoresheet")


@_attrs_define
class Scoresheet:
    """
    Attributes:
        id (str):
        game (ScoresheetGame):
        version (int): Grows by one per edit; sent as the ETag.
        players (list[ScoresheetPlayer]):
        options (ScoresheetOptions): The scoring options, resolved.
        lower_total_wins (bool): True for Skyjo, false for Skip-Bo.
        rounds (list[ScoresheetRound]):
        totals (list[int]):
        standings (list[Standing]): Best first; ties by seat order.
        finished (bool): Whether the game is over.
        winners (list[int]): The winning seats once finished (ties share; both partners of a Skip-Bo team; empty for a
            drawn single-round Skip-Bo game).
    """

    id: str
    game: ScoresheetGame
    version: int
    players: list[ScoresheetPlayer]
    options: ScoresheetOptions
    lower_total_wins: bool
    rounds: list[ScoresheetRound]
    totals: list[int]
    standings: list[Standing]
    finished: bool
    winners: list[int]

    def to_dict(self) -> dict[str, Any]:
        from ..models.scoresheet_options import ScoresheetOptions  # noqa: PLC0415
        from ..models.scoresheet_player import ScoresheetPlayer  # noqa: PLC0415
        from ..models.scoresheet_round import ScoresheetRound  # noqa: PLC0415
        from ..models.standing import Standing  # noqa: PLC0415

        id = self.id

        game: str = self.game

        version = self.version

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        options = self.options.to_dict()

        lower_total_wins = self.lower_total_wins

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        totals = self.totals

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        finished = self.finished

        winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "game": game,
                "version": version,
                "players": players,
                "options": options,
                "lower_total_wins": lower_total_wins,
                "rounds": rounds,
                "totals": totals,
                "standings": standings,
                "finished": finished,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scoresheet_options import ScoresheetOptions  # noqa: PLC0415
        from ..models.scoresheet_player import ScoresheetPlayer  # noqa: PLC0415
        from ..models.scoresheet_round import ScoresheetRound  # noqa: PLC0415
        from ..models.standing import Standing  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        game = check_scoresheet_game(d.pop("game"))

        version = d.pop("version")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ScoresheetPlayer.from_dict(players_item_data)

            players.append(players_item)

        options = ScoresheetOptions.from_dict(d.pop("options"))

        lower_total_wins = d.pop("lower_total_wins")

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = ScoresheetRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        totals = cast(list[int], d.pop("totals"))

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        finished = d.pop("finished")

        winners = cast(list[int], d.pop("winners"))

        scoresheet = cls(
            id=id,
            game=game,
            version=version,
            players=players,
            options=options,
            lower_total_wins=lower_total_wins,
            rounds=rounds,
            totals=totals,
            standings=standings,
            finished=finished,
            winners=winners,
        )

        return scoresheet
