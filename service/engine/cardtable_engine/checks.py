"""Checks of plain data, written once: the fields of a move (MalformedMove), and the small
vocabulary (`integer`, `cards`, `list_of`, `exactly`, ...) in which each game declares the
shape of its stored state and log entries, so one loader reads every game (InvalidState).
Each check also carries its JSON Schema (`schema_of`): the API documents a game's log
entries from the same declaration that the loader checks them with."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TypeGuard

from cardtable_engine.cards import is_card_list
from cardtable_engine.errors import InvalidState, MalformedMove

Check = Callable[[Any, str], Any]
"""(value, its name for messages) -> the checked value (a fresh copy), or InvalidState."""


# -- moves -------------------------------------------------------------------------------


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


# -- stored data -------------------------------------------------------------------------


def described(check: Check, schema: dict[str, Any]) -> Check:
    """`check`, carrying the JSON Schema of what it accepts."""
    setattr(check, "json_schema", schema)  # noqa: B010 (a function attribute)
    return check


def schema_of(check: Check) -> dict[str, Any]:
    """The JSON Schema a check carries ({}: anything)."""
    found: dict[str, Any] = getattr(check, "json_schema", {})
    return found


def fail(name: str, message: str) -> NoReturn:
    raise InvalidState(f"{name} {message}")


def is_int(value: object) -> TypeGuard[int]:
    """An integer and not a bool (JSON's true is no number)."""
    return type(value) is int


def integer(low: int | None = None, high: int | None = None, *, nullable: bool = False) -> Check:
    def check(value: Any, name: str) -> int | None:
        if value is None and nullable:
            return None
        if type(value) is not int:
            fail(name, "must be an integer")
        if (low is not None and value < low) or (high is not None and value > high):
            fail(name, f"must be between {low} and {high}, not {value}")
        return value

    schema: dict[str, Any] = {"type": "integer"}
    schema.update({k: v for k, v in (("minimum", low), ("maximum", high)) if v is not None})
    if nullable:
        schema["nullable"] = True
    return described(check, schema)


def boolean(value: Any, name: str) -> bool:
    if type(value) is not bool:
        fail(name, "must be true or false")
    return value


described(boolean, {"type": "boolean"})


def one_of(*choices: object) -> Check:
    def check(value: Any, name: str) -> Any:
        if value not in choices or type(value) is bool:
            fail(name, f"must be one of {', '.join(map(repr, choices))}")
        return value

    kinds = {type(choice) for choice in choices}
    schema: dict[str, Any] = {"enum": list(choices)}
    if kinds == {str}:
        schema["type"] = "string"
    elif kinds == {int}:
        schema["type"] = "integer"
    return described(check, schema)


def cards(values: frozenset[int], length: int | None = None) -> Check:
    """A list of cards from `values` (optionally of exactly `length` cards)."""

    def check(value: Any, name: str) -> list[int]:
        if not is_card_list(value, values) or (length is not None and len(value) != length):
            count = "" if length is None else f"{length} "
            fail(name, f"must be a list of {count}cards from {min(values)} to {max(values)}")
        return list(value)

    card = {"type": "integer", "minimum": min(values), "maximum": max(values)}
    return described(check, _array(card, length))


def _array(items: dict[str, Any], length: int | None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "array", "items": items}
    if length is not None:
        schema.update(minItems=length, maxItems=length)
    return schema


def list_of(item: Check, length: int | None = None) -> Check:
    def check(value: Any, name: str) -> list[Any]:
        if type(value) is not list or (length is not None and len(value) != length):
            fail(name, "must be a list" + ("" if length is None else f" of {length} entries"))
        return [item(entry, f"{name}[{index}]") for index, entry in enumerate(value)]

    return described(check, _array(schema_of(item), length))


def exactly(fields: Mapping[str, Check]) -> Check:
    """An object with exactly these keys, each checked; a fresh dict in the same key order."""
    keys = set(fields)

    def check(value: Any, name: str) -> dict[str, Any]:
        if not isinstance(value, Mapping) or value.keys() != keys:
            fail(name, f"must be an object with exactly {', '.join(sorted(keys))}")
        return {key: field(value[key], f"{name}.{key}") for key, field in fields.items()}

    schema = {
        "type": "object",
        "required": list(fields),
        "properties": {key: schema_of(field) for key, field in fields.items()},
        "additionalProperties": False,
    }
    return described(check, schema)


def entry(kind: str, fields: Mapping[str, Check]) -> Check:
    """A log entry of type `kind` with exactly these other fields."""
    return exactly({"type": one_of(kind), **fields})


def dealt_entries(deal: Mapping[str, Check], pile: Check) -> dict[str, Check]:
    """The log entries of a game dealt from a shuffled deck: `deal` (its round, then the
    game's own fields) and `reshuffle` (the new draw pile)."""
    return {
        "deal": entry("deal", {"round": integer(1), **deal}),
        "reshuffle": entry("reshuffle", {"draw_pile": pile}),
    }


def strings(value: Any, name: str) -> list[str]:
    if type(value) is not list or not all(isinstance(item, str) for item in value):
        fail(name, "must be a list of strings")
    return list(value)


described(strings, _array({"type": "string"}, None))
