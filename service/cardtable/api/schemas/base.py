"""What every schema builds on: the strict schema base, JSON-integer fields, the error body,
and the enumerations (games, bots, move types, player counts) read from the
engine's registry, so that a game added to the registry is described without copying."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import Any, TypeVar

from marshmallow import RAISE, Schema, fields, validate

from cardtable_engine.host import MAX_NAME_LENGTH
from cardtable_engine.registry import GAMES

# What the discovery endpoint serves: the one description of each game the API reads.
GAME_TYPES: dict[str, dict[str, Any]] = {name: rules.describe() for name, rules in GAMES.items()}
GAME_NAMES = tuple(GAME_TYPES)
# A live view of the registry's names: a game hosted later (a new folder discovered by a
# test, through `registry.hosted`) can be created too.
HOSTED_GAMES = GAMES.keys()


class _SheetGames(Collection[str]):
    """A live view of the hosted games whose folders declare score-sheet rules
    (cardtable_engine/sheets.py), as HOSTED_GAMES is of every hosted game."""

    def __iter__(self) -> Iterator[str]:
        return (name for name, rules in GAMES.items() if rules.sheet is not None)

    def __contains__(self, name: object) -> bool:
        return name in GAMES and GAMES[str(name)].sheet is not None

    def __len__(self) -> int:
        return sum(1 for _ in self)


SHEET_GAMES: Collection[str] = _SheetGames()
BOT_NAMES = tuple(sorted({bot for info in GAME_TYPES.values() for bot in info["bots"]}))
MOVE_TYPES = tuple(
    dict.fromkeys(kind for info in GAME_TYPES.values() for kind in info["move_types"])
)
MIN_PLAYERS = min(info["min_players"] for info in GAME_TYPES.values())
MAX_PLAYERS = max(info["max_players"] for info in GAME_TYPES.values())
SEAT = validate.Range(0, MAX_PLAYERS - 1)
PLAYERS = validate.Length(min=MIN_PLAYERS, max=MAX_PLAYERS)
"""A list with one entry per player (a game's players, a sheet's names)."""
NAME = validate.Length(min=1, max=MAX_NAME_LENGTH)
# What a name's JSON Schema promises (the server's check is cardtable_engine.printable, by
# Unicode category, which a pattern cannot say): no control, format, bidi-override,
# zero-width, surrogate or private-use character, and at least one that is not a space.
# A name that fits is not yet sure to be accepted (an unassigned code point, only
# combining marks), but one that does not fit is surely refused.
_REFUSED = (
    "\\x00-\\x1f\\x7f-\\x9f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5"
    "\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u2800\\u3164"
    "\\ud800-\\uf8ff\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\uffff"
)
NAME_PATTERN = f"^[^{_REFUSED}]*[^{_REFUSED}\\s][^{_REFUSED}]*$"
NAME_SCHEMA = {"pattern": NAME_PATTERN}
"""A name field's metadata: the pattern above in openapi.yaml."""


F = TypeVar("F", bound=fields.Field[Any])


def described(
    field: Callable[..., F], *args: Any, description: str, nullable: bool = False, **kwargs: Any
) -> F:
    """A required field with its description, null allowed when `nullable`: the shape most
    fields of an answer share, written once."""
    if nullable:
        kwargs["allow_none"] = True
    return field(*args, required=True, metadata={"description": description}, **kwargs)


def strict_int(**kwargs: Any) -> fields.Integer:
    """JSON integers only: "1", 1.5 and true are refused."""
    return fields.Integer(strict=True, **kwargs)


class StrictSchema(Schema):
    """Refuses unknown fields: a typo in a request (or a view field nobody documented)
    is an error, not silently dropped."""

    class Meta:
        unknown = RAISE


class ErrorSchema(Schema):
    code = fields.String(
        required=True,
        metadata={"description": "Stable machine-readable error code, e.g. `illegal_move`."},
    )
    message = fields.String(required=True, metadata={"description": "What went wrong, for humans."})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status code."})
    details = fields.Dict(
        metadata={"description": "Extra facts, e.g. field errors or the current version."}
    )
    request_id = fields.String(
        metadata={
            "description": "The request's id (also in the X-Request-ID header and the server's"
            " logs): quote it when reporting a problem."
        }
    )
