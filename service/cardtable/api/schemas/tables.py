"""Schemas of live tables: joining, the lobby, leaving, starting early, rematch, and the
table fields every view carries (open seats, the turn timer, who left, the rematch)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from cardtable.api.schemas.base import (
    BOT_NAMES,
    GAME_NAMES,
    NAME_SCHEMA,
    StrictSchema,
    described,
)
from cardtable.games.live_table import TURN_SECONDS_MAX, TURN_SECONDS_MIN
from cardtable_engine.host import MAX_NAME_LENGTH

TURN_SECONDS_TEXT = (
    f"Turn timer in seconds ({TURN_SECONDS_MIN}..{TURN_SECONDS_MAX}; null: none). When a "
    "seat to act has not moved by the deadline, the server's greedy bot plays its turn; "
    "after a few timeouts in a row the bot keeps the seat. Out of range: 422 "
    "`invalid_table_settings`."
)


class RatedSetSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The duplicate set's id."})
    index = fields.Integer(required=True, metadata={"description": "This game's rotation."})
    size = fields.Integer(required=True, metadata={"description": "The set's games (players)."})


SET_TEXT = (
    "A game of a duplicate set (a bot-only rated match: the same deal from every seat "
    "rotation, rated once on the set; docs/rated-play.md). Absent otherwise."
)


class TableFieldsSchema(Schema):
    """What every view shows of the table around the game."""

    open_seats = fields.Integer(required=True, metadata={"description": "Seats still open."})
    public = fields.Boolean(required=True, metadata={"description": "Listed in the lobby."})
    turn_seconds = fields.Integer(required=True, allow_none=True)
    deadline = described(
        fields.String,
        description="When the turn timer runs out (ISO 8601, UTC), or null.",
        nullable=True,
    )
    deadline_seats = described(
        fields.List, fields.Integer(), description="The seats the deadline applies to."
    )
    bot_reasons = described(
        fields.List,
        fields.String(allow_none=True),
        description="Per seat: why a bot plays it (`left`, `timeout`) or null.",
    )
    left = fields.List(
        fields.Boolean(), required=True, metadata={"description": "Per seat: its player left."}
    )
    rematch = fields.String(
        required=True, allow_none=True, metadata={"description": "The rematch's game id."}
    )
    rematch_of = fields.String(
        required=True, allow_none=True, metadata={"description": "The game this rematches."}
    )
    rated = fields.Boolean(
        required=True,
        metadata={
            "description": "A rated game (made by the queue): each entry of `players` names "
            "its rated `player`, and the end changes the ratings."
        },
    )
    set = fields.Nested(RatedSetSchema, metadata={"description": SET_TEXT})


class PublicSeatSchema(StrictSchema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    open = fields.Boolean(required=True)
    reserved = described(
        fields.Boolean, description="Open, but kept for the same seat of the previous game."
    )
    bot = fields.String(required=True, allow_none=True)


class WaitingViewSchema(TableFieldsSchema, StrictSchema):
    """The view of a game waiting for players: the seats, and nothing of the engine."""

    id = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(GAME_NAMES))
    phase = fields.String(required=True, validate=validate.OneOf(("waiting",)))
    version = fields.Integer(required=True)
    seat = fields.Integer(required=True, allow_none=True)
    finished = fields.Boolean(required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(PublicSeatSchema), required=True)
    bots = fields.List(fields.String(allow_none=True), required=True)


class JoinRequestSchema(StrictSchema):
    name = fields.Raw(
        required=True,
        metadata={
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_NAME_LENGTH,
            **NAME_SCHEMA,
            "description": f"1..{MAX_NAME_LENGTH} characters (else 422 `invalid_name`).",
        },
    )
    invite = fields.String(
        metadata={"description": "The game's invite; may be left out for a public game."}
    )


class SeatGrantSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The game's id."})
    seat = fields.Integer(required=True)
    token = fields.String(
        required=True, metadata={"description": "Bearer token of this seat; shown only here."}
    )
    version = fields.Integer(required=True)


class TableChangeSchema(Schema):
    id = fields.String(required=True)
    version = fields.Integer(required=True)
    seat = fields.Integer(allow_none=True, metadata={"description": "The caller's seat."})


class StartRequestSchema(StrictSchema):
    fill = fields.String(
        load_default="greedy",
        validate=validate.OneOf(BOT_NAMES),
        metadata={"description": "The server bot that takes every open seat."},
    )
    invite = fields.String(
        metadata={"description": "Start as the invite's holder instead of the creator's seat."}
    )


class LobbyQuerySchema(StrictSchema):
    open = fields.Boolean(
        load_default=True,
        validate=validate.Equal(True),
        metadata={"description": "Only games waiting for players are listed (true)."},
    )
    game = fields.String(validate=validate.OneOf(GAME_NAMES))
    cursor = fields.String(
        validate=validate.Regexp(r"^[0-9]{1,19}$"),
        metadata={"description": "The `next` of the previous page."},
    )
    limit = fields.Integer(load_default=20, validate=validate.Range(1, 100))


class LobbyGameSchema(StrictSchema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    open_seats = fields.Integer(required=True)
    players = fields.List(fields.Nested(PublicSeatSchema), required=True)
    options = fields.Dict(required=True)
    turn_seconds = fields.Integer(required=True, allow_none=True)
    created_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC."})
    version = fields.Integer(required=True)


class LobbyPageSchema(Schema):
    games = fields.List(fields.Nested(LobbyGameSchema), required=True)
    next = fields.String(
        required=True, allow_none=True, metadata={"description": "Cursor of the next page."}
    )


__all__ = [
    "BOT_NAMES",
    "TURN_SECONDS_TEXT",
    "JoinRequestSchema",
    "LobbyPageSchema",
    "LobbyQuerySchema",
    "SeatGrantSchema",
    "StartRequestSchema",
    "TableChangeSchema",
    "TableFieldsSchema",
    "WaitingViewSchema",
]
