"""The live table: a hosted game (`Game`) holding the engine's `Table` once dealt, and
around it open seats and the invite, joining, leaving, starting early, the turn timer's
deadline, the rematch link and the `table_log` of table changes (its `Hosting`: what the
host keeps besides the engine). Pure: no Redis, no HTTP, no clock of its own.

Versions: `version == state.version + changes`: engine moves (bot moves included) plus
table changes (a seat taken, a player leaving, a seat handed to a bot, a rematch offered;
`changes` counts `table_log` and the waiting phase's pruned entries). Table change
entries are self-describing: `version` (the game version the change created), `at_move`
(the engine's `state.version` then), `type`, `seat`, `name`…
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from cardtable_engine import turn_limit
from cardtable_engine.autoplay import play_bots
from cardtable_engine.base import GameOver, GameState, InvalidPlayers, Move
from cardtable_engine.checks import is_int
from cardtable_engine.host import (
    AlreadyLeft,
    AlreadyStarted,
    GameNotStarted,
    InvalidTableSettings,
    NoOpenSeat,
    check_name,
    hash_token,
    new_id,
    new_invite,
    new_token,
)
from cardtable_engine.registry import get_rules
from cardtable_engine.table import AppliedMove, Seat, Table, check_mover, plain_table_fields

TURN_SECONDS_MIN = 5
TURN_SECONDS_MAX = 7 * 24 * 3600
TABLE_SETTINGS = {
    "turn_seconds": {
        "type": "integer",
        "description": "Seconds a seat has to act before the server's greedy bot plays its "
        "turn (null: no timer). After several timeouts in a row the bot keeps the seat.",
        "default": None,
        "nullable": True,
        "minimum": TURN_SECONDS_MIN,
        "maximum": TURN_SECONDS_MAX,
    },
    "public": {
        "type": "boolean",
        "description": "List the game in the lobby while it waits for players.",
        "default": False,
        "nullable": False,
        "minimum": None,
        "maximum": None,
    },
}
"""The table settings `GET /game-types` lists beside each game's options."""
WAITING_LOG_MAX = 32
"""Table changes a waiting game keeps: past it, the oldest pairs of a seat taken and given
up again are pruned, so that churn (joins and leaves) cannot grow a document without end."""
LEFT_TOKENS_MAX = 32
"""Token hashes of leavers a waiting game keeps (an older leaver leaving again is refused as
an unknown token rather than as `already_left`)."""
TIMER_BOT = "greedy"
"""The bot that plays for an absent or departed player, when the game has it."""


def stand_in_bot(game: str) -> str:
    """The bot that plays for an absent or departed player of `game`: the greedy one, or,
    for a game without it, the first of its own (a leave must never ask for a bot the game
    does not have: that was a 500)."""
    bots = get_rules(game).bots
    return TIMER_BOT if TIMER_BOT in bots else sorted(bots)[0]


BOT_PLAY_SECONDS = 0.02
BOT_PLAY_MOVES = 200
"""Bounds on the bots' answers to one change (a leave, a timeout, a start): a slice, as for
games of bots only; whatever is left (bots-only tables after everyone left or timed out)
is played on, a slice per request, by later reads (`Game.bots_pending`)."""


@dataclasses.dataclass
class Hosting:
    """How the service hosts a table, besides the engine state and the seats: the settings
    it was made with (options, seed, public, turn seconds), who may sit (the invite, the
    creator, those who left before the deal), the turn timer's deadline, the rematch links
    and what the waiting phase leaves behind (abandoned, `dealt_at`, `pruned`).

    Named for whose it is: the host's side of a game, which the engine's `Table` (shared
    with the SDK's local play) knows nothing of. Not "table state", which would read as
    the engine state the table holds (`Game.table.state`). Stored as the document's
    "table" part (cardtable.documents.game)."""

    options: dict[str, Any]
    seed: int | None = None
    public: bool = False
    turn_seconds: int | None = None
    invite_sha256: str | None = None
    creator: int | None = None
    deadline: float | None = None
    deadline_seats: list[int] = dataclasses.field(default_factory=list)
    turn_key: list[Any] | None = None
    rematch: str | None = None
    rematch_of: str | None = None
    abandoned: bool = False
    dealt_at: int | None = None
    """The version whose change dealt a game that waited for players (its `deal` event)."""
    left_tokens: list[str] = dataclasses.field(default_factory=list)
    """Token hashes of players who left before the deal (so leaving twice is `already_left`)."""
    pruned: int = 0
    """Table changes of the waiting phase dropped from `table_log` (join-and-leave pairs,
    see `WAITING_LOG_MAX`): they still count in the version."""
    rated: bool = False
    """A rated game (made by the queue, cardtable.rated): its end changes the ratings."""
    players: list[str] | None = None
    """Per seat, the id of the rated player who holds it (rated games only)."""
    rated_set: dict[str, Any] | None = None
    """A game of a duplicate set (cardtable.rated.duplicate): `{"id", "index", "size"}`,
    shown as `set` in its views, record and score; None for every other game."""


def check_turn_seconds(value: object) -> int | None:
    if value is None:
        return None
    if not is_int(value):
        raise InvalidTableSettings("turn_seconds must be an integer number of seconds or null")
    if not TURN_SECONDS_MIN <= value <= TURN_SECONDS_MAX:
        raise InvalidTableSettings(
            f"turn_seconds must be from {TURN_SECONDS_MIN} to {TURN_SECONDS_MAX}, not {value}",
            minimum=TURN_SECONDS_MIN,
            maximum=TURN_SECONDS_MAX,
        )
    return value


def seats_for(game: str, players: Sequence[Mapping[str, Any]]) -> list[Seat]:
    """Seats for `players`: named ones (checked; bots known to the game) and open ones."""
    rules = get_rules(game)
    rules.check_players(len(players))
    seats: list[Seat] = []
    for index, entry in enumerate(players):
        if entry.get("open"):
            if entry.get("name") is not None or entry.get("bot") is not None:
                raise InvalidPlayers(f"player {index}: an open seat has no name and no bot")
            seats.append(Seat(index, "", open=True))
            continue
        bot = entry.get("bot")
        if bot is not None and bot not in rules.bots:
            known = ", ".join(sorted(rules.bots))
            raise InvalidPlayers(f"player {index}: unknown bot {bot!r}; bots: {known}")
        seats.append(Seat(index, check_name(entry.get("name"), index), bot))
    return seats


def iso_utc(epoch: float | None) -> str | None:
    if epoch is None:
        return None
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


class Game:
    """A stored game: its seats, how it is hosted (`hosting`), the `table_log` of table
    changes and, once dealt, the engine's `table` that plays it on the same seats."""

    def __init__(
        self,
        game_id: str,
        game: str,
        state: GameState | None,
        seats: list[Seat],
        created_at: float,
        hosting: Hosting,
        table_log: list[dict[str, Any]] | None = None,
    ) -> None:
        self.game_id = game_id
        self.game = game
        self.seats = seats
        """Every seat, open ones included: the dealt table plays on this same list."""
        self.created_at = created_at
        self.hosting = hosting
        self.table_log: list[dict[str, Any]] = table_log or []
        self.table: Table | None = None
        """The engine's table around the game, from the deal on (None while it waits)."""
        if state is not None:
            self._deal(state)

    def _deal(self, state: GameState) -> None:
        self.table = Table(self.game_id, state, self.seats, seeded=self.seeded)

    @property
    def seeded(self) -> bool:
        """The creator chose the seed (and may know every card): views say so. A duplicate
        set's seed is the server's own secret one (cardtable.rated.duplicate)."""
        return self.hosting.seed is not None and self.hosting.rated_set is None

    def _dealt(self) -> Table:
        if self.table is None:
            raise GameNotStarted("the game is still waiting for players; it has no deal yet")
        return self.table

    # ---- what it is --------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The engine state (GameNotStarted while the game waits for players)."""
        return self._dealt().state

    @property
    def dealt(self) -> bool:
        return self.table is not None

    @property
    def finished(self) -> bool:
        return self.table is not None and self.table.state.is_over

    @property
    def changes(self) -> int:
        """Table changes so far (the pruned ones too): each counts in the version."""
        return self.hosting.pruned + len(self.table_log)

    @property
    def version(self) -> int:
        moves = self.table.version if self.table is not None else 0
        return moves + self.changes

    @property
    def open_seats(self) -> list[int]:
        return [seat.seat for seat in self.seats if seat.open]

    @property
    def listed(self) -> bool:
        """Whether the lobby lists it: public, waiting, not abandoned."""
        return self.hosting.public and not self.dealt and not self.hosting.abandoned

    @property
    def humans(self) -> list[int]:
        return [s.seat for s in self.seats if not s.open and not s.bot]

    @property
    def only_bots(self) -> bool:
        """Every seat is played by a server bot (nobody is left to wait for)."""
        return all(seat.bot for seat in self.seats)

    def record_change(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Log one table change (the version grows by one)."""
        at_move = self.table.version if self.table is not None else 0
        entry = {"version": self.version + 1, "at_move": at_move, "type": kind, **fields}
        self.table_log.append(entry)
        return entry

    # ---- seats before the deal -------------------------------------------------------

    def take_seat(self, name: str, token_sha256: str, reserved_for: int | None = None) -> int:
        """Seat a joining player in the lowest open seat (or its reserved one)."""
        if self.hosting.abandoned:
            raise NoOpenSeat("everyone left this game before it started; it is abandoned")
        free = [
            s
            for s in self.seats
            if s.open and (s.seat == reserved_for if reserved_for is not None else not s.reserved)
        ]
        if self.dealt or not free:
            raise NoOpenSeat("no open seat is left in this game")
        seat = free[0]
        seat.name, seat.token_sha256, seat.open, seat.reserved = name, token_sha256, False, False
        self.record_change("join", seat=seat.seat, name=name)
        return seat.seat

    def fill_with_bots(self, bot: str) -> None:
        """Seat server bots in every open seat (starting early)."""
        if self.dealt:
            raise AlreadyStarted("the game has already started")
        if not self.humans:
            raise NoOpenSeat("everyone left this game before it started; it is abandoned")
        for seat in self.seats:
            if seat.open:
                seat.name, seat.bot, seat.open, seat.reserved = (
                    f"Bot {seat.seat}",
                    bot,
                    False,
                    False,
                )
                self.record_change("join", seat=seat.seat, name=seat.name, bot=bot)

    def deal_if_full(self, now: float) -> list[AppliedMove]:
        """Deal once no seat is open; then the bots act if they move first."""
        if self.dealt or self.open_seats or self.hosting.abandoned:
            return []
        rules = get_rules(self.game)
        names = [seat.name for seat in self.seats]
        # A table stored before `max_turns` existed (or for the release before) leaves it out:
        # uncapped, as it was created, not the default of a table created now.
        options = turn_limit.unset_when_missing(self.hosting.options, rules.option_specs)
        self._deal(rules.new_state(names, options, self.hosting.seed))
        self.hosting.dealt_at = self.version
        return self.after_change(now, None)

    def leave(self, seat: int, now: float) -> list[AppliedMove]:
        """The player at `seat` leaves: before the deal the seat opens again; after it the
        greedy bot plays the seat from now on."""
        player = self.seats[seat]
        if player.bot_reason == "left":
            raise AlreadyLeft(f"seat {seat} has already left this game")
        if self.finished:
            raise GameOver("the game is over; there is nothing to leave")
        if not self.dealt:
            self.hosting.left_tokens.append(player.token_sha256 or "")
            del self.hosting.left_tokens[:-LEFT_TOKENS_MAX]
            self.seats[seat] = Seat(seat, "", open=True)
            self.record_change("leave", seat=seat)
            self._prune_waiting_log()
            if not self.humans:
                self.hosting.abandoned = True
            return []
        key = self.turn_key()
        bot = stand_in_bot(self.game)
        player.bot, player.bot_reason = bot, "left"
        self.record_change("leave", seat=seat, bot=bot)
        return self.after_change(now, key)

    def _prune_waiting_log(self) -> None:
        """Past `WAITING_LOG_MAX` changes, drop the oldest join-and-leave pairs of a seat
        (still counted in the version: `Hosting.pruned`)."""
        log = self.table_log
        while len(log) > WAITING_LOG_MAX:
            pair = _oldest_join_and_leave(log)
            if pair is None:
                return
            for index in reversed(pair):
                del log[index]
            self.hosting.pruned += 2

    # ---- moves, bots and the timer -------------------------------------------------

    def move_at(self, seat: int, move: Move, if_match: int | None, now: float) -> list[AppliedMove]:
        """A client's move (see Table.move; If-Match names the game's version, table changes
        counted) at time `now`: the timer restarts for a new turn."""
        if self.table is None:
            # Refused as the table refuses it first (a bot seat, a stale If-Match), then undealt.
            check_mover(self.seats, seat, if_match, self.version)
            raise GameNotStarted("the game is still waiting for players; it has no deal yet")
        key = self.turn_key()
        applied = self.table.move(seat, move, if_match, changes=self.changes)
        self.seats[seat].timeouts = 0
        self.renew_deadline(now, key)
        return applied

    def after_change(self, now: float, key_before: list[Any] | None) -> list[AppliedMove]:
        """Let the bots answer (bounded), then restart the timer if a new turn began."""
        applied = self.play_bots(time.monotonic() + BOT_PLAY_SECONDS, max_moves=BOT_PLAY_MOVES)
        self.renew_deadline(now, key_before)
        return applied

    def play_bots(
        self, deadline: float | None = None, max_moves: int | None = None
    ) -> list[AppliedMove]:
        """The bots of the dealt table act (see Table.play_bots), at the game's versions."""
        return self._dealt().play_bots(deadline, max_moves, changes=self.changes)

    @property
    def bots_pending(self) -> bool:
        """Dealt, not over, and only bots are to act: the next read plays them on."""
        if self.table is None or self.table.state.is_over:
            return False
        active = self.table.state.active_seats()
        return bool(active) and all(self.seats[seat].bot for seat in active)

    def play_for(self, seat: int, max_moves: int = 100) -> list[AppliedMove]:
        """The timer bot plays `seat`'s current turn (or its setup reveals) for it."""
        key = self.turn_key()
        rules = get_rules(self.game)
        applied: list[AppliedMove] = []
        while (
            not self.state.is_over
            and seat in self.state.active_seats()
            and self.turn_key() == key
            and len(applied) < max_moves
        ):
            stand_in = {seat: stand_in_bot(self.game)}
            for moved_seat, move in play_bots(rules, self.state, stand_in, max_moves=1):
                applied.append(AppliedMove(self.version, moved_seat, move, True))
        return applied

    def hand_to_bot(self, seat: int, reason: str) -> None:
        bot = stand_in_bot(self.game)
        self.seats[seat].bot, self.seats[seat].bot_reason = bot, reason
        self.record_change("takeover", seat=seat, reason=reason, bot=bot)

    def turn_key(self) -> list[Any] | None:
        """Changes exactly when a new turn (or a new round's setup) begins."""
        if self.table is None or self.table.state.is_over:
            return None
        state = self.table.state
        # What every view shows as `round` and `current_player`, without building a view
        # (a view grows with the completed rounds; this runs twice per move).
        return [state.round, state.current]

    def renew_deadline(self, now: float, key_before: list[Any] | None, force: bool = False) -> None:
        """Set the deadline for the seats to act: anew when a new turn began (or `force`),
        kept while the same turn goes on; none without a timer or a human to act."""
        hosting = self.hosting
        due = [] if self.finished or not self.dealt else self.humans_to_act()
        if hosting.turn_seconds is None or not due:
            hosting.deadline, hosting.deadline_seats, hosting.turn_key = None, [], None
            return
        key = self.turn_key()
        if force or hosting.deadline is None or key != key_before:
            hosting.deadline = now + hosting.turn_seconds
        hosting.deadline_seats, hosting.turn_key = due, key

    def humans_to_act(self) -> list[int]:
        return [s for s in self.state.active_seats() if not self.seats[s].bot]

    # ---- views ---------------------------------------------------------------------

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.seat,
                "name": None if s.open and not s.reserved else s.name,
                "open": s.open,
                "reserved": s.reserved,
                "bot": s.bot,
            }
            for s in self.seats
        ]

    def table_fields(self) -> dict[str, Any]:
        """What views show of the table around the engine, for dealt and waiting games."""
        return {
            **plain_table_fields(self.seats, seeded=self.seeded),
            "version": self.version,
            "open_seats": len(self.open_seats),
            "public": self.hosting.public,
            "turn_seconds": self.hosting.turn_seconds,
            "deadline": iso_utc(self.hosting.deadline),
            "deadline_seats": list(self.hosting.deadline_seats),
            "rematch": self.hosting.rematch,
            "rematch_of": self.hosting.rematch_of,
            "rated": self.hosting.rated,
            **({"set": dict(self.hosting.rated_set)} if self.hosting.rated_set else {}),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """The dealt table's view (see Table.view), or the waiting table's."""
        if self.table is None:
            return {
                "id": self.game_id,
                "game": self.game,
                "phase": "waiting",
                "seat": seat,
                "finished": False,
                "options": self.hosting.options,
                "seats": self.public_seats(),
                "bots": [seat.bot for seat in self.seats],
                **self.table_fields(),
            }
        view = self.table.view(seat)
        view.update(self.table_fields())  # the live table's fields over the plain table's
        if self.hosting.players is not None:
            for entry in view["players"]:
                entry["player"] = self.hosting.players[entry["seat"]]
        return view

    def rated_record(self, record: dict[str, Any]) -> dict[str, Any]:
        """A finished game's record with what a rated game adds: `rated`, and each seat's
        rated player (`player`) in `players` (an unrated game's record is the engine's own)."""
        if not self.hosting.rated:
            return record
        if self.hosting.players is not None:
            for entry in record["players"]:
                entry["player"] = self.hosting.players[entry["seat"]]
        record["rated"] = True
        if self.hosting.rated_set:
            record["set"] = dict(self.hosting.rated_set)
        return record

    def lobby_entry(self) -> dict[str, Any] | None:
        """The lobby's summary of this game (None when the lobby must not list it)."""
        if not self.listed:
            return None
        return {
            "id": self.game_id,
            "game": self.game,
            "open_seats": len(self.open_seats),
            "players": self.public_seats(),
            "options": self.hosting.options,
            "turn_seconds": self.hosting.turn_seconds,
            "created_at": iso_utc(self.created_at),
            "version": self.version,
        }


def _oldest_join_and_leave(log: list[dict[str, Any]]) -> tuple[int, int] | None:
    """The indexes of the oldest "leave" of a waiting game's log and of the "join" of the
    same seat before it (None when no leave has one)."""
    joined: dict[Any, int] = {}
    for index, entry in enumerate(log):
        if entry.get("type") == "join":
            joined[entry.get("seat")] = index
        elif entry.get("type") == "leave" and entry.get("seat") in joined:
            return joined[entry.get("seat")], index
    return None


__all__ = [
    "TABLE_SETTINGS",
    "Game",
    "Hosting",
    "check_turn_seconds",
    "iso_utc",
    "new_game",
    "seats_for",
]


def _seat_tokens(seats: list[Seat], given: Sequence[str | None] | None) -> list[str | None]:
    """A new token for each taken seat (its hash set on the seat), None for open seats and
    for seats given the hash of a token made elsewhere (`given`)."""
    hashes = list(given) if given is not None else [None] * len(seats)
    tokens: list[str | None] = [None if s.open or hashes[s.seat] else new_token() for s in seats]
    for seat, token in zip(seats, tokens, strict=True):
        seat.token_sha256 = hash_token(token) if token else hashes[seat.seat]
    return tokens


def new_game(
    game: str,
    players: Sequence[Mapping[str, Any]],
    options: Mapping[str, Any] | None,
    seed: int | None,
    *,
    now: float,
    public: bool = False,
    turn_seconds: int | None = None,
    rematch_of: str | None = None,
    cap_turns: bool = True,
    game_id: str | None = None,
    rated: bool = False,
    player_ids: Sequence[str] | None = None,
    token_sha256s: Sequence[str | None] | None = None,
    rated_set: Mapping[str, Any] | None = None,
) -> tuple[Game, list[str | None], str | None]:
    """A new table: the game, one token per taken seat (None for open seats) and the
    invite (None when no seat is open). Dealt at once when no seat is open.
    `cap_turns`: the game gets its default `max_turns` (off while writing for the release
    before, which knows no such option). `game_id`: its id (None: drawn).
    A rated game (the queue's) names each seat's `player_ids` and may give seats the hash
    of a token made elsewhere (`token_sha256s`: that seat's token is then None here)."""
    seats = seats_for(game, players)
    rules = get_rules(game)
    if not cap_turns:
        options = turn_limit.uncapped_for_old_release(options, rules.option_specs)  # type: ignore[assignment]
    if public and seed is not None:
        raise InvalidTableSettings("a seeded game cannot be public: its cards could be known")
    hosting = Hosting(
        options=rules.resolve_options(options, len(seats)),
        seed=seed,
        public=bool(public),
        turn_seconds=check_turn_seconds(turn_seconds),
        rematch_of=rematch_of,
        rated=rated,
        players=list(player_ids) if player_ids is not None else None,
        rated_set=dict(rated_set) if rated_set is not None else None,
    )
    tokens = _seat_tokens(seats, token_sha256s)
    humans = [s.seat for s in seats if not s.open and not s.bot]
    hosting.creator = humans[0] if humans else None
    invite = new_invite() if any(s.open for s in seats) else None
    hosting.invite_sha256 = hash_token(invite) if invite else None
    created_id = game_id if game_id is not None else new_id()
    state = None
    if invite is None:  # no seat is open
        state = get_rules(game).new_state([s.name for s in seats], hosting.options, seed)
    return Game(created_id, game, state, seats, now, hosting), tokens, invite
