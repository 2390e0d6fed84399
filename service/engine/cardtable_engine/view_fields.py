"""A game's view as data: the JSON Schema (OpenAPI 3.0 dialect) of each field of its own
part of a view, declared once in the game's folder (`GameState.VIEW_FIELDS`, with the
objects they name in `VIEW_PARTS`), from which the host derives the API's `<Game>View`
schema, openapi.yaml and the generated clients' view types.

The fields every game's view shares (`COMMON_FIELDS`, and `game`, `step`, `options`,
`rounds`, which the host derives from the game's name, steps, options and round keys) are
written by the skeleton (`GameState.common_view`) and declared here once.

A field naming one of the game's parts writes `part("Player")`; the host turns it into a
reference to that part's component (`SkyjoPlayer`), so the engine knows no component names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable_engine.base import PHASES

Schema = dict[str, Any]

PART = "$part"
"""The key of a placeholder for one of the game's own parts (see `part`)."""


def _finish(found: Schema, description: str, nullable: bool) -> Schema:
    if description:
        found["description"] = description
    if nullable:
        found["nullable"] = True
    return found


def integer(
    low: int | None = None,
    high: int | None = None,
    description: str = "",
    *,
    nullable: bool = False,
) -> Schema:
    found: Schema = {"type": "integer"}
    if low is not None:
        found["minimum"] = low
    if high is not None:
        found["maximum"] = high
    return _finish(found, description, nullable)


def boolean(description: str = "") -> Schema:
    return _finish({"type": "boolean"}, description, False)


def string(description: str = "", *, nullable: bool = False) -> Schema:
    return _finish({"type": "string"}, description, nullable)


def list_of(
    items: Schema, description: str = "", *, length: int | None = None, nullable: bool = False
) -> Schema:
    found: Schema = {"type": "array"}
    if length is not None:
        found.update(minItems=length, maxItems=length)
    found = _finish(found, description, False)
    found["items"] = items
    return _finish(found, "", nullable)


def part(name: str, description: str = "", *, nullable: bool = False) -> Schema:
    """One of the game's own parts (a key of its VIEW_PARTS); null allowed when `nullable`."""
    placeholder: Schema = {PART: name}
    if not nullable:
        return _finish(placeholder, description, False) if description else placeholder
    found = _finish({}, description, False)
    # OpenAPI 3.0 allows no sibling of a `$ref`: a null alternative says "or null".
    found["anyOf"] = [placeholder, {"type": "object", "nullable": True}]
    return found


def record(fields: Mapping[str, Schema]) -> Schema:
    """An object of exactly these fields, every one required."""
    return {
        "type": "object",
        "properties": dict(fields),
        "required": sorted(fields),
        "additionalProperties": False,
    }


def steps(names: Iterable[str], description: str) -> Schema:
    """A view's `step`: one of the game's step names, null once the game is over."""
    return {
        "type": "string",
        "enum": [*names, None],
        "description": description,
        "nullable": True,
    }


def seat(description: str = "", *, n_players: int | None = None) -> Schema:
    """A seat number (below `n_players` when given)."""
    return integer(0, None if n_players is None else n_players - 1, description)


COMMON_FIELDS: dict[str, Schema] = {
    "version": integer(description="Moves applied so far."),
    "seat": integer(description="The viewer; null for a spectator.", nullable=True),
    "phase": {
        "type": "string",
        "enum": list(PHASES),
        "description": "`waiting` (open seats, not dealt yet), `setup` (what precedes the first"
        " turn, e.g. Skyjo's reveals), `playing` or `finished`.",
    },
    "round": integer(1),
    "current_player": integer(
        description="Whose turn it is; null when no single seat is to play.", nullable=True
    ),
    "active_seats": list_of(integer(), "Seats that may act now."),
    "finished": boolean(),
    "totals": list_of(integer(), "Running totals, per seat."),
    "winners": list_of(
        integer(), "Winning seats once finished (ties share; empty for a drawn game)."
    ),
}
"""The fields of every view that mean the same in every game (docs/adding-a-game.md)."""


def resolve(schema: Any, name_of: Mapping[str, str]) -> Any:
    """`schema` with each `part(...)` placeholder replaced by a `$ref` to the component
    `name_of[part]` names."""
    if isinstance(schema, list):
        return [resolve(item, name_of) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if PART in schema:
        found: Schema = {"$ref": f"#/components/schemas/{name_of[schema[PART]]}"}
        rest = {key: value for key, value in schema.items() if key != PART}
        # A described reference: the description beside an allOf (a `$ref` has no siblings).
        return {**rest, "allOf": [found]} if rest else found
    return {key: resolve(value, name_of) for key, value in schema.items()}


__all__ = [
    "COMMON_FIELDS",
    "boolean",
    "integer",
    "list_of",
    "part",
    "record",
    "resolve",
    "seat",
    "steps",
    "string",
]
