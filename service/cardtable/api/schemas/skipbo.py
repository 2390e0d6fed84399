"""Skip-Bo's view as marshmallow schemas, kept in step with skipbo/views.py by a test."""

from __future__ import annotations

from marshmallow import fields, validate

from cardtable.api.schemas.base import (
    StrictSchema,
    ViewBaseSchema,
    described,
    options_schema,
    step_field,
)

CARD = validate.Range(0, 12)
STEPS = ("play", "build", "build_or_discard", "build_or_pass", "discard", "pass")


def _int(**kwargs: object) -> fields.Integer:
    return fields.Integer(strict=True, required=True, **kwargs)  # type: ignore[arg-type]


def _card(**kwargs: object) -> fields.Integer:
    return _int(validate=CARD, **kwargs)


def _cards(**kwargs: object) -> fields.List[int]:
    card = fields.Integer(strict=True, validate=CARD)
    return fields.List(card, required=True, **kwargs)  # type: ignore[arg-type]


SkipBoOptionsSchema = options_schema("skipbo")


class SkipBoPlayerSchema(StrictSchema):
    seat = _int()
    name = fields.String(required=True)
    hand_size = _int(validate=validate.Range(0, 5))
    stock_size = _int(metadata={"description": "Cards left in this seat's stock."})
    stock_top = _card(
        allow_none=True,
        metadata={"description": "The stock's face-up top card (0 = SKIP-BO); null when empty."},
    )
    discard_piles = fields.List(
        fields.List(fields.Integer(strict=True, validate=CARD)),
        required=True,
        validate=validate.Length(equal=4),
        metadata={
            "description": "The seat's 4 discard piles, each bottom first (top card last);"
            " discard piles are face up, every card is visible."
        },
    )
    partner = _int(allow_none=True, metadata={"description": "Teams: the partner's seat."})
    team = _int(allow_none=True, metadata={"description": "Teams: the team number."})
    total = _int(metadata={"description": "Running total of points."})


class SkipBoBuildingPileSchema(StrictSchema):
    slot = _int(validate=validate.Range(0, 3))
    size = _int(validate=validate.Range(0, 11))
    reached = _int(
        validate=validate.Range(0, 11),
        metadata={"description": "The value the pile has reached (0 when empty)."},
    )
    next = _int(
        validate=validate.Range(1, 12),
        metadata={"description": "The value the pile needs next (or a SKIP-BO)."},
    )
    top_card = _card(
        allow_none=True,
        metadata={"description": "The card on top as played (0 = SKIP-BO); null when empty."},
    )
    cards = _cards(metadata={"description": "The pile's cards, bottom first."})


class SkipBoLastRoundSchema(StrictSchema):
    round = _int()
    drawn = fields.Boolean(required=True, metadata={"description": "Nobody won the round."})
    winner = _int(allow_none=True, metadata={"description": "Seat that emptied the last stock."})
    winning_team = described(
        fields.List,
        fields.Integer(strict=True),
        description="Teams: both partners of the winner.",
        nullable=True,
    )
    scores = fields.List(fields.Integer(strict=True), required=True)
    stocks_left = described(
        fields.List,
        fields.Integer(strict=True),
        description="Cards left in each stock when the round ended.",
    )


class SkipBoRoundSummarySchema(StrictSchema):
    round = _int()
    scores = fields.List(fields.Integer(strict=True), required=True)
    winner = _int(allow_none=True, metadata={"description": "null for a drawn round."})
    stocks_left = fields.List(fields.Integer(strict=True), required=True)


class SkipBoViewSchema(ViewBaseSchema):
    """What one seat (or a spectator) sees of a Skip-Bo game."""

    game = fields.String(required=True, validate=validate.Equal("skipbo"))
    first_player = _int(metadata={"description": "Seat that started this round."})
    step = step_field(
        STEPS,
        "What the acting seat does next. Others see `play`; the acting"
        " seat sees `build` (french rule: keep building), `build_or_discard`,"
        " `build_or_pass`, `discard` or `pass`. null once the game is over.",
    )
    options = fields.Nested(SkipBoOptionsSchema, required=True)
    players = fields.List(fields.Nested(SkipBoPlayerSchema), required=True)
    hand = described(
        fields.List,
        fields.Integer(strict=True, validate=CARD),
        description="The viewer's own hand, sorted (0 = SKIP-BO); null for others.",
        nullable=True,
    )
    building_piles = fields.List(
        fields.Nested(SkipBoBuildingPileSchema),
        required=True,
        validate=validate.Length(equal=4),
    )
    draw_pile_size = _int()
    set_aside_size = _int(metadata={"description": "Cards of completed building piles."})
    set_aside_piles = _int(metadata={"description": "Completed building piles set aside."})
    drawn_turns = _int(
        metadata={
            "description": "Consecutive turns without a build that ended with nothing left to"
            " draw; the round is drawn when it reaches the number of players."
        }
    )
    teams = described(
        fields.List,
        fields.List(fields.Integer(strict=True)),
        description="The partnerships, e.g. [[0, 2], [1, 3]]; null without teams.",
        nullable=True,
    )
    rounds = described(
        fields.List, fields.Nested(SkipBoRoundSummarySchema), description="Every completed round."
    )
    last_round = fields.Nested(SkipBoLastRoundSchema, required=True, allow_none=True)
