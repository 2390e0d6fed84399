"""The skeleton every game builds on: `GameState` owns the move pipeline (seat, parse, game
over, turn, step, legality, log, perform), the card source (the RNG, or a recorded log so
a replay goes the same way), the record, totals, the loader and the log; a game supplies
hooks. `GameRules` pairs a game's static `GameInfo` with its state class.

Nothing here (or anywhere under `cardtable_engine`) may import Flask, marshmallow or redis.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter, deque
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from cardtable_engine.cards import DeckRng, new_seed
from cardtable_engine.checks import Check, integer, require_fields, require_int
from cardtable_engine.errors import (
    EngineError,
    GameNotOver,
    GameOver,
    IllegalMove,
    InvalidOptions,
    InvalidPlayers,
    InvalidRecord,
    InvalidSeat,
    InvalidState,
    MalformedMove,
    Move,
    NotYourTurn,
    WrongPhase,
)
from cardtable_engine.hooks import EventHooks, PlayHooks, SearchHooks, StoredFormHooks
from cardtable_engine.options import JSON, Bot, GameInfo, OptionSpec, resolve_option_values
from cardtable_engine.scoring import running_totals
from cardtable_engine.shapes import MoveShape, MoveSpace, move_space
from cardtable_engine.shapes import parse_move as parse_declared

if TYPE_CHECKING:
    from cardtable_engine.sheets import SheetRules

__all__ = [
    "JSON",
    "Bot",
    "DeckRng",
    "EngineError",
    "Entry",
    "GameInfo",
    "GameNotOver",
    "GameOver",
    "GameRules",
    "GameState",
    "IllegalMove",
    "InvalidOptions",
    "InvalidPlayers",
    "InvalidRecord",
    "InvalidSeat",
    "InvalidState",
    "MalformedMove",
    "Move",
    "NotYourTurn",
    "OptionSpec",
    "RecordedCards",
    "WrongPhase",
    "copy_json",
    "copy_log",
    "entry_checks",
    "new_seed",
    "require_fields",
    "require_int",
    "resolve_option_values",
]

Entry = dict[str, JSON]
"""A log entry: a flat JSON object whose `type` says what happened ("move", "deal", ...)."""

S = TypeVar("S", bound="GameState")
H = TypeVar("H")

PHASES = ("waiting", "setup", "playing", "finished")
"""Every view's `phase`: "waiting" (a table with open seats, before the deal), "setup"
(what precedes the first turn, e.g. Skyjo's simultaneous reveals), "playing", "finished"."""

_SPACES: dict[tuple[type, int], MoveSpace] = {}
"""The move space of each state class and player count, once made (looked up per move)."""

COMMON_KEYS = ("game", "schema_version", "names", "options", "version", "rng")
"""The stored keys every game has, before its own; "log" comes last."""


class RecordedCards:
    """Card orders read from a record's log instead of the RNG, so a replay needs no seed.

    Before each logged move the replay queues the entries (deals, reshuffles) that follow
    it; the move must consume exactly those, in that order.
    """

    def __init__(self) -> None:
        self.pending: deque[Entry] = deque()

    def take(self, kind: str) -> Entry:
        if not self.pending:
            raise InvalidRecord(f"the log lacks the {kind} entry that this move needs")
        entry = self.pending.popleft()
        if entry["type"] != kind:
            raise InvalidRecord(f"expected a {kind} entry in the log, found {entry['type']!r}")
        return entry


class GameState(ABC):
    """The full state of one game (hidden cards included). Mutable: `apply` changes it in
    place, and leaves it unchanged when it raises."""

    info: ClassVar[GameInfo]
    SCHEMA_VERSION: ClassVar[int] = 1
    STEP_MOVES: ClassVar[Mapping[str, Collection[str]]]
    """The move types of each step; a move of another step is a WrongPhase."""
    MOVES: ClassVar[tuple[MoveShape, ...]] = ()
    """Every move type's shape(s) (see shapes.py): the API's move schemas and the stored
    move log (the static move space) are derived from them."""
    SCORE_ROUND_KEYS: ClassVar[tuple[str, ...]] = ("round", "scores")
    """The keys of a completed round that the contract's Score shows."""
    ROUND_FIELDS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """The JSON Schema of each key of SCORE_ROUND_KEYS beyond `round` and `scores` (the
    API's `<Game>RoundScore` is derived from them)."""
    VIEW_FIELDS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """The JSON Schema of each of the game's own view fields (`build_view`), in order (see
    view_fields.py): the API's `<Game>View` is derived from them and the shared fields."""
    VIEW_PARTS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """The objects VIEW_FIELDS name with `view_fields.part` (each a `<Game><Part>` schema)."""
    VIEW_STEP: ClassVar[Mapping[str, Any] | None] = None
    """The JSON Schema of the view's `step` (by default: a key of STEP_MOVES, or null)."""
    # The modules a game hands jobs to, named by its state class (each checked by mypy
    # against its Protocol in hooks.py); None: the class implements the hooks itself.
    events: ClassVar[EventHooks | None] = None
    """The game's events module (move_consequences, deal_fields), unless the generic
    view-diff of cardtable_engine.events describes its events well enough."""
    stored_form: ClassVar[StoredFormHooks | None] = None
    """The game's stored_form module (state_fields, dump_fields, restore,
    check_consistency, log_entries, order_of), unless the class implements those hooks
    itself."""
    play: ClassVar[PlayHooks | None] = None
    """The game's moves module (check_legal, perform), unless the class implements those
    hooks itself."""
    search: ClassVar[SearchHooks | None] = None
    """The game's search module (clone, from_view): see cardtable_engine.search."""

    def __init__(self, names: Sequence[str], options: Mapping[str, JSON], rng: DeckRng) -> None:
        """An undealt game; `start()` deals it (use `new` or `replay`)."""
        self.names = list(names)
        self.options = dict(options)
        self.rng = rng
        self.version = 0
        """Number of moves applied so far (bot moves included); grows by one per move."""
        self.round = 1
        self.current: int | None = None
        """The seat whose turn it is; None between turns (simultaneous steps, the end)."""
        self.rounds: list[dict[str, JSON]] = []
        """Completed rounds, each with at least its number and scores."""
        self.log: list[Entry] = []
        """The record's log so far (deals, moves, reshuffles), from entry `log_offset` on."""
        self.log_offset = 0
        """Entries before `log[0]`, when loaded from a snapshot without its log."""
        self.script: RecordedCards | None = None
        """Set only while replaying a record: card orders come from the log, not the RNG."""
        self.on_move: Callable[[int, Move], None] | None = None
        """Called with each accepted move before it is carried out (the state is still the
        one the move was made in): hosts use it to write their own compact log."""

    @property
    def game(self) -> str:
        return self.info.name

    @property
    def n_players(self) -> int:
        return len(self.names)

    # -- creating ------------------------------------------------------------------------

    @classmethod
    def new(cls: type[S], names: Sequence[str], options: object = None, seed: object = None) -> S:
        """A new game: options resolved, round 1 dealt."""
        if isinstance(names, str) or not all(isinstance(name, str) for name in names):
            raise InvalidPlayers("players are given as a list of names")
        resolved = cls.info.resolve_options(options, len(names))
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidOptions("the seed must be an integer")
        state = cls(names, resolved, DeckRng(seed=new_seed() if seed is None else seed))
        state.start()
        return state

    # -- hooks a game supplies -----------------------------------------------------------

    @abstractmethod
    def start(self) -> None:
        """Deal round 1 and open the first step."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def active_seats(self) -> list[int]:
        """Seats that may act now, in seat order (several during Skyjo's setup reveals)."""

    @abstractmethod
    def step(self) -> str | None:
        """What the acting seat(s) do next (a key of STEP_MOVES), None once the game is over."""

    @abstractmethod
    def moves_for(self, seat: int) -> list[Move]:
        """Every legal move of `seat`, which may act now, without duplicates."""

    @classmethod
    def parse_move(cls, move: object, seat: int, n_players: int) -> Move:
        """The normalized move (a fresh dict, fields in the contract's order), or
        MalformedMove saying what is wrong with its shape: parsed from the declared `MOVES`
        (a game adds a rule of its own by extending this, as Skip-Bo's partner piles do)."""
        return parse_declared(cls.MOVES, move, n_players)

    def check_legal(self, seat: int, move: Move) -> None:
        """IllegalMove when a well-formed move of the right step is not allowed now."""
        self._module(self.play, "play").check_legal(self, seat, move)

    def perform(self, seat: int, move: Move) -> None:
        """Carry out a checked move (its log entry is already written)."""
        self._module(self.play, "play").perform(self, seat, move)

    @abstractmethod
    def build_view(self, seat: int | None) -> dict[str, JSON]:
        """The game's own part of what `seat` (or a spectator, for None) may see."""

    @abstractmethod
    def view_phase(self) -> str:
        """The current phase in the shared vocabulary (PHASES)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over, else []."""

    @abstractmethod
    def card_counts(self) -> Counter[int]:
        """Every card in every zone, by value (for conservation checks)."""

    # The stored form: by default the game's `stored_form` module does each job.

    @classmethod
    def _stored(cls) -> StoredFormHooks:
        return cls._module(cls.stored_form, "stored_form")

    @classmethod
    def _module(cls, module: H | None, hook: str) -> H:
        """The module the class names for `hook`; a class that names none must implement
        the hooks that would call it."""
        if module is None:
            raise NotImplementedError(f"{cls.__name__} names no {hook} module: set `{hook}`"
                                      " or implement the hook methods")  # fmt: skip
        return module

    @classmethod
    def state_fields(cls, n_players: int, options: Mapping[str, JSON]) -> dict[str, Check]:
        """The game's own stored keys, in order, and the check of each (see checks.py)."""
        fields: dict[str, Check] = cls._stored().state_fields(n_players, options)
        return fields

    def dump_fields(self) -> dict[str, JSON]:
        """The game's own stored keys, in the order of `state_fields` (fresh copies)."""
        fields: dict[str, JSON] = self._stored().dump_fields(self)
        return fields

    @classmethod
    def trusted_fields(cls, data: Mapping[str, Any]) -> dict[str, JSON]:
        """The game's own keys of a snapshot this release wrote, in the form `restore`
        takes, converted but not checked (see `loader.load`; may take over `data`'s lists).
        A game whose stored_form module does not convert them unchecked gets them checked."""
        convert = getattr(cls.stored_form, "trusted_fields", None)
        if convert is not None:
            fields: dict[str, JSON] = convert(data)
            return fields
        checks = cls.state_fields(len(data["names"]), data["options"])
        return {key: check(data[key], key) for key, check in checks.items()}

    def restore(self, fields: dict[str, JSON]) -> None:
        """Take over the checked values of `state_fields`."""
        self._stored().restore(self, fields)

    def check_consistency(self) -> None:
        """InvalidState when the loaded parts could not occur together in a played game."""
        self._stored().check_consistency(self)

    @classmethod
    def log_entries(cls, n_players: int) -> dict[str, Check]:
        """The check of each kind of log entry other than "move" (deals, reshuffles)."""
        checks: dict[str, Check] = cls._stored().log_entries(n_players)
        return checks

    @classmethod
    def order_of(cls, entry: Entry) -> list[int]:
        """The card order that a checked deal or reshuffle entry records."""
        order: list[int] = cls._stored().order_of(entry)
        return order

    @classmethod
    def move_space(cls, n_players: int) -> MoveSpace:
        """Every move a game of `n_players` could make, numbered (shapes.MoveSpace)."""
        found = _SPACES.get((cls, n_players))
        if found is None:
            found = _SPACES[(cls, n_players)] = move_space(cls.MOVES, n_players)
        return found

    # -- hooks with a default ------------------------------------------------------------

    def why_not_your_turn(self, seat: int) -> str:
        current = self.active_seats()
        whose = f"seat {current[0]}'s" if current else "nobody's"
        return f"it is {whose} turn, not seat {seat}'s"

    def view_step(self, seat: int | None) -> str | None:
        """The step as `seat` may see it (the acting seat's own step may be private)."""
        return self.step()

    def check_step(self, seat: int, move: Move) -> None:
        """WrongPhase when the move's type does not belong to the current step."""
        step = self.step()
        assert step is not None  # the game is not over
        if move["type"] not in self.STEP_MOVES[step]:
            expected = " or ".join(self.STEP_MOVES[step])
            raise WrongPhase(f"now is the time for {expected}, not {move['type']}")

    # -- the move pipeline ---------------------------------------------------------------

    def check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_players:
            raise InvalidSeat(f"seat must be an integer from 0 to {self.n_players - 1}")

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of `seat`, without duplicates; empty when it may not act."""
        self.check_seat(seat)
        if self.is_over or seat not in self.active_seats():
            return []
        return self.moves_for(seat)

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What `seat` (or a spectator, for None) may see (see docs/adding-a-game.md)."""
        if seat is not None:
            self.check_seat(seat)
        return {**self.common_view(seat), **self.build_view(seat)}

    def common_view(self, seat: int | None) -> dict[str, JSON]:
        """The fields every game's view has, in one vocabulary (docs/adding-a-game.md)."""
        score = self.score()
        return {
            "game": self.game,
            "version": self.version,
            "seat": seat,
            "phase": self.view_phase(),
            "round": self.round,
            "current_player": self.current,
            "active_seats": [] if self.is_over else self.active_seats(),
            "step": self.view_step(seat),
            "finished": self.is_over,
            "options": dict(self.options),
            "totals": score["totals"],
            "rounds": score["rounds"],
            "winners": score["winners"],
        }

    def apply(self, seat: int, move: Mapping[str, Any]) -> None:
        """Apply `move` for `seat`, or raise an EngineError and change nothing."""
        self.check_seat(seat)
        parsed = self.parse_move(move, seat, self.n_players)
        try:
            if self.is_over:
                raise GameOver("the game is over; no more moves")
            if seat not in self.active_seats():
                raise NotYourTurn(self.why_not_your_turn(seat))
            self.check_step(seat, parsed)
            self.check_legal(seat, parsed)
        except EngineError as error:
            error.move = error.move if error.move is not None else parsed
            error.seat = seat if error.seat is None else error.seat
            raise
        if self.on_move is not None:
            self.on_move(seat, parsed)
        self.log.append({"type": "move", "seat": seat, "move": parsed})
        self.version += 1
        self.perform(seat, parsed)

    def apply_legal(self, seat: int, move: Mapping[str, Any]) -> None:
        """Apply a move known to be legal for `seat` now, in its normalized form (one of
        `legal_moves(seat)`), without the checks of `apply`: for callers that work out the
        legal moves themselves on every step, as the SDK's training environments do (their
        action masks equal `legal_moves` by test). Any other move leaves a broken state."""
        parsed = dict(move)  # the log's own copy, as `apply` writes it
        if self.on_move is not None:
            self.on_move(seat, parsed)
        self.log.append({"type": "move", "seat": seat, "move": parsed})
        self.version += 1
        self.perform(seat, parsed)

    def card_order(self, kind: str, cards: list[int]) -> list[int]:
        """The order of `cards` for a new deal or reshuffle (its log entry is the game's to
        write): shuffled by the RNG, or read from the record while replaying."""
        if self.script is None:
            order = list(cards)
            self.rng.shuffle(order)
            return order
        order = self.order_of(self.script.take(kind))
        if Counter(order) != Counter(cards):
            raise InvalidRecord(f"a {kind} entry of the log does not hold the expected cards")
        return order

    # -- scores and the record -----------------------------------------------------------

    def totals(self) -> list[int]:
        return running_totals([result["scores"] for result in self.rounds], self.n_players)

    def score(self) -> dict[str, JSON]:
        """The contract's Score: finished, rounds, totals, winners."""
        return {
            "finished": self.is_over,
            "rounds": [
                {key: copy_json(result[key]) for key in self.SCORE_ROUND_KEYS}
                for result in self.rounds
            ],
            "totals": self.totals(),
            "winners": self.winners(),
        }

    def record(self) -> dict[str, JSON]:
        """The contract's Record; raises GameNotOver before the end."""
        if not self.is_over:
            raise GameNotOver("the record is available once the game is over")
        if self.log_offset:
            raise InvalidState("the record needs the whole log; load the state with it")
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": [{"seat": seat, "name": name} for seat, name in enumerate(self.names)],
            "log": copy_log(self.log),
            "score": self.score(),
        }

    @classmethod
    def replay(
        cls: type[S], record: Mapping[str, Any], before_move: Callable[..., None] | None = None
    ) -> S:
        """The final state of a recorded game, from its log alone; InvalidRecord otherwise.
        `before_move(seat, view, legal moves, move)` sees each decision as it is replayed."""
        from cardtable_engine.replay import replay

        return replay(cls, record, before_move)

    # -- plain data ----------------------------------------------------------------------

    def snapshot(self) -> dict[str, JSON]:
        """Plain JSON-able data without the log (`log_length` says how long it is)."""
        return {**self._head(), **self.dump_fields(), "log_length": self.log_length}

    def to_dict(self) -> dict[str, JSON]:
        """Plain JSON-able data, with `schema_version` and the log, that `from_dict` reads."""
        if self.log_offset:
            raise InvalidState("this state was loaded without its log")
        return {**self._head(), **self.dump_fields(), "log": copy_log(self.log)}

    def _head(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "schema_version": self.SCHEMA_VERSION,
            "names": list(self.names),
            "options": dict(self.options),
            "version": self.version,
            "rng": self.rng.to_dict(),
        }

    @property
    def log_length(self) -> int:
        return self.log_offset + len(self.log)

    @classmethod
    def from_dict(cls: type[S], data: Mapping[str, Any], *, trusted: bool = False) -> S:
        """Rebuild a state from `to_dict()` (or from a `snapshot()`, whose log stays
        unread); InvalidState when malformed or inconsistent. The state may keep (not copy)
        the log's move entries, so `data` must not be changed afterwards. `trusted`: a
        snapshot this release wrote, decoded afresh, taken over unchecked (`loader.load`)."""
        from cardtable_engine.loader import load

        return load(cls, data, trusted=trusted)


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, objects, scalars)."""
    if type(value) is list:
        return [copy_json(item) for item in value]
    if type(value) is dict:
        return {key: copy_json(item) for key, item in value.items()}
    return value


def copy_log(log: list[Entry]) -> list[Entry]:
    """A deep copy of a log (moves, by far the most entries, are flat: one quick copy)."""
    return [
        {"type": "move", "seat": entry["seat"], "move": entry["move"].copy()}
        if entry["type"] == "move"
        else copy_json(entry)
        for entry in log
    ]


@dataclass(frozen=True)
class GameRules(GameInfo):
    """One hosted game: its static facts and the state class that plays it."""

    state_class: type[GameState] = field(kw_only=True)
    sheet: SheetRules | None = field(default=None, kw_only=True)
    """How a round of the game is entered and counted on a score sheet (None: no sheets)."""

    @classmethod
    def hosting(cls, state_class: type[GameState], *, sheet: SheetRules | None = None) -> GameRules:
        """The rules of the game whose facts are `state_class.info` (and its score sheet's)."""
        info = state_class.info
        return cls(
            **{f.name: getattr(info, f.name) for f in fields(GameInfo)},
            state_class=state_class,
            sheet=sheet,
        )

    def new_state(
        self, names: Sequence[str], options: object = None, seed: object = None
    ) -> GameState:
        """(player names, options, seed or None) -> a fresh state, dealt and ready to play."""
        return self.state_class.new(names, options, seed)

    def replay(self, record: Mapping[str, Any]) -> GameState:
        """A record -> the final state, using only the record's log (raises InvalidRecord)."""
        return self.state_class.replay(record)

    def load(self, data: Mapping[str, Any], *, trusted: bool = False) -> GameState:
        return self.state_class.from_dict(data, trusted=trusted)


def entry_checks(
    cls: type[GameState], n_players: int, *, ordered: bool = True
) -> dict[str, Callable[[Any, str], Any]]:
    """The check of every kind of log entry of `cls`, the move entry included; `ordered`:
    a move's fields must be in the engine's order (stored states; a record that went
    through JSON tools may list them in any order)."""
    return {**cls.log_entries(n_players), "move": _move_entry(cls, n_players, ordered)}


def _move_entry(cls: type[GameState], n_players: int, ordered: bool) -> Check:
    seat_check = integer(0, n_players - 1)

    def check(value: Any, name: str) -> Entry:
        if type(value) is not dict or value.keys() != {"type", "seat", "move"}:
            raise InvalidState(f"{name}: a move entry has exactly type, seat and move")
        seat, move = seat_check(value["seat"], f"{name}.seat"), value["move"]
        try:
            parsed = cls.parse_move(move, seat, n_players)
        except MalformedMove as error:
            raise InvalidState(f"{name}.move: {error.message}") from None
        if type(move) is not dict or move != parsed:
            raise InvalidState(f"{name}.move must be a normalized move")
        if ordered and list(move) != list(parsed):
            raise InvalidState(f"{name}.move must list its fields in order")
        return value

    return check
