"""Schemas shared by the whole API: errors, moves, game creation, scores and records (a
game's own moves, log entries and rounds are derived from its declarations, see derived.py)."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

from cardtable.api.schemas.base import (
    BOT_NAMES,
    HOSTED_GAMES,
    NAME,
    NAME_SCHEMA,
    PLAYERS,
    StrictSchema,
    described,
    strict_int,
)
from cardtable.api.schemas.derived import refer
from cardtable.api.schemas.tables import SET_TEXT, TURN_SECONDS_TEXT, RatedSetSchema


def _move(description: str = "", **kwargs: Any) -> fields.Raw:
    """A move of any game as the engine wrote it, documented by the derived `Move`."""
    return fields.Raw(metadata=refer("Move", description), **kwargs)


class MoveRequestSchema(StrictSchema):
    """The documented body of a move. The check it gets follows the registry live
    (`derived.move_request_schema`); the engine judges the rest."""

    error_code = "malformed_move"
    """A body that fails the check is a malformed move, as when the engine refuses it."""

    move = _move(required=True)


class PlayerRequestSchema(StrictSchema):
    name = fields.String(
        validate=NAME,
        metadata={"description": "The seat's name (an open seat has none).", **NAME_SCHEMA},
    )
    open = fields.Boolean(
        metadata={"description": "An open seat (no name, no bot), taken later by a join."}
    )
    bot = fields.String(
        allow_none=True,
        validate=validate.OneOf(BOT_NAMES),
        metadata={"description": "Let the server play this seat with one of its bots."},
    )


OPEN_SEAT: dict[str, Any] = {
    "type": "object",
    "description": "An open seat: no name, no bot; a join takes it later.",
    "required": ["open"],
    "properties": {"open": {"type": "boolean", "enum": [True]}},
    "additionalProperties": False,
}
"""A player entry is a named seat (PlayerRequest: a player or a server bot) or this: api/spec.py
makes CreateGameRequest's `players` items `oneOf` the two, as the server checks them."""


class CreateGameRequestSchema(StrictSchema):
    game = fields.String(required=True, validate=validate.OneOf(HOSTED_GAMES))
    players = fields.List(
        fields.Nested(PlayerRequestSchema),
        required=True,
        validate=PLAYERS,
    )
    options = fields.Dict(
        keys=fields.String(),
        load_default=dict,
        metadata={"description": "The game's options by name (see GET /game-types)."},
    )
    seed = strict_int(
        allow_none=True,
        validate=validate.Range(0, 2**64 - 1),
        metadata={"description": "Makes the shuffles reproducible; secret random when absent."},
    )
    public = fields.Boolean(
        load_default=False,
        metadata={"description": "List the game in the lobby while seats are open."},
    )
    turn_seconds = strict_int(allow_none=True, metadata={"description": TURN_SECONDS_TEXT})


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    bot = fields.String(allow_none=True)
    open = fields.Boolean(required=True)
    token = described(
        fields.String,
        description="Bearer token of this seat; shown only here (null: open).",
        nullable=True,
    )


class CreatedGameSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    options = fields.Dict(required=True, metadata={"description": "Every option, resolved."})
    players = fields.List(fields.Nested(SeatTokenSchema), required=True)
    finished = fields.Boolean(required=True)
    invite = described(
        fields.String,
        description="Lets its holder join (null when no seat is open).",
        nullable=True,
    )
    public = fields.Boolean(required=True)
    turn_seconds = fields.Integer(required=True, allow_none=True)


class LegalMovesSchema(Schema):
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    moves = fields.List(_move(), required=True)


class AppliedMoveSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "Version after this move."})
    seat = fields.Integer(required=True)
    move = _move(required=True)
    by_bot = fields.Boolean(required=True)


class RatingChangeSchema(Schema):
    seat = fields.Integer(required=True)
    player = fields.String(required=True, metadata={"description": "The rated player's id."})
    before = fields.Float(required=True, metadata={"description": "Displayed rating before."})
    after = fields.Float(required=True, metadata={"description": "Displayed rating after."})
    placement = fields.Integer(metadata={"description": "1 = first; equal places tie."})
    team = fields.Integer(
        metadata={
            "description": "Team games only: the seat's team (seats i and i + n/2 are team i);"
            " `placement` is the team's place."
        }
    )


class ScoreSetSchema(RatedSetSchema):
    pending = fields.Boolean(
        required=True,
        metadata={"description": "The set's ratings wait for its last game (then `ratings`)."},
    )


class ScoreSchema(Schema):
    finished = fields.Boolean(required=True)
    rounds = fields.List(fields.Raw(metadata=refer("RoundScore")), required=True)
    totals = fields.List(fields.Integer(), required=True)
    winners = fields.List(fields.Integer(), required=True)
    ratings = fields.List(
        fields.Nested(RatingChangeSchema),
        metadata={
            "description": "A rated game once over: each seat's rating change (absent "
            "otherwise; docs/rated-play.md)."
        },
    )
    set = fields.Nested(ScoreSetSchema, metadata={"description": SET_TEXT})


class RecordPlayerSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    player = fields.String(metadata={"description": "A rated game: the seat's player id."})


class RecordSchema(Schema):
    game = fields.String(required=True)
    options = fields.Dict(required=True)
    players = fields.List(fields.Nested(RecordPlayerSchema), required=True)
    log = fields.List(fields.Raw(metadata=refer("LogEntry")), required=True)
    score = fields.Nested(ScoreSchema, required=True)
    rated = fields.Boolean(metadata={"description": "A rated game (made by the queue)."})
    set = fields.Nested(RatedSetSchema, metadata={"description": SET_TEXT})


class TableSettingSchema(Schema):
    """How a setting is described, a table's or a game's option alike."""

    type = fields.String(required=True)
    description = fields.String(required=True)
    default = fields.Raw(allow_none=True)
    nullable = fields.Boolean(required=True)
    minimum = fields.Integer(allow_none=True)
    maximum = fields.Integer(allow_none=True)


class OptionDescriptionSchema(TableSettingSchema):
    """A game's option: a setting with a name, a kind the engine checks, maybe a default
    by player count and a list of choices."""

    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(("integer", "boolean", "string")))
    default = fields.Raw(allow_none=True, metadata={"description": "null means none"})
    default_by_players = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(),
        allow_none=True,
        metadata={"description": "Defaults that depend on the player count, by count."},
    )
    choices = fields.List(fields.String(), allow_none=True)


class GameTypeSchema(Schema):
    game = fields.String(required=True)
    title = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.List(fields.Nested(OptionDescriptionSchema), required=True)
    bots = fields.List(fields.String(), required=True)
    move_types = fields.List(fields.String(), required=True)


class GameTypesSchema(Schema):
    games = fields.List(fields.Nested(GameTypeSchema), required=True)
    table_settings = described(
        fields.Dict,
        keys=fields.String(),
        values=fields.Nested(TableSettingSchema),
        description="Settings of every table (not rules options), by name.",
    )


class ViewQuerySchema(StrictSchema):
    wait = fields.Float(
        validate=validate.Range(0, 30),
        metadata={
            "description": "Long-poll: with If-None-Match, wait up to this many seconds for "
            "the game to change before answering 304."
        },
    )


class _HeaderSchema(Schema):
    """Documents a request header; the route reads (and checks) the value itself."""

    class Meta:
        unknown = EXCLUDE


# The JSON Schema of what api/requests.py reads: a version as a tag ("17") or bare (17),
# ASCII digits, at most 12; If-None-Match also takes weak tags, `*` and a list.
_VERSION = "[0-9]{1,12}"
_TAG = f'[ \\t]*(\\*|(W/)?"{_VERSION}"|{_VERSION})[ \\t]*'
IF_NONE_MATCH_PATTERN = f"^{_TAG}(,{_TAG})*$"
IF_MATCH_PATTERN = f'^[ \\t]*(\\*|"{_VERSION}"|{_VERSION})[ \\t]*$'


class IfNoneMatchHeaderSchema(_HeaderSchema):
    if_none_match = fields.String(
        data_key="If-None-Match",
        metadata={
            "description": 'The ETag you last saw, e.g. "17": 304 while still there.',
            "pattern": IF_NONE_MATCH_PATTERN,
        },
    )


class IfMatchHeaderSchema(_HeaderSchema):
    if_match = fields.String(
        data_key="If-Match",
        metadata={
            "description": 'The version you decided on, e.g. "17": 412 if it moved on. One '
            "strong tag (a weak one is refused).",
            "pattern": IF_MATCH_PATTERN,
        },
    )


class HealthSchema(Schema):
    status = fields.String(required=True)
    checks = fields.Dict(keys=fields.String(), values=fields.String())
