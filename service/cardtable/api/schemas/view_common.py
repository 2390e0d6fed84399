"""The view fields every game shares, in one vocabulary (docs/adding-a-game.md, "Views"):
each game's view schema extends `CommonViewSchema` and adds its own fields."""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

PHASES = ("waiting", "setup", "playing", "finished")


def _ints(**kwargs: object) -> fields.List[int]:
    return fields.List(fields.Integer(strict=True), required=True, **kwargs)  # type: ignore[arg-type]


class CommonViewSchema(Schema):
    class Meta:
        unknown = RAISE

    version = fields.Integer(
        strict=True, required=True, metadata={"description": "Moves applied so far."}
    )
    seat = fields.Integer(
        strict=True,
        required=True,
        allow_none=True,
        metadata={"description": "The viewer; null for a spectator."},
    )
    phase = fields.String(
        required=True,
        validate=validate.OneOf(PHASES),
        metadata={
            "description": "`waiting` (open seats, not dealt yet), `setup` (what precedes"
            " the first turn, e.g. Skyjo's reveals), `playing` or `finished`."
        },
    )
    round = fields.Integer(strict=True, required=True, validate=validate.Range(min=1))
    current_player = fields.Integer(
        strict=True,
        required=True,
        allow_none=True,
        metadata={"description": "Whose turn it is; null when no single seat has the turn."},
    )
    active_seats = _ints(metadata={"description": "Seats that may act now."})
    finished = fields.Boolean(required=True)
    totals = _ints(metadata={"description": "Running totals of the completed rounds, per seat."})
    winners = _ints(metadata={"description": "Winning seats once finished (ties share)."})
