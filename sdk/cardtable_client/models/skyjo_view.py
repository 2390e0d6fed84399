from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skyjo_view_game import check_skyjo_view_game
from ..models.skyjo_view_game import SkyjoViewGame
from ..models.skyjo_view_phase import check_skyjo_view_phase
from ..models.skyjo_view_phase import SkyjoViewPhase
from ..models.skyjo_view_step_type_1 import check_skyjo_view_step_type_1
from ..models.skyjo_view_step_type_1 import SkyjoViewStepType1
from ..models.skyjo_view_step_type_2_type_1 import check_skyjo_view_step_type_2_type_1
from ..models.skyjo_view_step_type_2_type_1 import SkyjoViewStepType2Type1
from ..models.skyjo_view_step_type_3_type_1 import check_skyjo_view_step_type_3_type_1
from ..models.skyjo_view_step_type_3_type_1 import SkyjoViewStepType3Type1
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.rated_set import RatedSet
    from ..models.skyjo_drawn import SkyjoDrawn
    from ..models.skyjo_final_lap import SkyjoFinalLap
    from ..models.skyjo_last_round import SkyjoLastRound
    from ..models.skyjo_options import SkyjoOptions
    from ..models.skyjo_player import SkyjoPlayer
    from ..models.skyjo_round_score import SkyjoRoundScore
    from ..models.skyjo_view_drawn_type_1_type_0 import SkyjoViewDrawnType1Type0
    from ..models.skyjo_view_final_lap_type_1_type_0 import SkyjoViewFinalLapType1Type0
    from ..models.skyjo_view_last_round_type_1_type_0 import SkyjoViewLastRoundType1Type0


T = TypeVar("T", bound="SkyjoView")


@_attrs_define
class SkyjoView:
    """What one seat or a spectator sees of Skyjo.

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
        id (str): The game's id.
        bots (list[None | str]): Per seat, the server bot that plays it, or null for a human.
        seeded (bool): True when the creator chose the seed: whoever knows it can derive every hidden card. False for a
            secure 128-bit server seed.
        version (int): Moves applied so far.
        seat (int | None): The viewer; null for a spectator.
        phase (SkyjoViewPhase): `waiting` (open seats, not dealt yet), `setup` (what precedes the first turn, e.g.
            Skyjo's reveals), `playing` or `finished`.
        round_ (int):
        current_player (int | None): Whose turn it is; null when no single seat is to play.
        active_seats (list[int]): Seats that may act now.
        finished (bool):
        totals (list[int]): Running totals, per seat.
        winners (list[int]): Winning seats once finished (ties share; empty for a drawn game).
        game (SkyjoViewGame):
        step (None | SkyjoViewStepType1 | SkyjoViewStepType2Type1 | SkyjoViewStepType3Type1): `reveal`; `choose`
            (take_discard or draw); `place_drawn` (replace or discard_and_reveal); null once the game is over.
        options (SkyjoOptions):
        players (list[SkyjoPlayer]):
        discard_top (int): The face-up card on top of the discard pile.
        discard_size (int):
        discard_pile (list[int]): The whole discard pile, bottom first (its last card is `discard_top`): every seat saw
            each of these cards go there.
        draw_pile_size (int): Cards left.
        drawn (None | SkyjoDrawn | SkyjoViewDrawnType1Type0): The card drawn and not yet placed; null when none.
        final_lap (None | SkyjoFinalLap | SkyjoViewFinalLapType1Type0): Set once someone finished: the others play once
            more.
        last_round (None | SkyjoLastRound | SkyjoViewLastRoundType1Type0): The previous round's result; null during
            round 1.
        rounds (list[SkyjoRoundScore]): Every completed round (as in the Score).
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
    bots: list[None | str]
    seeded: bool
    version: int
    seat: int | None
    phase: SkyjoViewPhase
    round_: int
    current_player: int | None
    active_seats: list[int]
    finished: bool
    totals: list[int]
    winners: list[int]
    game: SkyjoViewGame
    step: None | SkyjoViewStepType1 | SkyjoViewStepType2Type1 | SkyjoViewStepType3Type1
    options: SkyjoOptions
    players: list[SkyjoPlayer]
    discard_top: int
    discard_size: int
    discard_pile: list[int]
    draw_pile_size: int
    drawn: None | SkyjoDrawn | SkyjoViewDrawnType1Type0
    final_lap: None | SkyjoFinalLap | SkyjoViewFinalLapType1Type0
    last_round: None | SkyjoLastRound | SkyjoViewLastRoundType1Type0
    rounds: list[SkyjoRoundScore]
    set_: RatedSet | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rated_set import RatedSet  # noqa: PLC0415
        from ..models.skyjo_drawn import SkyjoDrawn  # noqa: PLC0415
        from ..models.skyjo_final_lap import SkyjoFinalLap  # noqa: PLC0415
        from ..models.skyjo_last_round import SkyjoLastRound  # noqa: PLC0415
        from ..models.skyjo_options import SkyjoOptions  # noqa: PLC0415
        from ..models.skyjo_player import SkyjoPlayer  # noqa: PLC0415
        from ..models.skyjo_round_score import SkyjoRoundScore  # noqa: PLC0415
        from ..models.skyjo_view_drawn_type_1_type_0 import SkyjoViewDrawnType1Type0  # noqa: PLC0415
        from ..models.skyjo_view_final_lap_type_1_type_0 import SkyjoViewFinalLapType1Type0  # noqa: PLC0415
        from ..models.skyjo_view_last_round_type_1_type_0 import SkyjoViewLastRoundType1Type0  # noqa: PLC0415

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

        bots = []
        for bots_item_data in self.bots:
            bots_item: None | str
            bots_item = bots_item_data
            bots.append(bots_item)

        seeded = self.seeded

        version = self.version

        seat: int | None
        seat = self.seat

        phase: str = self.phase

        round_ = self.round_

        current_player: int | None
        current_player = self.current_player

        active_seats = self.active_seats

        finished = self.finished

        totals = self.totals

        winners = self.winners

        game: str = self.game

        step: None | str
        if isinstance(self.step, str):
            step = self.step
        elif isinstance(self.step, str):
            step = self.step
        elif isinstance(self.step, str):
            step = self.step
        else:
            step = self.step

        options = self.options.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        discard_top = self.discard_top

        discard_size = self.discard_size

        discard_pile = self.discard_pile

        draw_pile_size = self.draw_pile_size

        drawn: dict[str, Any] | None
        if isinstance(self.drawn, SkyjoDrawn):
            drawn = self.drawn.to_dict()
        elif isinstance(self.drawn, SkyjoViewDrawnType1Type0):
            drawn = self.drawn.to_dict()
        else:
            drawn = self.drawn

        final_lap: dict[str, Any] | None
        if isinstance(self.final_lap, SkyjoFinalLap):
            final_lap = self.final_lap.to_dict()
        elif isinstance(self.final_lap, SkyjoViewFinalLapType1Type0):
            final_lap = self.final_lap.to_dict()
        else:
            final_lap = self.final_lap

        last_round: dict[str, Any] | None
        if isinstance(self.last_round, SkyjoLastRound):
            last_round = self.last_round.to_dict()
        elif isinstance(self.last_round, SkyjoViewLastRoundType1Type0):
            last_round = self.last_round.to_dict()
        else:
            last_round = self.last_round

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

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
                "bots": bots,
                "seeded": seeded,
                "version": version,
                "seat": seat,
                "phase": phase,
                "round": round_,
                "current_player": current_player,
                "active_seats": active_seats,
                "finished": finished,
                "totals": totals,
                "winners": winners,
                "game": game,
                "step": step,
                "options": options,
                "players": players,
                "discard_top": discard_top,
                "discard_size": discard_size,
                "discard_pile": discard_pile,
                "draw_pile_size": draw_pile_size,
                "drawn": drawn,
                "final_lap": final_lap,
                "last_round": last_round,
                "rounds": rounds,
            }
        )
        if set_ is not UNSET:
            field_dict["set"] = set_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rated_set import RatedSet  # noqa: PLC0415
        from ..models.skyjo_drawn import SkyjoDrawn  # noqa: PLC0415
        from ..models.skyjo_final_lap import SkyjoFinalLap  # noqa: PLC0415
        from ..models.skyjo_last_round import SkyjoLastRound  # noqa: PLC0415
        from ..models.skyjo_options import SkyjoOptions  # noqa: PLC0415
        from ..models.skyjo_player import SkyjoPlayer  # noqa: PLC0415
        from ..models.skyjo_round_score import SkyjoRoundScore  # noqa: PLC0415
        from ..models.skyjo_view_drawn_type_1_type_0 import SkyjoViewDrawnType1Type0  # noqa: PLC0415
        from ..models.skyjo_view_final_lap_type_1_type_0 import SkyjoViewFinalLapType1Type0  # noqa: PLC0415
        from ..models.skyjo_view_last_round_type_1_type_0 import SkyjoViewLastRoundType1Type0  # noqa: PLC0415

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

        bots = []
        _bots = d.pop("bots")
        for bots_item_data in _bots:

            def _parse_bots_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            bots_item = _parse_bots_item(bots_item_data)

            bots.append(bots_item)

        seeded = d.pop("seeded")

        version = d.pop("version")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        phase = check_skyjo_view_phase(d.pop("phase"))

        round_ = d.pop("round")

        def _parse_current_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        current_player = _parse_current_player(d.pop("current_player"))

        active_seats = cast(list[int], d.pop("active_seats"))

        finished = d.pop("finished")

        totals = cast(list[int], d.pop("totals"))

        winners = cast(list[int], d.pop("winners"))

        game = check_skyjo_view_game(d.pop("game"))

        def _parse_step(
            data: object,
        ) -> None | SkyjoViewStepType1 | SkyjoViewStepType2Type1 | SkyjoViewStepType3Type1:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                step_type_1 = check_skyjo_view_step_type_1(data)

                return step_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                step_type_2_type_1 = check_skyjo_view_step_type_2_type_1(data)

                return step_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                step_type_3_type_1 = check_skyjo_view_step_type_3_type_1(data)

                return step_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None | SkyjoViewStepType1 | SkyjoViewStepType2Type1 | SkyjoViewStepType3Type1, data
            )

        step = _parse_step(d.pop("step"))

        options = SkyjoOptions.from_dict(d.pop("options"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SkyjoPlayer.from_dict(players_item_data)

            players.append(players_item)

        discard_top = d.pop("discard_top")

        discard_size = d.pop("discard_size")

        discard_pile = cast(list[int], d.pop("discard_pile"))

        draw_pile_size = d.pop("draw_pile_size")

        def _parse_drawn(data: object) -> None | SkyjoDrawn | SkyjoViewDrawnType1Type0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                drawn_type_0 = SkyjoDrawn.from_dict(data)

                return drawn_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                drawn_type_1_type_0 = SkyjoViewDrawnType1Type0.from_dict(data)

                return drawn_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SkyjoDrawn | SkyjoViewDrawnType1Type0, data)

        drawn = _parse_drawn(d.pop("drawn"))

        def _parse_final_lap(data: object) -> None | SkyjoFinalLap | SkyjoViewFinalLapType1Type0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_lap_type_0 = SkyjoFinalLap.from_dict(data)

                return final_lap_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                final_lap_type_1_type_0 = SkyjoViewFinalLapType1Type0.from_dict(data)

                return final_lap_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SkyjoFinalLap | SkyjoViewFinalLapType1Type0, data)

        final_lap = _parse_final_lap(d.pop("final_lap"))

        def _parse_last_round(data: object) -> None | SkyjoLastRound | SkyjoViewLastRoundType1Type0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_round_type_0 = SkyjoLastRound.from_dict(data)

                return last_round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_round_type_1_type_0 = SkyjoViewLastRoundType1Type0.from_dict(data)

                return last_round_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SkyjoLastRound | SkyjoViewLastRoundType1Type0, data)

        last_round = _parse_last_round(d.pop("last_round"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = SkyjoRoundScore.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        _set_ = d.pop("set", UNSET)
        set_: RatedSet | Unset
        if isinstance(_set_, Unset):
            set_ = UNSET
        else:
            set_ = RatedSet.from_dict(_set_)

        skyjo_view = cls(
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
            bots=bots,
            seeded=seeded,
            version=version,
            seat=seat,
            phase=phase,
            round_=round_,
            current_player=current_player,
            active_seats=active_seats,
            finished=finished,
            totals=totals,
            winners=winners,
            game=game,
            step=step,
            options=options,
            players=players,
            discard_top=discard_top,
            discard_size=discard_size,
            discard_pile=discard_pile,
            draw_pile_size=draw_pile_size,
            drawn=drawn,
            final_lap=final_lap,
            last_round=last_round,
            rounds=rounds,
            set_=set_,
        )

        return skyjo_view
