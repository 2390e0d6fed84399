from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.rated_set import RatedSet
    from ..models.record_options import RecordOptions
    from ..models.record_player import RecordPlayer
    from ..models.score import Score
    from ..models.skip_bo_deal_entry import SkipBoDealEntry
    from ..models.skip_bo_move_entry import SkipBoMoveEntry
    from ..models.skip_bo_reshuffle_entry import SkipBoReshuffleEntry
    from ..models.skyjo_deal_entry import SkyjoDealEntry
    from ..models.skyjo_move_entry import SkyjoMoveEntry
    from ..models.skyjo_reshuffle_entry import SkyjoReshuffleEntry


T = TypeVar("T", bound="Record")


@_attrs_define
class Record:
    """
    Attributes:
        game (str):
        options (RecordOptions):
        players (list[RecordPlayer]):
        log (list[SkipBoDealEntry | SkipBoMoveEntry | SkipBoReshuffleEntry | SkyjoDealEntry | SkyjoMoveEntry |
            SkyjoReshuffleEntry]):
        score (Score):
        rated (bool | Unset): A rated game (made by the queue).
        set_ (RatedSet | Unset):
    """

    game: str
    options: RecordOptions
    players: list[RecordPlayer]
    log: list[
        SkipBoDealEntry
        | SkipBoMoveEntry
        | SkipBoReshuffleEntry
        | SkyjoDealEntry
        | SkyjoMoveEntry
        | SkyjoReshuffleEntry
    ]
    score: Score
    rated: bool | Unset = UNSET
    set_: RatedSet | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rated_set import RatedSet  # noqa: PLC0415
        from ..models.record_options import RecordOptions  # noqa: PLC0415
        from ..models.record_player import RecordPlayer  # noqa: PLC0415
        from ..models.score import Score  # noqa: PLC0415
        from ..models.skip_bo_deal_entry import SkipBoDealEntry  # noqa: PLC0415
        from ..models.skip_bo_move_entry import SkipBoMoveEntry  # noqa: PLC0415
        from ..models.skip_bo_reshuffle_entry import SkipBoReshuffleEntry  # noqa: PLC0415
        from ..models.skyjo_deal_entry import SkyjoDealEntry  # noqa: PLC0415
        from ..models.skyjo_move_entry import SkyjoMoveEntry  # noqa: PLC0415
        from ..models.skyjo_reshuffle_entry import SkyjoReshuffleEntry  # noqa: PLC0415

        game = self.game

        options = self.options.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        log = []
        for log_item_data in self.log:
            log_item: dict[str, Any]
            if isinstance(log_item_data, SkipBoDealEntry):
                log_item = log_item_data.to_dict()
            elif isinstance(log_item_data, SkipBoReshuffleEntry):
                log_item = log_item_data.to_dict()
            elif isinstance(log_item_data, SkipBoMoveEntry):
                log_item = log_item_data.to_dict()
            elif isinstance(log_item_data, SkyjoDealEntry):
                log_item = log_item_data.to_dict()
            elif isinstance(log_item_data, SkyjoReshuffleEntry):
                log_item = log_item_data.to_dict()
            else:
                log_item = log_item_data.to_dict()

            log.append(log_item)

        score = self.score.to_dict()

        rated = self.rated

        set_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.set_, Unset):
            set_ = self.set_.to_dict()

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
        if rated is not UNSET:
            field_dict["rated"] = rated
        if set_ is not UNSET:
            field_dict["set"] = set_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rated_set import RatedSet  # noqa: PLC0415
        from ..models.record_options import RecordOptions  # noqa: PLC0415
        from ..models.record_player import RecordPlayer  # noqa: PLC0415
        from ..models.score import Score  # noqa: PLC0415
        from ..models.skip_bo_deal_entry import SkipBoDealEntry  # noqa: PLC0415
        from ..models.skip_bo_move_entry import SkipBoMoveEntry  # noqa: PLC0415
        from ..models.skip_bo_reshuffle_entry import SkipBoReshuffleEntry  # noqa: PLC0415
        from ..models.skyjo_deal_entry import SkyjoDealEntry  # noqa: PLC0415
        from ..models.skyjo_move_entry import SkyjoMoveEntry  # noqa: PLC0415
        from ..models.skyjo_reshuffle_entry import SkyjoReshuffleEntry  # noqa: PLC0415

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

            def _parse_log_item(
                data: object,
            ) -> (
                SkipBoDealEntry
                | SkipBoMoveEntry
                | SkipBoReshuffleEntry
                | SkyjoDealEntry
                | SkyjoMoveEntry
                | SkyjoReshuffleEntry
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_skip_bo_log_entry_type_0 = SkipBoDealEntry.from_dict(data)

                    return componentsschemas_skip_bo_log_entry_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_skip_bo_log_entry_type_1 = SkipBoReshuffleEntry.from_dict(
                        data
                    )

                    return componentsschemas_skip_bo_log_entry_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_skip_bo_log_entry_type_2 = SkipBoMoveEntry.from_dict(data)

                    return componentsschemas_skip_bo_log_entry_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_skyjo_log_entry_type_0 = SkyjoDealEntry.from_dict(data)

                    return componentsschemas_skyjo_log_entry_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_skyjo_log_entry_type_1 = SkyjoReshuffleEntry.from_dict(data)

                    return componentsschemas_skyjo_log_entry_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_skyjo_log_entry_type_2 = SkyjoMoveEntry.from_dict(data)

                return componentsschemas_skyjo_log_entry_type_2

            log_item = _parse_log_item(log_item_data)

            log.append(log_item)

        score = Score.from_dict(d.pop("score"))

        rated = d.pop("rated", UNSET)

        _set_ = d.pop("set", UNSET)
        set_: RatedSet | Unset
        if isinstance(_set_, Unset):
            set_ = UNSET
        else:
            set_ = RatedSet.from_dict(_set_)

        record = cls(
            game=game,
            options=options,
            players=players,
            log=log,
            score=score,
            rated=rated,
            set_=set_,
        )

        return record
