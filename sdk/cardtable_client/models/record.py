from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.log_entry import LogEntry
    from ..models.record_options import RecordOptions
    from ..models.record_player import RecordPlayer
    from ..models.score import Score


T = TypeVar("T", bound="Record")


@_attrs_define
class Record:
    """
    Attributes:
        game (str):
        options (RecordOptions):
        players (list[RecordPlayer]):
        log (list[LogEntry]):
        score (Score):
    """

    game: str
    options: RecordOptions
    players: list[RecordPlayer]
    log: list[LogEntry]
    score: Score

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        options = self.options.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        log = []
        for log_item_data in self.log:
            log_item = log_item_data.to_dict()
            log.append(log_item)

        score = self.score.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game": game,
                "options": options,
                "players": players,
                "log": log,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.log_entry import LogEntry
        from ..models.record_options import RecordOptions
        from ..models.record_player import RecordPlayer
        from ..models.score import Score

        d = dict(src_dict)
        game = d.pop("game")

        options = RecordOptions.from_dict(d.pop("options"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = RecordPlayer.from_dict(players_item_data)

            players.append(players_item)

        log = []
        _log = d.pop("log")
        for log_item_data in _log:
            log_item = LogEntry.from_dict(log_item_data)

            log.append(log_item)

        score = Score.from_dict(d.pop("score"))

        record = cls(
            game=game,
            options=options,
            players=players,
            log=log,
            score=score,
        )

        return record
