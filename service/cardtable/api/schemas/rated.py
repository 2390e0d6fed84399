"""Schemas of rated play: players, the queue, leaderboards (docs/rated-play.md)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from cardtable.api.schemas.base import GAME_NAMES, StrictSchema
from cardtable.rated.duplicate import FORMATS
from cardtable.rated.matchmaking import OPPONENTS, STATUSES
from cardtable.rated.names import NAME_MAX, NAME_MIN
from cardtable.rated.players import KINDS

NAME_TEXT = (
    f"{NAME_MIN} to {NAME_MAX} printable characters, no leading, trailing or doubled spaces, "
    "no control, format (zero-width) or combining characters (else 422 "
    "`invalid_player_name`); unique ignoring case after Unicode NFKC (409 `name_taken`)."
)
CURSOR = fields.String(
    validate=validate.Regexp(r"^[0-9]{1,9}$"),
    metadata={"description": "The `next` of the previous page."},
)


class NewPlayerSchema(StrictSchema):
    name = fields.Raw(required=True, metadata={"type": "string", "description": NAME_TEXT})
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))


class RenameSchema(StrictSchema):
    name = fields.Raw(required=True, metadata={"type": "string", "description": NAME_TEXT})


class CreatedPlayerSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    key = fields.String(
        required=True,
        metadata={
            "description": "The player's secret key (192 random bits), shown only here: "
            "`Authorization: Bearer <key>` acts as this player."
        },
    )


class NewKeySchema(Schema):
    id = fields.String(required=True)
    key = fields.String(
        required=True, metadata={"description": "The new key; the old one stops working."}
    )


class RatingSchema(Schema):
    rating = fields.Float(
        required=True,
        metadata={"description": "Displayed rating, 1000 + 40 * (mu - 3 sigma): conservative."},
    )
    games = fields.Integer(required=True, metadata={"description": "Rated games finished."})
    mu = fields.Float(required=True, metadata={"description": "The model's skill estimate."})
    sigma = fields.Float(required=True, metadata={"description": "Its uncertainty."})


class RatingsSchema(Schema):
    skyjo = fields.Nested(RatingSchema, required=True)
    skipbo = fields.Nested(RatingSchema, required=True)


class PlayerSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(KINDS))
    created_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC."})
    ratings = fields.Nested(RatingsSchema, required=True)


class HistoryQuerySchema(StrictSchema):
    cursor = CURSOR
    limit = fields.Integer(load_default=20, validate=validate.Range(1, 100))


class RatedGameSchema(Schema):
    game_id = fields.String(required=True)
    game = fields.String(required=True)
    date = fields.String(required=True, metadata={"description": "When it was rated (UTC)."})
    placement = fields.Integer(required=True, metadata={"description": "1 = first."})
    players = fields.Integer(required=True, metadata={"description": "The table's size."})
    before = fields.Float(required=True)
    after = fields.Float(required=True)
    set = fields.String(
        metadata={"description": "A duplicate set, rated once: its id (`game_id`: its first)."}
    )


class HistoryPageSchema(Schema):
    games = fields.List(fields.Nested(RatedGameSchema), required=True)
    next = fields.String(required=True, allow_none=True)


class QueueRequestSchema(StrictSchema):
    game = fields.String(required=True, validate=validate.OneOf(GAME_NAMES))
    players = fields.Integer(
        required=True, strict=True, metadata={"description": "The table size (2 to 8)."}
    )
    opponents = fields.String(
        validate=validate.OneOf(OPPONENTS),
        metadata={"description": "Whom you accept: by default your own kind."},
    )
    format = fields.String(
        validate=validate.OneOf(FORMATS),
        metadata={
            "description": '`"single"` (default): one game. `"duplicate"`: a duplicate set, '
            "the same deal played once from every seat rotation and rated once on the set "
            '(a bot player with `opponents` `"bots"` only, else 422 `duplicate_needs_bots`; '
            'docs/rated-play.md, "Duplicate sets").'
        },
    )
    teams = fields.Boolean(
        truthy={True},
        falsy={False},  # JSON true or false only, not "yes" or 1
        metadata={
            "description": "A team table (Skip-Bo at 4 or 6: partners sit opposite, rated as"
            " a team); matched only with other team tickets. By default false."
        },
    )


class SetGameSchema(Schema):
    game_id = fields.String(required=True)
    seat = fields.Integer(required=True)
    token = fields.String(required=True)


class TicketSchema(Schema):
    ticket = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    game = fields.String(required=True)
    players = fields.Integer(required=True)
    opponents = fields.String(required=True, validate=validate.OneOf(OPPONENTS))
    teams = fields.Boolean(required=True, metadata={"description": "A team table."})
    game_id = fields.String(metadata={"description": "Once matched: the game."})
    seat = fields.Integer(metadata={"description": "Once matched: your seat."})
    token = fields.String(
        metadata={"description": "Once matched: your seat's token (for your key only)."}
    )
    format = fields.String(
        validate=validate.OneOf(FORMATS), metadata={"description": "A duplicate ticket only."}
    )
    set_id = fields.String(metadata={"description": "A matched duplicate ticket: its set."})
    games = fields.List(
        fields.Nested(SetGameSchema),
        metadata={
            "description": "A matched duplicate ticket: every game of its set, in rotation "
            "order, with your seat and token in each (the first is `game_id`, `seat`, `token`)."
        },
    )


class TicketQuerySchema(StrictSchema):
    wait = fields.Float(
        validate=validate.Range(0, 30),
        metadata={"description": "Long-poll: hold a waiting ticket's answer up to this long."},
    )


class LeaderboardQuerySchema(StrictSchema):
    game = fields.String(required=True, validate=validate.OneOf(GAME_NAMES))
    kind = fields.String(validate=validate.OneOf(KINDS))
    limit = fields.Integer(load_default=50, validate=validate.Range(1, 200))
    cursor = CURSOR


class RankedPlayerSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True)
    rating = fields.Float(required=True)
    games = fields.Integer(required=True)
    rank = fields.Integer(required=True, metadata={"description": "1 = highest."})


class LeaderboardSchema(Schema):
    players = fields.List(fields.Nested(RankedPlayerSchema), required=True)
    next = fields.String(required=True, allow_none=True)
