"""The table around a game: its seats (names, server bots), the rules every host applies
around the engine (bot seats take no moves from clients, If-Match must name the current
version, bots answer until a human must act) and the view as hosts serve it (with the
table's id and bots). Pure, like the engine: the game service and the SDK's local play
both run games through it, so they behave the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardtable_engine.autoplay import last_move, play_bots
from cardtable_engine.base import GameRules, GameState, InvalidPlayers, Move
from cardtable_engine.host import ServiceError, check_if_match, check_name
from cardtable_engine.registry import get_rules


class BotSeat(ServiceError):
    """A seat played by a bot of the host takes no moves from clients."""

    code = "bot_seat"


@dataclass
class Seat:
    seat: int
    name: str
    bot: str | None = None
    token_sha256: str | None = None
    """Only the game service sets it (the SHA-256 of the seat's bearer token)."""
    open: bool = False
    """A seat still waiting for a player (live tables: the game is not dealt yet)."""
    reserved: bool = False
    """An open seat only the same seat of the previous game may take (a rematch)."""
    bot_reason: str | None = None
    """Why a bot plays a seat a human had: "left" or "timeout" (None: from the start)."""
    timeouts: int = 0
    """Turns in a row the turn timer played for this seat."""


@dataclass(frozen=True)
class AppliedMove:
    """One move as the move answer lists it: the version it created, who made it, and how."""

    version: int
    seat: int
    move: Move
    by_bot: bool

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_players(rules: GameRules, players: Sequence[Mapping[str, Any]]) -> list[Seat]:
    """Seats for `players` ({"name", "bot"} entries): names checked, bots known to `rules`."""
    seats: list[Seat] = []
    for index, entry in enumerate(players):
        name = check_name(entry.get("name"), index)
        bot = entry.get("bot")
        if bot is not None and bot not in rules.bots:
            known = ", ".join(sorted(rules.bots))
            raise InvalidPlayers(f"player {index}: unknown bot {bot!r}; bots: {known}")
        seats.append(Seat(index, name, bot))
    return seats


def check_mover(seats: Sequence[Seat], seat: int, if_match: int | None, version: int) -> None:
    """What refuses a client's move for `seat` before the rules see it: a seat a bot plays,
    and an `if_match` that is not the current `version`."""
    if seats[seat].bot:
        raise BotSeat(f"seat {seat} is played by the {seats[seat].bot} bot")
    check_if_match(if_match, version)


def plain_table_fields(seats: Sequence[Seat], seeded: bool) -> dict[str, Any]:
    """What views show of the table around the game, for a host that adds nothing to it
    (live tables: the game service's tables set open seats, the turn timer and the rematch
    over these)."""
    return {
        "seeded": seeded,
        "open_seats": 0,
        "public": False,
        "turn_seconds": None,
        "deadline": None,
        "deadline_seats": [],
        "bot_reasons": [seat.bot_reason for seat in seats],
        "left": [seat.bot_reason == "left" for seat in seats],
        "rematch": None,
        "rematch_of": None,
        "rated": False,
    }


class Table:
    """A game's engine state and seats, with the host's rules around the engine."""

    def __init__(
        self, table_id: str, state: GameState, seats: list[Seat], seeded: bool = False
    ) -> None:
        self.table_id = table_id
        self.state = state
        self.seats = seats
        self.seeded = seeded
        """The creator chose the seed, so the creator may know every card: views say so."""

    @classmethod
    def deal(
        cls,
        table_id: str,
        game: str,
        players: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> Table:
        """A new game at version 0 (bots have not moved yet: see `play_bots`)."""
        rules = get_rules(game)
        seats = check_players(rules, players)
        state = rules.new_state([seat.name for seat in seats], options, seed)
        return cls(table_id, state, seats, seeded=seed is not None)

    @property
    def game(self) -> str:
        return self.state.game

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def bots(self) -> list[str | None]:
        return [seat.bot for seat in self.seats]

    @property
    def only_bots(self) -> bool:
        return all(self.bots)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for `seat` (None: a spectator), plus what the host adds: the
        table's id, which seats its bots play and whether the seed was chosen."""
        view = self.state.view(seat)
        view["id"] = self.table_id
        view["bots"] = self.bots
        view.update(self.table_fields())
        return view

    def table_fields(self) -> dict[str, Any]:
        """What views show of the table around the game: see `plain_table_fields`."""
        return plain_table_fields(self.seats, self.seeded)

    def move(
        self, seat: int, move: Move, if_match: int | None = None, *, changes: int = 0
    ) -> list[AppliedMove]:
        """Apply a client's move for `seat`, then the bots' answers; every applied move.

        Refused (changing nothing) for a bot seat, when `if_match` is not the current
        version, and with the engine's typed errors when the rules refuse the move.
        `changes`: the host's own changes of the table so far (a live table's seats taken,
        players leaving…), which count in the version `if_match` names and the moves
        create; a plain table has none."""
        check_mover(self.seats, seat, if_match, self.version + changes)
        # A copy: the engine must not keep a dict the caller may still change.
        self.state.apply(seat, dict(move))
        applied = [AppliedMove(self.version + changes, seat, last_move(self.state), False)]
        return applied + self.play_bots(changes=changes)

    def play_bots(
        self, deadline: float | None = None, max_moves: int | None = None, *, changes: int = 0
    ) -> list[AppliedMove]:
        """Let the bot seats act until a human must act or the game ends (or `deadline`, a
        `time.monotonic()` value, passes, or `max_moves` are made). Bots draw from per-move
        random streams of the seed, so a host replays another host's game for the same
        seed. `changes`: as for `move`."""
        bot_of = {seat.seat: seat.bot for seat in self.seats if seat.bot}
        if not bot_of:
            return []
        first_version = self.version + changes
        moves = play_bots(
            get_rules(self.game), self.state, bot_of, deadline=deadline, max_moves=max_moves
        )
        return [
            AppliedMove(version, seat, move, True)
            for version, (seat, move) in enumerate(moves, start=first_version + 1)
        ]


__all__ = [
    "AppliedMove",
    "BotSeat",
    "Seat",
    "Table",
    "check_mover",
    "check_players",
    "plain_table_fields",
]
