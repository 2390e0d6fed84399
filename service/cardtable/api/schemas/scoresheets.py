"""Schemas of the score sheets: creating one, entering a round, and the sheet as read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import INCLUDE, Schema, fields, post_dump, validate

from cardtable.api.schemas.base import (
    NAME,
    NAME_SCHEMA,
    PLAYERS,
    SHEET_GAMES,
    StrictSchema,
    described,
)


class CreateScoresheetRequestSchema(StrictSchema):
    game = fields.String(required=True, validate=validate.OneOf(SHEET_GAMES))
    players = fields.List(
        fields.String(validate=NAME, metadata=NAME_SCHEMA),
        required=True,
        validate=PLAYERS,
        metadata={"description": "The players' names in seat order (Skyjo 2-8, Skip-Bo 2-6)."},
    )
    options = fields.Dict(
        keys=fields.String(),
        load_default=dict,
        metadata={
            "description": "Scoring options only, checked like the game's own: Skyjo "
            "`end_score`, `max_rounds`, `finisher_penalty`; Skip-Bo `target_score`, `teams` "
            "(4 or 6 players). Missing ones take the game's defaults."
        },
    )


class ScoresheetRoundRequestSchema(Schema):
    """One round's result: the fields the sheet's game declares (`SheetRules.round_fields`;
    Skyjo `card_totals` and `finisher`, Skip-Bo `winner` and `stocks_left`). The game's
    sheet rules check every entry (a field it does not take, a missing or mistyped one:
    422 `validation_error`); openapi.yaml lists every hosted game's fields (`spec.py`)."""

    class Meta:
        unknown = INCLUDE


class ScoresheetPlayerSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)


class ScoresheetRoundSchema(Schema):
    """A round as entered and as counted; the fields of the sheet's game only (a game
    without fields below shows those its sheet rules count)."""

    @post_dump(pass_original=True)
    def _the_games_own_keys(
        self, data: dict[str, Any], counted: Mapping[str, Any], **_: Any
    ) -> dict[str, Any]:
        return {**counted, **data}

    round = fields.Integer(required=True, metadata={"description": "1 for the first round."})
    scores = fields.List(
        fields.Integer(), required=True, metadata={"description": "Points each seat scored."}
    )
    totals = described(
        fields.List, fields.Integer(), description="Running totals after this round."
    )
    card_totals = fields.List(
        fields.Integer(), metadata={"description": "Skyjo: the card totals as entered."}
    )
    finisher = fields.Integer(
        allow_none=True, metadata={"description": "Skyjo: the seat that ended the round."}
    )
    finisher_doubled = fields.Boolean(
        metadata={"description": "Skyjo: whether the finisher's score was doubled."}
    )
    winner = fields.Integer(
        allow_none=True,
        metadata={"description": "Skip-Bo: the round's winner, null when drawn."},
    )
    stocks_left = fields.List(
        fields.Integer(),
        allow_none=True,
        metadata={"description": "Skip-Bo: the stocks as entered (null if left out)."},
    )


class StandingSchema(Schema):
    seat = fields.Integer(required=True)
    name = fields.String(required=True)
    total = fields.Integer(required=True)
    rank = described(
        fields.Integer, description="1 is best; equal totals share a rank, the next one skips."
    )


class ScoresheetSchema(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True, validate=validate.OneOf(SHEET_GAMES))
    version = fields.Integer(
        required=True, metadata={"description": "Grows by one per edit; sent as the ETag."}
    )
    players = fields.List(fields.Nested(ScoresheetPlayerSchema), required=True)
    options = fields.Dict(required=True, metadata={"description": "The scoring options, resolved."})
    lower_total_wins = fields.Boolean(
        required=True, metadata={"description": "True for Skyjo, false for Skip-Bo."}
    )
    rounds = fields.List(fields.Nested(ScoresheetRoundSchema), required=True)
    totals = fields.List(fields.Integer(), required=True)
    standings = described(
        fields.List, fields.Nested(StandingSchema), description="Best first; ties by seat order."
    )
    finished = fields.Boolean(required=True, metadata={"description": "Whether the game is over."})
    winners = fields.List(
        fields.Integer(),
        required=True,
        metadata={
            "description": "The winning seats once finished (ties share; both partners of a "
            "Skip-Bo team; empty for a drawn single-round Skip-Bo game)."
        },
    )


class CreatedScoresheetSchema(ScoresheetSchema):
    edit_token = fields.String(
        required=True,
        metadata={
            "description": "Send as `Authorization: Bearer <edit_token>` to add or correct "
            "rounds. Shown only here."
        },
    )
