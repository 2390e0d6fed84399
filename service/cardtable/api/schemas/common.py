"""Schemas shared by the whole API: errors, moves, game creation, scores and records."""

from __future__ import annotations

from marshmallow import EXCLUDE, RAISE, Schema, fields, validate

ALL_MOVE_TYPES = (
    "reveal",
    "take_discard",
    "draw",
    "replace",
    "discard_and_reveal",
    "play",
    "discard",
    "pass",
)


def strict_int(**kwargs: object) -> fields.Integer:
    """JSON integers only: "1", 1.5 and true are refused."""
    return fields.Integer(strict=True, **kwargs)  # type: ignore[arg-type]


class StrictSchema(Schema):
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


class MoveSchema(StrictSchema):
    """One flat move object. Skyjo uses row/col; Skip-Bo uses source/card/target/pile/owner.
    Which fields a move type takes is in the API contract; the engine checks the rest."""

    type = fields.String(required=True, validate=validate.OneOf(ALL_MOVE_TYPES))
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
        validate=validate.Range(0, 5),
        metadata={"description": "Skip-Bo teams: the partner whose stock/discard is used"},
    )


class MoveRequestSchema(StrictSchema):
    move = fields.Nested(MoveSchema, required=True)


class PlayerRequestSchema(StrictSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    bot = fields.String(
        allow_none=True,
        validate=validate.OneOf(("random", "greedy")),
        metadata={"description": "Let the server play this seat with one of its bots."},
    )


class CreateGameRequestSchema(StrictSchema):
    game = fields.String(required=True, validate=validate.OneOf(("skyjo", "skipbo")))
    players = fields.List(
        fields.Nested(PlayerRequestSchema), required=True, validate=validate.Length(min=2, max=8)
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


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    bot = fields.String(allow_none=True)
    token = fields.String(
        required=True, metadata={"description": "Bearer token of this seat; shown only here."}
    )


class CreatedGameSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    version = fields.Integer(required=True)
    options = fields.Dict(required=True, metadata={"description": "Every option, resolved."})
    players = fields.List(fields.Nested(SeatTokenSchema), required=True)
    finished = fields.Boolean(required=True)


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


class GameTypesSchema(Schema):
    games = fields.List(fields.Nested(GameTypeSchema), required=True)


class ViewQuerySchema(StrictSchema):
    wait = fields.Float(
        validate=validate.Range(0, 30),
        metadata={
            "description": "Long-poll: with If-None-Match, wait up to this many seconds for "
            "the game to change before answering 304."
        },
    )


class IfNoneMatchHeaderSchema(Schema):
    """Documents the polling header; the value is read (and checked) by the route itself."""

    class Meta:
        unknown = EXCLUDE

    if_none_match = fields.String(
        data_key="If-None-Match",
        metadata={
            "description": 'The ETag you last saw, e.g. "17": the answer is 304 while the game '
            "is still at that version."
        },
    )


class IfMatchHeaderSchema(Schema):
    """Documents the precondition header; the value is read (and checked) by the route."""

    class Meta:
        unknown = EXCLUDE

    if_match = fields.String(
        data_key="If-Match",
        metadata={
            "description": 'The version you decided on, e.g. "17": the move is refused with 412 '
            "if the game has moved on since."
        },
    )


class HealthSchema(Schema):
    status = fields.String(required=True)
    checks = fields.Dict(keys=fields.String(), values=fields.String())
