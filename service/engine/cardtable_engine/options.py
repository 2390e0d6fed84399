"""Static facts about a game, apart from any state: its options (checked and described for
`POST /games` and the discovery endpoint) and its `GameInfo`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from cardtable_engine.errors import InvalidOptions, InvalidPlayers, Move

JSON = Any
OptionKind = Literal["integer", "boolean", "string"]

Bot = Callable[[dict[str, Any], list[Move], random.Random], Move]
"""A bot decides from a seat's view and that seat's legal moves only (never hidden state)."""


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
        """Plain data for the discovery endpoint: every field, `kind` named `type` there."""
        data = {"type" if f.name == "kind" else f.name: getattr(self, f.name) for f in fields(self)}
        if self.default_by_players is not None:
            data["default_by_players"] = {str(k): v for k, v in self.default_by_players.items()}
        if self.choices is not None:
            data["choices"] = list(self.choices)
        return data


def integer_option(
    name: str,
    description: str,
    bounds: tuple[int, int],
    *,
    default: int | None = None,
    nullable: bool = False,
    default_by_players: Mapping[int, int] | None = None,
) -> OptionSpec:
    """An integer option from `bounds[0]` to `bounds[1]`, both allowed."""
    minimum, maximum = bounds
    return OptionSpec(
        name,
        "integer",
        description,
        default,
        nullable,
        minimum=minimum,
        maximum=maximum,
        default_by_players=default_by_players,
    )


def choice_option(
    name: str, description: str, choices: tuple[str, ...], default: str
) -> OptionSpec:
    """A string option that must be one of `choices`."""
    return OptionSpec(name, "string", description, default, choices=choices)


def flag_option(name: str, description: str, default: bool) -> OptionSpec:
    return OptionSpec(name, "boolean", description, default)


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


@dataclass(frozen=True)
class GameInfo:
    """What a game is, importable without its state: name, player counts, options, move
    types and bots (OpenSpiel's game object, minus the factories)."""

    name: str
    title: str
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...]
    move_types: tuple[str, ...]
    bots: Mapping[str, Bot] = field(default_factory=dict)
    check_option_values: Callable[[Mapping[str, JSON], int], None] | None = None
    """Checks that span several options or the player count (raise InvalidOptions)."""

    def check_players(self, n_players: int) -> None:
        if not self.min_players <= n_players <= self.max_players:
            raise InvalidPlayers(
                f"{self.title} is played by {self.min_players} to {self.max_players} players,"
                f" not {n_players}"
            )

    def resolve_options(self, options: object, n_players: int) -> dict[str, JSON]:
        """Every option of the game, checked, with defaults filled in (the contract's
        resolved `options`)."""
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptions("options must be an object")
        self.check_players(n_players)
        resolved = resolve_option_values(self.option_specs, options, n_players)
        if self.check_option_values is not None:
            self.check_option_values(resolved, n_players)
        return resolved

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
