from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.skip_bo_view_game import check_skip_bo_view_game
from ..models.skip_bo_view_game import SkipBoViewGame
from ..models.skip_bo_view_phase import check_skip_bo_view_phase
from ..models.skip_bo_view_phase import SkipBoViewPhase
from ..models.skip_bo_view_step_type_1 import check_skip_bo_view_step_type_1
from ..models.skip_bo_view_step_type_1 import SkipBoViewStepType1
from ..models.skip_bo_view_step_type_2_type_1 import check_skip_bo_view_step_type_2_type_1
from ..models.skip_bo_view_step_type_2_type_1 import SkipBoViewStepType2Type1
from ..models.skip_bo_view_step_type_3_type_1 import check_skip_bo_view_step_type_3_type_1
from ..models.skip_bo_view_step_type_3_type_1 import SkipBoViewStepType3Type1
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
    from ..models.rated_set import RatedSet
    from ..models.skip_bo_building_pile import SkipBoBuildingPile
    from ..models.skip_bo_last_round import SkipBoLastRound
    from ..models.skip_bo_options import SkipBoOptions
    from ..models.skip_bo_player import SkipBoPlayer
    from ..models.skip_bo_round_score import SkipBoRoundScore
    from ..models.skip_bo_view_last_round_type_1_type_0 import SkipBoViewLastRoundType1Type0


T = TypeVar("T", bound="SkipBoView")


@_attrs_define
class SkipBoView:
    """What one seat or a spectator sees of Skip-Bo.

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
        phase (SkipBoViewPhase): `waiting` (open seats, not dealt yet), `setup` (what precedes the first turn, e.g.
            Skyjo's reveals), `playing` or `finished`.
        round_ (int):
        current_player (int | None): Whose turn it is; null when no single seat is to play.
        active_seats (list[int]): Seats that may act now.
        finished (bool):
        totals (list[int]): Running totals, per seat.
        winners (list[int]): Winning seats once finished (ties share; empty for a drawn game).
        game (SkipBoViewGame):
        step (None | SkipBoViewStepType1 | SkipBoViewStepType2Type1 | SkipBoViewStepType3Type1): What the acting seat
            does next. Others see `play`; the acting seat sees `build` (french rule: keep building), `build_or_discard`,
            `build_or_pass`, `discard` or `pass`. null once the game is over.
        options (SkipBoOptions):
        first_player (int): Seat that started this round.
        players (list[SkipBoPlayer]):
        hand (list[int] | None): The viewer's own hand, sorted (0 = SKIP-BO); null for others.
        building_piles (list[SkipBoBuildingPile]):
        draw_pile_size (int):
        set_aside_size (int): Cards of completed building piles.
        set_aside_piles (int): Completed building piles set aside.
        drawn_turns (int): Consecutive turns without a build that ended with nothing left to draw; the round is drawn
            when it reaches the number of players.
        teams (list[list[int]] | None): The partnerships, e.g. [[0, 2], [1, 3]]; null without teams.
        last_round (None | SkipBoLastRound | SkipBoViewLastRoundType1Type0): The latest completed round; null during
            round 1.
        rounds (list[SkipBoRoundScore]): Every completed round (as in the Score).
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
    phase: SkipBoViewPhase
    round_: int
    current_player: int | None
    active_seats: list[int]
    finished: bool
    totals: list[int]
    winners: list[int]
    game: SkipBoViewGame
    step: None | SkipBoViewStepType1 | SkipBoViewStepType2Type1 | SkipBoViewStepType3Type1
    options: SkipBoOptions
    first_player: int
    players: list[SkipBoPlayer]
    hand: list[int] | None
    building_piles: list[SkipBoBuildingPile]
    draw_pile_size: int
    set_aside_size: int
    set_aside_piles: int
    drawn_turns: int
    teams: list[list[int]] | None
    last_round: None | SkipBoLastRound | SkipBoViewLastRoundType1Type0
    rounds: list[SkipBoRoundScore]
    set_: RatedSet | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rated_set import RatedSet  # noqa: PLC0415
        from ..models.skip_bo_building_pile import SkipBoBuildingPile  # noqa: PLC0415
        from ..models.skip_bo_last_round import SkipBoLastRound  # noqa: PLC0415
        from ..models.skip_bo_options import SkipBoOptions  # noqa: PLC0415
        from ..models.skip_bo_player import SkipBoPlayer  # noqa: PLC0415
        from ..models.skip_bo_round_score import SkipBoRoundScore  # noqa: PLC0415
        from ..models.skip_bo_view_last_round_type_1_type_0 import SkipBoViewLastRoundType1Type0  # noqa: PLC0415

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

        first_player = self.first_player

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        hand: list[int] | None
        if isinstance(self.hand, list):
            hand = self.hand

        else:
            hand = self.hand

        building_piles = []
        for building_piles_item_data in self.building_piles:
            building_piles_item = building_piles_item_data.to_dict()
            building_piles.append(building_piles_item)

        draw_pile_size = self.draw_pile_size

        set_aside_size = self.set_aside_size

        set_aside_piles = self.set_aside_piles

        drawn_turns = self.drawn_turns

        teams: list[list[int]] | None
        if isinstance(self.teams, list):
            teams = []
            for teams_type_0_item_data in self.teams:
                teams_type_0_item = teams_type_0_item_data

                teams.append(teams_type_0_item)

        else:
            teams = self.teams

        last_round: dict[str, Any] | None
        if isinstance(self.last_round, SkipBoLastRound):
            last_round = self.last_round.to_dict()
        elif isinstance(self.last_round, SkipBoViewLastRoundType1Type0):
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
                "first_player": first_player,
                "players": players,
                "hand": hand,
                "building_piles": building_piles,
                "draw_pile_size": draw_pile_size,
                "set_aside_size": set_aside_size,
                "set_aside_piles": set_aside_piles,
                "drawn_turns": drawn_turns,
                "teams": teams,
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
        from ..models.skip_bo_building_pile import SkipBoBuildingPile  # noqa: PLC0415
        from ..models.skip_bo_last_round import SkipBoLastRound  # noqa: PLC0415
        from ..models.skip_bo_options import SkipBoOptions  # noqa: PLC0415
        from ..models.skip_bo_player import SkipBoPlayer  # noqa: PLC0415
        from ..models.skip_bo_round_score import SkipBoRoundScore  # noqa: PLC0415
        from ..models.skip_bo_view_last_round_type_1_type_0 import SkipBoViewLastRoundType1Type0  # noqa: PLC0415

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

        phase = check_skip_bo_view_phase(d.pop("phase"))

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

        game = check_skip_bo_view_game(d.pop("game"))

        def _parse_step(
            data: object,
        ) -> None | SkipBoViewStepType1 | SkipBoViewStepType2Type1 | SkipBoViewStepType3Type1:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                step_type_1 = check_skip_bo_view_step_type_1(data)

                return step_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                step_type_2_type_1 = check_skip_bo_view_step_type_2_type_1(data)

                return step_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                step_type_3_type_1 = check_skip_bo_view_step_type_3_type_1(data)

                return step_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None | SkipBoViewStepType1 | SkipBoViewStepType2Type1 | SkipBoViewStepType3Type1,
                data,
            )

        step = _parse_step(d.pop("step"))

        options = SkipBoOptions.from_dict(d.pop("options"))

        first_player = d.pop("first_player")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SkipBoPlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_hand(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[int], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        hand = _parse_hand(d.pop("hand"))

        building_piles = []
        _building_piles = d.pop("building_piles")
        for building_piles_item_data in _building_piles:
            building_piles_item = SkipBoBuildingPile.from_dict(building_piles_item_data)

            building_piles.append(building_piles_item)

        draw_pile_size = d.pop("draw_pile_size")

        set_aside_size = d.pop("set_aside_size")

        set_aside_piles = d.pop("set_aside_piles")

        drawn_turns = d.pop("drawn_turns")

        def _parse_teams(data: object) -> list[list[int]] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                teams_type_0 = []
                _teams_type_0 = data
                for teams_type_0_item_data in _teams_type_0:
                    teams_type_0_item = cast(list[int], teams_type_0_item_data)

                    teams_type_0.append(teams_type_0_item)

                return teams_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None, data)

        teams = _parse_teams(d.pop("teams"))

        def _parse_last_round(
            data: object,
        ) -> None | SkipBoLastRound | SkipBoViewLastRoundType1Type0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_round_type_0 = SkipBoLastRound.from_dict(data)

                return last_round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_round_type_1_type_0 = SkipBoViewLastRoundType1Type0.from_dict(data)

                return last_round_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SkipBoLastRound | SkipBoViewLastRoundType1Type0, data)

        last_round = _parse_last_round(d.pop("last_round"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = SkipBoRoundScore.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        _set_ = d.pop("set", UNSET)
        set_: RatedSet | Unset
        if isinstance(_set_, Unset):
            set_ = UNSET
        else:
            set_ = RatedSet.from_dict(_set_)

        skip_bo_view = cls(
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
            first_player=first_player,
            players=players,
            hand=hand,
            building_piles=building_piles,
            draw_pile_size=draw_pile_size,
            set_aside_size=set_aside_size,
            set_aside_piles=set_aside_piles,
            drawn_turns=drawn_turns,
            teams=teams,
            last_round=last_round,
            rounds=rounds,
            set_=set_,
        )

        return skip_bo_view
