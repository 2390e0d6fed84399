"""Hints and post-game reviews (api/analysis_routes.py)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from cardtable.api.schemas.common import _move

UNITS = ("expected_round_score", "win_probability")


class MoveHintSchema(Schema):
    move = _move("A legal move, as `legal-moves` lists it.", required=True)
    estimate = fields.Float(
        required=True,
        metadata={"description": "What the move is worth by the estimator, in `unit`."},
    )
    unit = fields.String(
        required=True,
        validate=validate.OneOf(UNITS),
        metadata={
            "description": "`expected_round_score` (Skyjo: lower is better) or"
            " `win_probability` (Skip-Bo: higher is better)."
        },
    )
    best = fields.Boolean(required=True, metadata={"description": "The first, best move."})


class HintsSchema(Schema):
    seat = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "The version judged."})
    method = fields.String(required=True, metadata={"description": "How the estimates are made."})
    moves = fields.List(
        fields.Nested(MoveHintSchema),
        required=True,
        metadata={"description": "Every legal move of the seat, best first."},
    )


class MistakeSchema(Schema):
    turn = fields.Integer(
        required=True, metadata={"description": "The move's index among the game's moves, from 0."}
    )
    move = _move("The move made.", required=True)
    best_move = _move("The best move by the estimator.", required=True)
    loss = fields.Float(
        required=True,
        metadata={"description": "How much worse the move made was, in the review's `unit`."},
    )


class SeatReviewSchema(Schema):
    seat = fields.Integer(required=True)
    mistakes = fields.List(
        fields.Nested(MistakeSchema),
        required=True,
        metadata={"description": "The largest losses, largest first (at most 5)."},
    )


class ReviewSchema(Schema):
    unit = fields.String(required=True, validate=validate.OneOf(UNITS))
    method = fields.String(required=True)
    seats = fields.List(fields.Nested(SeatReviewSchema), required=True)
