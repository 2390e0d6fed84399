"""Views as the API serves them: each game's engine view plus what the service adds."""

from __future__ import annotations

from marshmallow import Schema, fields

from cardtable.api.schemas.base import described
from cardtable.api.schemas.skipbo import SkipBoViewSchema
from cardtable.api.schemas.skyjo import SkyjoViewSchema
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


class SkyjoGameViewSchema(SkyjoViewSchema, ServedViewSchema):
    pass


class SkipBoGameViewSchema(SkipBoViewSchema, ServedViewSchema):
    pass


GAME_VIEW_SCHEMAS: dict[str, type[Schema]] = {
    "skyjo": SkyjoGameViewSchema,
    "skipbo": SkipBoGameViewSchema,
}
"""The documented view of each game, by game name."""
