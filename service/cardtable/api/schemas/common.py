"""Schemas shared by the whole API: errors, moves, game creation, scores and records."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

from cardtable.api.schemas.base import (
    BOT_NAMES,
    HOSTED_GAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOVE_TYPES,
    NAME,
    SEAT,
    StrictSchema,
    described,
    strict_int,
)
from cardtable.api.schemas.tables import TURN_SECONDS_TEXT


class MoveSchema(StrictSchema):
    """One flat move object. Skyjo uses row/col; Skip-Bo uses source/card/target/pile/owner.
    Which fields a move type takes is in the API contract; the engine checks the rest."""

    type = fields.String(required=True, validate=validate.OneOf(MOVE_TYPES))
    row = strict_int(validate=validate.Range(0, 2), metadata={"description": "Skyjo row 0..2"})
    col = strict_int(validate=validate.Range(0, 3), metadata={"description": "Skyjo column 0..3"})
    source = fields.String(
        validate=validate.OneOf(("hand", "stock", "discard")),
        metadata={"description": "Skip-Bo: where the played card comes from"},
    )
    card = strict_int(
        validate=validate.Range(0, 12), metadata={"description": "Skip-Bo card, 0 = SKIP-BO"}
    )
    target = strict_int(
        validate=validate.Range(0, 3), metadata={"description": "Skip-Bo building pile 0..3"}
    )
    pile = strict_int(
        validate=validate.Range(0, 3), metadata={"description": "Skip-Bo discard pile 0..3"}
    )
    owner = strict_int(
        validate=SEAT,
        metadata={"description": "Skip-Bo teams: the partner whose stock/discard is used"},
    )


class MoveRequestSchema(StrictSchema):
    error_code = "malformed_move"
    """A body that fails this schema is a malformed move, as when the engine refuses it."""

    move = fields.Nested(MoveSchema, required=True)


class PlayerRequestSchema(StrictSchema):
    name = fields.String(validate=NAME, metadata={"description": "Required unless `open`."})
    open = fields.Boolean(
        metadata={"description": "An open seat (no name, no bot), taken later by a join."}
    )
    bot = fields.String(
        allow_none=True,
        validate=validate.OneOf(BOT_NAMES),
        metadata={"description": "Let the server play this seat with one of its bots."},
    )


class CreateGameRequestSchema(StrictSchema):
    game = fields.String(required=True, validate=validate.OneOf(HOSTED_GAMES))
    players = fields.List(
        fields.Nested(PlayerRequestSchema),
        required=True,
        validate=validate.Length(min=MIN_PLAYERS, max=MAX_PLAYERS),
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
    moves = fields.List(fields.Nested(MoveSchema), required=True)


class AppliedMoveSchema(Schema):
    version = fields.Integer(required=True, metadata={"description": "Version after this move."})
    seat = fields.Integer(required=True)
    move = fields.Nested(MoveSchema, required=True)
    by_bot = fields.Boolean(required=True)


class RoundScoreSchema(Schema):
    round = fields.Integer(required=True)
    scores = fields.List(fields.Integer(), required=True)
    finisher = fields.Integer(
        allow_none=True, metadata={"description": "Skyjo: the seat that ended the round."}
    )
    winner = fields.Integer(
        allow_none=True,
        metadata={"description": "Skip-Bo: the seat that won the round, null when drawn."},
    )
    stocks_left = fields.List(
        fields.Integer(),
        metadata={"description": "Skip-Bo: cards left in each seat's stock when it ended."},
    )


class ScoreSchema(Schema):
    finished = fields.Boolean(required=True)
    rounds = fields.List(fields.Nested(RoundScoreSchema), required=True)
    totals = fields.List(fields.Integer(), required=True)
    winners = fields.List(fields.Integer(), required=True)


class RecordPlayerSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)


class LogEntrySchema(Schema):
    """One record entry: `deal`, `move` or `reshuffle` (fields depend on type and game)."""

    type = fields.String(required=True, validate=validate.OneOf(("deal", "move", "reshuffle")))
    round = fields.Integer(metadata={"description": "deal: the round number"})
    seat = fields.Integer(metadata={"description": "move: who moved"})
    move = fields.Nested(MoveSchema, metadata={"description": "move: the move"})
    grids = fields.List(
        fields.List(fields.Integer()),
        metadata={"description": "Skyjo deal: per seat, 12 values row by row"},
    )
    discard = fields.Integer(metadata={"description": "Skyjo deal: the face-up discard"})
    draw_pile = fields.List(
        fields.Integer(), metadata={"description": "deal/reshuffle: the draw pile, top first"}
    )
    first_player = fields.Integer(metadata={"description": "Skip-Bo deal: who starts"})
    stocks = fields.List(
        fields.List(fields.Integer()),
        metadata={"description": "Skip-Bo deal: per seat, the stock pile top first"},
    )
    hands = fields.List(
        fields.List(fields.Integer()),
        metadata={"description": "deal (games that deal hands): per seat, the hand dealt"},
    )


class RecordSchema(Schema):
    game = fields.String(required=True)
    options = fields.Dict(required=True)
    players = fields.List(fields.Nested(RecordPlayerSchema), required=True)
    log = fields.List(fields.Nested(LogEntrySchema), required=True)
    score = fields.Nested(ScoreSchema, required=True)


class OptionDescriptionSchema(Schema):
    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(("integer", "boolean", "string")))
    description = fields.String(required=True)
    default = fields.Raw(allow_none=True, metadata={"description": "null means none"})
    default_by_players = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(),
        allow_none=True,
        metadata={"description": "Defaults that depend on the player count, by count."},
    )
    nullable = fields.Boolean(required=True)
    minimum = fields.Integer(allow_none=True)
    maximum = fields.Integer(allow_none=True)
    choices = fields.List(fields.String(), allow_none=True)


class GameTypeSchema(Schema):
    game = fields.String(required=True)
    title = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.List(fields.Nested(OptionDescriptionSchema), required=True)
    bots = fields.List(fields.String(), required=True)
    move_types = fields.List(fields.String(), required=True)


class TableSettingSchema(Schema):
    type = fields.String(required=True)
    description = fields.String(required=True)
    default = fields.Raw(allow_none=True)
    nullable = fields.Boolean(required=True)
    minimum = fields.Integer(allow_none=True)
    maximum = fields.Integer(allow_none=True)


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


class IfNoneMatchHeaderSchema(_HeaderSchema):
    if_none_match = fields.String(
        data_key="If-None-Match",
        metadata={"description": 'The ETag you last saw, e.g. "17": 304 while still there.'},
    )


class IfMatchHeaderSchema(_HeaderSchema):
    if_match = fields.String(
        data_key="If-Match",
        metadata={"description": 'The version you decided on, e.g. "17": 412 if it moved on.'},
    )


class HealthSchema(Schema):
    status = fields.String(required=True)
    checks = fields.Dict(keys=fields.String(), values=fields.String())
