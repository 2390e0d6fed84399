"""What the game service adds to every engine view (a game's own view is derived from its
declarations: derived.view_components)."""

from __future__ import annotations

from marshmallow import fields

from cardtable.api.schemas.base import described
from cardtable.api.schemas.tables import TableFieldsSchema


class ServedViewSchema(TableFieldsSchema):
    """Fields the game service adds to every engine view."""

    id = fields.String(required=True, metadata={"description": "The game's id."})
    bots = described(
        fields.List,
        fields.String(allow_none=True),
        description="Per seat, the server bot that plays it, or null for a human.",
    )
    seeded = fields.Boolean(
        required=True,
        metadata={
            "description": "True when the creator chose the seed: whoever knows it can "
            "derive every hidden card. False for a secure 128-bit server seed."
        },
    )
