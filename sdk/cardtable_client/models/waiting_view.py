from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.waiting_view_game import check_waiting_view_game
from ..models.waiting_view_game import WaitingViewGame
from ..models.waiting_view_phase import check_waiting_view_phase
from ..models.waiting_view_phase import WaitingViewPhase
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.public_seat import PublicSeat
    from ..models.rated_set import RatedSet
    from ..models.waiting_view_options import WaitingViewOptions


T = TypeVar("T", bound="WaitingView")


@_attrs_define
class WaitingView:
    """
    Attributes:
        open_seats (int): Seats still open.
        public (bool): Listed in the lobby.
        turn_seconds (int | None):
        deadline (None | str): When the turn timer runs out (ISO 8601, UTC), or null.
        deadline_seats (list[int]): The seats the deadline applies to.
        bot_reasons (list[None | str]): Per seat: why a bot plays it (`left`, `timeout`) or null.
        left (list[bool]): Per seat: its player left.
        rematch (None | str): The rematch's game id.
        rematch_of (None | str): The game this rematches.
        rated (bool): A rated game (made by the queue): each entry of `players` names its rated `player`, and the end
            changes the ratings.
        id (str):
        game (WaitingViewGame):
        phase (WaitingViewPhase):
        version (int):
        seat (int | None):
        finished (bool):
        options (WaitingViewOptions):
        seats (list[PublicSeat]):
        bots (list[None | str]):
        set_ (RatedSet | Unset):
    """

    open_seats: int
    public: bool
    turn_seconds: int | None
    deadline: None | str
    deadline_seats: list[int]
    bot_reasons: list[None | str]
    left: list[bool]
    rematch: None | str
    rematch_of: None | str
    rated: bool
    id: str
    game: WaitingViewGame
    phase: WaitingViewPhase
    version: int
    seat: int | None
    finished: bool
    options: WaitingViewOptions
    seats: list[PublicSeat]
    bots: list[None | str]
    set_: RatedSet | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.public_seat import PublicSeat  # noqa: PLC0415
        from ..models.rated_set import RatedSet  # noqa: PLC0415
        from ..models.waiting_view_options import WaitingViewOptions  # noqa: PLC0415

        open_seats = self.open_seats

        public = self.public

        turn_seconds: int | None
        turn_seconds = self.turn_seconds

        deadline: None | str
        deadline = self.deadline

        deadline_seats = self.deadline_seats

        bot_reasons = []
        for bot_reasons_item_data in self.bot_reasons:
            bot_reasons_item: None | str
            bot_reasons_item = bot_reasons_item_data
            bot_reasons.append(bot_reasons_item)

        left = self.left

        rematch: None | str
        rematch = self.rematch

        rematch_of: None | str
        rematch_of = self.rematch_of

        rated = self.rated

        id = self.id

        game: str = self.game

        phase: str = self.phase

        version = self.version

        seat: int | None
        seat = self.seat

        finished = self.finished

        options = self.options.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        bots = []
        for bots_item_data in self.bots:
            bots_item: None | str
            bots_item = bots_item_data
            bots.append(bots_item)

        set_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.set_, Unset):
            set_ = self.set_.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "open_seats": open_seats,
                "public": public,
                "turn_seconds": turn_seconds,
                "deadline": deadline,
                "deadline_seats": deadline_seats,
                "bot_reasons": bot_reasons,
                "left": left,
                "rematch": rematch,
                "rematch_of": rematch_of,
                "rated": rated,
                "id": id,
                "game": game,
                "phase": phase,
                "version": version,
                "seat": seat,
                "finished": finished,
                "options": options,
                "seats": seats,
                "bots": bots,
            }
        )
        if set_ is not UNSET:
            field_dict["set"] = set_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.public_seat import PublicSeat  # noqa: PLC0415
        from ..models.rated_set import RatedSet  # noqa: PLC0415
        from ..models.waiting_view_options import WaitingViewOptions  # noqa: PLC0415

        d = dict(src_dict)
        open_seats = d.pop("open_seats")

        public = d.pop("public")

        def _parse_turn_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_seconds = _parse_turn_seconds(d.pop("turn_seconds"))

        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))

        deadline_seats = cast(list[int], d.pop("deadline_seats"))

        bot_reasons = []
        _bot_reasons = d.pop("bot_reasons")
        for bot_reasons_item_data in _bot_reasons:

            def _parse_bot_reasons_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            bot_reasons_item = _parse_bot_reasons_item(bot_reasons_item_data)

            bot_reasons.append(bot_reasons_item)

        left = cast(list[bool], d.pop("left"))

        def _parse_rematch(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rematch = _parse_rematch(d.pop("rematch"))

        def _parse_rematch_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rematch_of = _parse_rematch_of(d.pop("rematch_of"))

        rated = d.pop("rated")

        id = d.pop("id")

        game = check_waiting_view_game(d.pop("game"))

        phase = check_waiting_view_phase(d.pop("phase"))

        version = d.pop("version")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        finished = d.pop("finished")

        options = WaitingViewOptions.from_dict(d.pop("options"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = PublicSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        bots = []
        _bots = d.pop("bots")
        for bots_item_data in _bots:

            def _parse_bots_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            bots_item = _parse_bots_item(bots_item_data)

            bots.append(bots_item)

        _set_ = d.pop("set", UNSET)
        set_: RatedSet | Unset
        if isinstance(_set_, Unset):
            set_ = UNSET
        else:
            set_ = RatedSet.from_dict(_set_)

        waiting_view = cls(
            open_seats=open_seats,
            public=public,
            turn_seconds=turn_seconds,
            deadline=deadline,
            deadline_seats=deadline_seats,
            bot_reasons=bot_reasons,
            left=left,
            rematch=rematch,
            rematch_of=rematch_of,
            rated=rated,
            id=id,
            game=game,
            phase=phase,
            version=version,
            seat=seat,
            finished=finished,
            options=options,
            seats=seats,
            bots=bots,
            set_=set_,
        )

        return waiting_view
