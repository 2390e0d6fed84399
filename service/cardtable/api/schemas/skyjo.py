"""marshmallow schemas of Skyjo's view (what the engine's skyjo/views.py produces;
tests/api/test_view_schemas.py keeps them in step). Its record entries are derived from the
game's own declarations (derived.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields, validate

from cardtable.api.schemas.base import (
    SEAT,
    StrictSchema,
    ViewBaseSchema,
    described,
    options_schema,
    step_field,
)

LOWEST_CARD, HIGHEST_CARD = -2, 12
CARD = validate.Range(LOWEST_CARD, HIGHEST_CARD)
REMOVED = "removed"
STEPS = ("reveal", "choose", "place_drawn")


def _int(**kwargs: Any) -> fields.Integer:
    return fields.Integer(strict=True, required=True, **kwargs)


def _card(**kwargs: Any) -> fields.Integer:
    return _int(validate=CARD, **kwargs)


def _ints(**kwargs: Any) -> fields.List[int]:
    return fields.List(fields.Integer(strict=True), required=True, **kwargs)


class GridCell(fields.Field[int | str | None]):
    """One grid position: its value when face up, null when face down, "removed" once its
    column has left the grid."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "description": "The card's value (-2..12) when face up, null when face down,"
            ' "removed" when its column has been removed.',
            "oneOf": [
                {"type": "integer", "minimum": LOWEST_CARD, "maximum": HIGHEST_CARD},
                {"type": "string", "enum": [REMOVED]},
            ],
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int | str | None:
        if value == REMOVED:
            return REMOVED
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(f'A grid cell is an integer, null or "{REMOVED}".')
        if not LOWEST_CARD <= value <= HIGHEST_CARD:
            raise ValidationError(f"A card is from {LOWEST_CARD} to {HIGHEST_CARD}.")
        return value


def _grid(*, allow_face_down: bool, **kwargs: Any) -> fields.List[int | str | None]:
    return fields.List(
        GridCell(allow_none=allow_face_down),
        required=True,
        validate=validate.Length(equal=12),
        **kwargs,
    )


SkyjoOptionsSchema = options_schema("skyjo")


class SkyjoPlayerSchema(StrictSchema):
    seat = _int(validate=SEAT)
    name = fields.String(required=True)
    grid = _grid(
        allow_face_down=True,
        metadata={
            "description": "The 12 positions row by row (row 0 columns 0..3, then rows 1"
            " and 2); positions keep their place when a column is removed."
        },
    )
    visible_sum = _int(metadata={"description": "Sum of this grid's face-up cards."})
    face_down = _int(
        validate=validate.Range(0, 12), metadata={"description": "Face-down cards left."}
    )
    reveals_left = _int(
        validate=validate.Range(0, 3),
        metadata={"description": "Setup reveals this seat still has to make."},
    )
    holding_drawn = described(
        fields.Boolean, description="This seat has drawn a card and not yet placed it."
    )
    total = _int(metadata={"description": "Running total of the completed rounds."})


class SkyjoDrawnSchema(StrictSchema):
    seat = _int(validate=SEAT, metadata={"description": "The seat holding a drawn card."})
    card = _card(
        allow_none=True,
        metadata={"description": "The drawn card, shown only to the seat that drew it."},
    )


class SkyjoFinalLapSchema(StrictSchema):
    finisher = _int(
        validate=SEAT, metadata={"description": "The seat that revealed its last card."}
    )
    still_to_play = _ints(
        metadata={"description": "Seats that still get their last turn, in play order."}
    )


class SkyjoRoundSummarySchema(StrictSchema):
    round = _int(validate=validate.Range(min=1))
    scores = _ints()
    finisher = _int(validate=SEAT)


class SkyjoLastRoundSchema(StrictSchema):
    round = _int(validate=validate.Range(min=1))
    scores = _ints(metadata={"description": "Round scores, the finisher's doubling included."})
    card_totals = _ints(metadata={"description": "Sum of the cards left in each grid."})
    finisher = _int(validate=SEAT)
    finisher_doubled = fields.Boolean(required=True)
    grids = described(
        fields.List,
        _grid(allow_face_down=False),
        description="Each grid at the end of the round, every card face up.",
    )
    revealed = described(
        fields.List,
        fields.List(fields.Integer(strict=True, validate=validate.Range(0, 11))),
        description="Per seat, the positions turned up by the final reveal.",
    )


class SkyjoViewSchema(ViewBaseSchema):
    """What one seat (or a spectator) sees of a Skyjo game."""

    game = fields.String(required=True, validate=validate.Equal("skyjo"))
    step = step_field(
        STEPS,
        "`reveal`; `choose` (take_discard or draw); `place_drawn` (replace"
        " or discard_and_reveal); null once the game is over.",
    )
    options = fields.Nested(SkyjoOptionsSchema, required=True)
    players = fields.List(fields.Nested(SkyjoPlayerSchema), required=True)
    discard_top = _card(metadata={"description": "The face-up card on top of the discard pile."})
    discard_size = _int(validate=validate.Range(min=1))
    discard_pile = described(
        fields.List,
        _card(),
        description=(
            "The whole discard pile, bottom first (its last card is `discard_top`): every"
            " seat saw each of these cards go there."
        ),
    )
    draw_pile_size = _int(validate=validate.Range(min=0), metadata={"description": "Cards left."})
    drawn = described(
        fields.Nested,
        SkyjoDrawnSchema,
        description="The card drawn and not yet placed; null when none.",
        nullable=True,
    )
    final_lap = described(
        fields.Nested,
        SkyjoFinalLapSchema,
        description="Set once someone finished: the others play once more.",
        nullable=True,
    )
    rounds = described(
        fields.List, fields.Nested(SkyjoRoundSummarySchema), description="Every completed round."
    )
    last_round = described(
        fields.Nested,
        SkyjoLastRoundSchema,
        description="The previous round's result; null during round 1.",
        nullable=True,
    )
