"""A game's moves as data: each move type's fields with their ranges or choices, declared
once in the game's folder (`GameState.MOVES`), from which the host derives the rest:

- the JSON Schema of each move (the API's request and answer schemas, openapi.yaml, the
  generated clients), see `MoveShape.schema`;
- the static move space, every move a game of `n` players could ever make, in a fixed
  order (`MoveSpace`): a stored move is its place in that space, never its place in
  `legal_moves()`, so changing how legal moves are generated changes nothing stored.

A type may have several shapes (Skip-Bo's `play` from the hand, the stock or a discard
pile): each shape is one variant, told apart by a field with a single choice.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import Any

from cardtable_engine.checks import require_fields, require_int
from cardtable_engine.errors import MalformedMove, Move

Value = int | str


@dataclass(frozen=True)
class MoveField:
    """One field of a move: an integer in `minimum..maximum` (`seat`: a seat number, from 0
    to the player count less one), or a string among `choices`."""

    name: str
    description: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    seat: bool = False
    required: bool = True

    def values(self, n_players: int) -> list[Value]:
        """Every value the field may take in a game of `n_players`."""
        if self.choices is not None:
            return list(self.choices)
        if self.seat:
            return list(range(n_players))
        assert self.minimum is not None and self.maximum is not None, self.name
        return list(range(self.minimum, self.maximum + 1))

    def schema(self) -> dict[str, Any]:
        """The field's JSON Schema (a seat's range depends on the table: its maximum is the
        largest table's)."""
        found: dict[str, Any]
        if self.choices is not None:
            found = {"type": "string", "enum": list(self.choices)}
        else:
            found = {"type": "integer"}
            if self.seat:
                found["minimum"] = 0
            else:
                found.update(minimum=self.minimum, maximum=self.maximum)
        if self.description:
            found["description"] = self.description
        return found

    def parse(self, move: Mapping[str, Any], n_players: int) -> Value:
        if self.choices is not None:
            value = move.get(self.name)
            if value not in self.choices or type(value) is not str:
                allowed = ", ".join(repr(choice) for choice in self.choices)
                raise MalformedMove(f"{self.name!r} must be one of {allowed}", move=dict(move))
            return str(value)
        if self.seat:
            return require_int(move, self.name, 0, n_players - 1)
        assert self.minimum is not None and self.maximum is not None
        return require_int(move, self.name, self.minimum, self.maximum)


@dataclass(frozen=True)
class MoveShape:
    """One shape of a move type: its fields in the contract's order (after `type`)."""

    type: str
    fields: tuple[MoveField, ...] = ()
    description: str = ""
    names: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", frozenset(["type", *(f.name for f in self.fields)]))

    @property
    def key(self) -> tuple[str, ...]:
        """The type, then the value of every single-choice field: what tells variants apart."""
        fixed = [f.choices[0] for f in self.fields if f.choices is not None and len(f.choices) == 1]
        return (self.type, *fixed)

    def matches(self, move: Mapping[str, Any]) -> bool:
        """Whether `move` claims this shape (its type and single-choice fields agree)."""
        if move.get("type") != self.type:
            return False
        return all(
            move.get(f.name) == f.choices[0]
            for f in self.fields
            if f.choices is not None and len(f.choices) == 1
        )

    def parse(self, move: Mapping[str, Any], n_players: int) -> Move:
        required = {"type", *(f.name for f in self.fields if f.required)}
        require_fields(move, set(self.names), required)
        parsed: Move = {"type": self.type}
        for spec in self.fields:
            if spec.name in move:
                parsed[spec.name] = spec.parse(move, n_players)
        return parsed

    def schema(self, title: str = "") -> dict[str, Any]:
        """The JSON Schema of the moves of this shape (no other field allowed)."""
        found: dict[str, Any] = {"type": "object"}
        if title:
            found["title"] = title
        if self.description:
            found["description"] = self.description
        found["required"] = ["type", *(f.name for f in self.fields if f.required)]
        found["properties"] = {
            "type": {"type": "string", "enum": [self.type]},
            **{f.name: f.schema() for f in self.fields},
        }
        found["additionalProperties"] = False
        return found

    def moves(self, n_players: int, *, optional: bool) -> Iterator[Move]:
        """Every move of this shape: with no optional field (`optional` False), or with at
        least one (`optional` True)."""
        optionals = [f for f in self.fields if not f.required]
        for present in product((False, True), repeat=len(optionals)):
            if any(present) != optional:
                continue
            chosen = {f.name for f, used in zip(optionals, present, strict=True) if used}
            used_fields = [f for f in self.fields if f.required or f.name in chosen]
            for values in product(*(f.values(n_players) for f in used_fields)):
                names = (f.name for f in used_fields)
                yield {"type": self.type, **dict(zip(names, values, strict=True))}


def parse_move(shapes: Sequence[MoveShape], move: object, n_players: int) -> Move:
    """The normalized move (a fresh dict, fields in the shape's order), or MalformedMove:
    the generic parser for a game that declares its `MOVES` and needs no other words."""
    if not isinstance(move, Mapping):
        raise MalformedMove("a move is a JSON object with a 'type'")
    types = list(dict.fromkeys(shape.type for shape in shapes))
    if move.get("type") not in types:
        raise MalformedMove(
            f"unknown move type {move.get('type')!r}; the moves are {', '.join(types)}",
            move=dict(move),
        )
    candidates = [shape for shape in shapes if shape.type == move["type"]]
    matching = [shape for shape in candidates if shape.matches(move)]
    if not matching and len(candidates) > 1:
        # Variants of one type (Skip-Bo's play sources): name the field that tells them
        # apart and what it may be.
        name = variant_field(candidates)
        allowed = ", ".join(repr(shape.key[1]) for shape in candidates)
        raise MalformedMove(
            f"a {move['type']}'s {name!r} must be one of {allowed}, not {move.get(name)!r}",
            move=dict(move),
        )
    return (matching or candidates)[0].parse(move, n_players)


def variant_field(shapes: Sequence[MoveShape]) -> str:
    """The field whose single choice tells a type's shapes apart (Skip-Bo's `source`)."""
    for spec in shapes[0].fields:
        if spec.choices is not None and len(spec.choices) == 1:
            return spec.name
    raise ValueError(f"the shapes of {shapes[0].type!r} need a single-choice field")


class MoveSpace:
    """Every move a game of `n_players` could make, each with its fixed number.

    The order is the declaration's, first every move without optional fields, then those
    with some (Skip-Bo's partner piles), so the common moves get the small numbers.
    """

    def __init__(self, shapes: Sequence[MoveShape], n_players: int) -> None:
        self.moves: list[Move] = [
            move
            for optional in (False, True)
            for shape in shapes
            for move in shape.moves(n_players, optional=optional)
        ]
        self._numbers = {tuple(move.items()): number for number, move in enumerate(self.moves)}

    def __len__(self) -> int:
        return len(self.moves)

    def number(self, move: Move) -> int | None:
        """The number of a normalized move (fields in the shape's order), None if it is not
        in the space (a shape that does not declare it)."""
        return self._numbers.get(tuple(move.items()))

    def move(self, number: int) -> Move:
        """A fresh copy of the move numbered `number` (IndexError past the end)."""
        return dict(self.moves[number])


@cache
def move_space(shapes: tuple[MoveShape, ...], n_players: int) -> MoveSpace:
    """The (cached) move space of a game's shapes for `n_players`."""
    return MoveSpace(shapes, n_players)


def seat_or_none(description: str) -> dict[str, Any]:
    """The JSON Schema of a seat number or null (a round's finisher, its winner)."""
    return {"type": "integer", "minimum": 0, "nullable": True, "description": description}


def shapes_by_type(shapes: Sequence[MoveShape]) -> dict[str, list[MoveShape]]:
    found: dict[str, list[MoveShape]] = {}
    for shape in shapes:
        found.setdefault(shape.type, []).append(shape)
    return found


def integer_field(name: str, low: int, high: int, description: str = "") -> MoveField:
    return MoveField(name, description, minimum=low, maximum=high)


def choice(name: str, *choices: str, description: str = "") -> MoveField:
    return MoveField(name, description, choices=tuple(choices))


__all__ = [
    "MoveField",
    "MoveShape",
    "MoveSpace",
    "choice",
    "integer_field",
    "move_space",
    "parse_move",
    "seat_or_none",
    "shapes_by_type",
]
