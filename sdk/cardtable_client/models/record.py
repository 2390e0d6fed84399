from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

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
        from ..models.log_entry import LogEntry  # noqa: PLC0415
        from ..models.record_options import RecordOptions  # noqa: PLC0415
        from ..models.record_player import RecordPlayer  # noqa: PLC0415
        from ..models.score import Score  # noqa: PLC0415

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
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.log_entry import LogEntry  # noqa: PLC0415
        from ..models.record_options import RecordOptions  # noqa: PLC0415
        from ..models.record_player import RecordPlayer  # noqa: PLC0415
        from ..models.score import Score  # noqa: PLC0415

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
