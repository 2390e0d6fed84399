"""The vocabulary every game engine shares: typed errors, option specs, the deck RNG and the
interfaces (`GameRules`, `GameState`) that the store and the API program against.

Nothing here (or anywhere under `cardtable.engine`) may import Flask, marshmallow or redis.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

Move = dict[str, Any]
"""A move is exactly the flat JSON object of the API contract, e.g. {"type": "draw"}."""

JSON = Any

# --------------------------------------------------------------------------------------
# Errors. Each carries a stable machine-readable `code` that the API passes through.
# --------------------------------------------------------------------------------------


class EngineError(ValueError):
    """Base of every error a client can cause; the state is unchanged when one is raised."""

    code: ClassVar[str] = "engine_error"

    def __init__(self, message: str, *, move: Move | None = None, seat: int | None = None):
        super().__init__(message)
        self.message = message
        self.move = move
        self.seat = seat


class MalformedMove(EngineError):
    """The move is not one of the contract's shapes (unknown type, missing or extra field,
    a non-integer or out-of-range number)."""

    code = "malformed_move"


class IllegalMove(EngineError):
    """The move is well formed but the rules do not allow it now (illegal target, …)."""

    code = "illegal_move"


class NotYourTurn(EngineError):
    """The seat may not act now."""

    code = "not_your_turn"


class WrongPhase(EngineError):
    """The move type does not belong to the current step (e.g. `replace` before `draw`)."""

    code = "wrong_phase"


class GameOver(EngineError):
    """The game is finished; no move is accepted."""

    code = "game_over"


class InvalidSeat(EngineError):
    """The seat number does not exist in this game."""

    code = "invalid_seat"


class InvalidPlayers(EngineError):
    """Too few or too many players, or a player entry the game cannot seat."""

    code = "invalid_players"


class InvalidOptions(EngineError):
    """Unknown option, wrong type, value out of range, or options that do not fit together."""

    code = "invalid_options"


class InvalidState(EngineError):
    """Serialized state that is malformed, from an unknown schema version, or inconsistent."""

    code = "invalid_state"


class InvalidRecord(EngineError):
    """A record that cannot be replayed (bad shape, or a logged move that is not legal)."""

    code = "invalid_record"


class GameNotOver(EngineError):
    """The record of a game is only available once the game is over."""

    code = "game_not_over"


# --------------------------------------------------------------------------------------
# Options: static facts about a game, used to validate `POST /games` and to describe the
# game to frontends (the discovery endpoint renders these specs as they are).
# --------------------------------------------------------------------------------------

OptionKind = Literal["integer", "boolean", "string"]


@dataclass(frozen=True)
class OptionSpec:
    name: str
    kind: OptionKind
    description: str
    default: JSON = None
    nullable: bool = False
    """`None` is a legal value, meaning "none" (e.g. `max_rounds: null`)."""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    default_by_players: Mapping[int, JSON] | None = None
    """When the default depends on the player count (Skip-Bo's stock size)."""

    def default_for(self, n_players: int) -> JSON:
        if self.default_by_players is not None:
            return self.default_by_players[n_players]
        return self.default

    def check(self, value: JSON) -> JSON:
        """Return `value` if it fits this spec, else raise InvalidOptions saying why."""
        if value is None:
            if self.nullable:
                return None
            raise InvalidOptions(f"option {self.name!r} may not be null")
        if self.kind == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(f"option {self.name!r} must be an integer")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(f"option {self.name!r} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(f"option {self.name!r} must be at most {self.maximum}")
        elif self.kind == "boolean":
            if not isinstance(value, bool):
                raise InvalidOptions(f"option {self.name!r} must be true or false")
        elif self.kind == "string":
            if not isinstance(value, str):
                raise InvalidOptions(f"option {self.name!r} must be a string")
            if self.choices is not None and value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOptions(f"option {self.name!r} must be one of {allowed}")
        return value

    def describe(self) -> dict[str, JSON]:
        """Plain data for the discovery endpoint."""
        return {
            "name": self.name,
            "type": self.kind,
            "description": self.description,
            "default": self.default,
            "default_by_players": (
                {str(k): v for k, v in self.default_by_players.items()}
                if self.default_by_players is not None
                else None
            ),
            "nullable": self.nullable,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices) if self.choices is not None else None,
        }


def resolve_option_values(
    specs: Sequence[OptionSpec], options: Mapping[str, JSON] | None, n_players: int
) -> dict[str, JSON]:
    """Check each given option against its spec and fill in defaults for the missing ones."""
    options = dict(options or {})
    known = {spec.name for spec in specs}
    unknown = sorted(set(options) - known)
    if unknown:
        raise InvalidOptions(
            f"unknown option(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    resolved: dict[str, JSON] = {}
    for spec in specs:
        if spec.name in options:
            resolved[spec.name] = spec.check(options[spec.name])
        else:
            resolved[spec.name] = spec.default_for(n_players)
    return resolved


# --------------------------------------------------------------------------------------
# Randomness. The state holds a secret seed and a counter; every shuffle derives a fresh
# generator from both, so the whole RNG serializes as two integers and a given seed
# reproduces a game exactly. Nothing derived from the seed ever appears in a view.
# --------------------------------------------------------------------------------------


def new_seed() -> int:
    """A seed from a secure source, for games created without one."""
    return secrets.randbits(128)


@dataclass
class DeckRng:
    seed: int
    counter: int = 0

    def _stream(self, purpose: str) -> random.Random:
        digest = hashlib.sha256(f"cardtable:{self.seed}:{purpose}:{self.counter}".encode()).digest()
        self.counter += 1
        return random.Random(int.from_bytes(digest, "big"))

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle `cards` in place (one step of the counter)."""
        self._stream("shuffle").shuffle(cards)

    def derived(self, purpose: str) -> random.Random:
        """An independent generator for other uses, also one step of the counter."""
        return self._stream(purpose)

    def for_step(self, purpose: str, step: int) -> random.Random:
        """A generator for one numbered step (e.g. the bot move that makes version `step`),
        derived from the seed alone: the counter does not move, so the result does not
        depend on what was drawn before, nor on how the work was split between calls."""
        digest = hashlib.sha256(f"cardtable:{self.seed}:{purpose}:step:{step}".encode()).digest()
        return random.Random(int.from_bytes(digest, "big"))

    def to_dict(self) -> dict[str, JSON]:
        # The seed is written as a decimal string: secure seeds have 128 bits, more than
        # JSON libraries such as orjson (or JavaScript) carry in a number without loss.
        return {"seed": str(self.seed), "counter": self.counter}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DeckRng:
        seed, counter = data.get("seed"), data.get("counter")
        if isinstance(seed, str) and _DECIMAL.fullmatch(seed):
            seed = int(seed)
        if (
            isinstance(seed, bool)
            or not isinstance(seed, int)
            or isinstance(counter, bool)
            or not isinstance(counter, int)
            or counter < 0
        ):
            raise InvalidState("rng must hold an integer seed and a non-negative counter")
        return cls(seed=seed, counter=counter)


_DECIMAL = re.compile(r"-?[0-9]{1,80}")


# --------------------------------------------------------------------------------------
# Move validation helpers shared by both engines.
# --------------------------------------------------------------------------------------


def require_int(move: Mapping[str, Any], name: str, low: int, high: int) -> int:
    """The integer field `name` of `move`, in low..high; MalformedMove otherwise.

    JSON booleans are ints in Python, and "1" or 1.5 are not integers: all are refused.
    """
    value = move.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedMove(f"{name!r} must be an integer", move=dict(move))
    if not low <= value <= high:
        raise MalformedMove(f"{name!r} must be between {low} and {high}", move=dict(move))
    return value


def require_fields(move: Mapping[str, Any], allowed: set[str], required: set[str]) -> None:
    extra = sorted(set(move) - allowed)
    if extra:
        raise MalformedMove(f"unexpected field(s) {', '.join(extra)}", move=dict(move))
    missing = sorted(required - set(move))
    if missing:
        raise MalformedMove(f"missing field(s) {', '.join(missing)}", move=dict(move))


# --------------------------------------------------------------------------------------
# The interfaces the store and the API program against.
# --------------------------------------------------------------------------------------

Bot = Callable[[dict[str, Any], list[Move], random.Random], Move]
"""A bot decides from a seat's view and that seat's legal moves only (never hidden state)."""


class GameState(ABC):
    """The full state of one game (hidden cards included). Mutable: `apply` changes it in
    place, and leaves it unchanged when it raises."""

    game: ClassVar[str]
    SCHEMA_VERSION: ClassVar[int]

    version: int
    """Number of moves applied so far (bot moves included); grows by one per move."""
    names: list[str]
    options: dict[str, JSON]
    rng: DeckRng
    log: list[dict[str, JSON]]
    """The record's log so far: deals, moves (normalized) and reshuffles, in order."""

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def active_seats(self) -> list[int]:
        """Seats that may act now, in seat order (several during Skyjo's setup reveals)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of `seat`, without duplicates; empty when it may not act."""

    @abstractmethod
    def apply(self, seat: int, move: Mapping[str, Any]) -> None:
        """Apply `move` for `seat`, or raise an EngineError and change nothing."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What `seat` (or a spectator, for None) may see, as plain JSON-able data."""

    @abstractmethod
    def score(self) -> dict[str, JSON]:
        """The contract's Score: finished, rounds, totals, winners."""

    @abstractmethod
    def record(self) -> dict[str, JSON]:
        """The contract's Record; raises GameNotOver before the end."""

    @abstractmethod
    def to_dict(self) -> dict[str, JSON]:
        """Plain JSON-able data, with `schema_version`, that `from_dict` turns back."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state; raise InvalidState when malformed or inconsistent.

        The state may keep (not copy) the log entries of `data`, so the caller hands them
        over: `data` must not be changed afterwards (a fresh `json.loads` result is fine)."""

    @abstractmethod
    def card_counts(self) -> Counter[int]:
        """Every card in every zone, by value (for conservation checks)."""

    def check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n_players:
            raise InvalidSeat(f"seat must be an integer from 0 to {self.n_players - 1}")


@dataclass(frozen=True)
class GameRules:
    """Static facts about one game, apart from any state (OpenSpiel's game object)."""

    name: str
    title: str
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...]
    state_class: type[GameState]
    new_state: Callable[[Sequence[str], Mapping[str, JSON] | None, int | None], GameState]
    """(player names, options, seed or None) -> a fresh state, dealt and ready to play."""
    replay: Callable[[Mapping[str, Any]], GameState]
    """A record -> the final state, using only the record's log (raises InvalidRecord)."""
    bots: Mapping[str, Bot] = field(default_factory=dict)
    move_types: tuple[str, ...] = ()
    check_option_values: Callable[[Mapping[str, JSON], int], None] | None = None
    """Checks that span several options or the player count (raise InvalidOptions)."""

    def check_players(self, n_players: int) -> None:
        if not self.min_players <= n_players <= self.max_players:
            raise InvalidPlayers(
                f"{self.title} is played by {self.min_players} to {self.max_players} players,"
                f" not {n_players}"
            )

    def resolve_options(
        self, options: Mapping[str, JSON] | None, n_players: int
    ) -> dict[str, JSON]:
        """Every option of the game, checked, with defaults filled in (the contract's
        resolved `options`)."""
        self.check_players(n_players)
        resolved = resolve_option_values(self.option_specs, options, n_players)
        if self.check_option_values is not None:
            self.check_option_values(resolved, n_players)
        return resolved

    def load(self, data: Mapping[str, Any]) -> GameState:
        return self.state_class.from_dict(data)

    def describe(self) -> dict[str, JSON]:
        return {
            "game": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [spec.describe() for spec in self.option_specs],
            "bots": sorted(self.bots),
            "move_types": list(self.move_types),
        }
