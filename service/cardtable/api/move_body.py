"""The body of a move, read without marshmallow on the hot route: a plainly valid body is
checked against rules drawn once (per set of hosted games) from the move request check
(`derived.move_request_schema`: its fields, their choices and ranges); anything else goes
through that schema and the usual parser, so every refusal is the schema's own answer
(`malformed_move` with the same details), word for word."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import request
from marshmallow import Schema, fields, missing, validate

from cardtable.api.blueprint import Blueprint
from cardtable.api.schemas.derived import move_request_schema
from cardtable.api.strict_input import parsed_body

Rule = Callable[[Any], bool]


def _rule(field: fields.Field[Any]) -> Rule | None:
    """A quick test that accepts only what `field` accepts unchanged (None: no quick test;
    the schema judges)."""
    if field.load_default is not missing or field.allow_none:
        return None
    if isinstance(field, fields.Integer) and field.strict:

        def kind(value: Any) -> bool:
            return type(value) is int  # not bool, not float

    elif type(field) is fields.String:

        def kind(value: Any) -> bool:
            return type(value) is str

    else:
        return None
    checks: list[Rule] = [kind]
    for validator in field.validators:
        if isinstance(validator, validate.OneOf):
            checks.append(frozenset(validator.choices).__contains__)
        elif isinstance(validator, validate.Range) and _closed(validator):
            checks.append(_within(validator.min, validator.max))
        else:  # a validator the quick test does not know: the schema judges
            return None
    return lambda value: all(check(value) for check in checks)


def _within(low: Any, high: Any) -> Rule:
    return lambda value: bool(low <= value <= high)


def _closed(validator: validate.Range) -> bool:
    """A range with both ends given and included."""
    bounded = validator.min is not None and validator.max is not None
    return bounded and validator.min_inclusive and validator.max_inclusive


def _rules(schema: Schema) -> dict[str, Rule] | None:
    rules = {name: _rule(field) for name, field in schema.fields.items()}
    if any(rule is None for rule in rules.values()):
        return None
    return {name: rule for name, rule in rules.items() if rule is not None}


class QuickCheck:
    """The rules of one move request check: None when some field has no quick test."""

    def __init__(self, check: type[Schema]) -> None:
        self.check = check
        body = check().fields
        move: Schema = body["move"].schema  # type: ignore[attr-defined]
        # The quick test knows the body as {"move": {...}}; a schema grown since judges.
        self.rules = _rules(move) if body.keys() == {"move"} else None
        self.required = frozenset(name for name, field in move.fields.items() if field.required)


_CHECKS: dict[type[Schema], QuickCheck] = {}


def quick_check() -> QuickCheck:
    """The quick check of the hosted games' moves (made once per set of games)."""
    check = move_request_schema()
    found = _CHECKS.get(check)
    if found is None:
        found = _CHECKS[check] = QuickCheck(check)
    return found


def _quick(body: Any) -> dict[str, Any] | None:
    """The body as the schema would load it, if it is plainly valid; else None."""
    quick = quick_check()
    rules = quick.rules
    if rules is None or type(body) is not dict or body.keys() != {"move"}:
        return None
    move = body["move"]
    if (
        type(move) is not dict
        or not move.keys() >= quick.required
        or not move.keys() <= rules.keys()
    ):
        return None
    if not all(rules[name](value) for name, value in move.items()):
        return None
    # In the schema's field order, as its load returns it.
    return {"move": {name: move[name] for name in rules if name in move}}


def move_body() -> dict[str, Any]:
    """The request's move body, or the schema's refusal (ApiError `malformed_move`)."""
    body = _quick(parsed_body())
    if body is not None:
        return body
    loaded: dict[str, Any] = Blueprint.ARGUMENTS_PARSER.parse(
        move_request_schema()(), request, location="json"
    )
    return loaded
