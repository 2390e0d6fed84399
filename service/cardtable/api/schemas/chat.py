"""Schemas of a live table's chat."""

from __future__ import annotations

from marshmallow import fields, validate

from cardtable.api.schemas.base import StrictSchema, described
from cardtable.games.chat import EMOTES, TEXT_MAX


class ChatPostSchema(StrictSchema):
    text = fields.String(
        metadata={
            "description": f"A message: 1 to {TEXT_MAX} printable characters once trimmed "
            "(no controls, bidi overrides or invisible characters: 422 "
            "`invalid_chat_message`). Shown as text, never as markup."
        }
    )
    emote = fields.String(
        validate=validate.OneOf(EMOTES),
        metadata={"description": "A quick reaction instead of `text`."},
    )


class ChatQuerySchema(StrictSchema):
    since = fields.Integer(
        validate=validate.Range(0, None),
        load_default=0,
        metadata={"description": "Messages after this number (`seq`); default 0: all kept."},
    )
    wait = fields.Float(
        validate=validate.Range(0, 30),
        load_default=0,
        metadata={
            "description": "When no message follows `since`, wait up to this many seconds "
            "for the next."
        },
    )


class ChatMessageSchema(StrictSchema):
    seq = described(fields.Integer, description="The message's number in this chat (1, 2, …).")
    seat = described(fields.Integer, description="The seat that sent it.")
    name = described(fields.String, description="That seat's player name when it was sent.")
    text = fields.String(metadata={"description": "The message (or `emote`)."})
    emote = fields.String(
        validate=validate.OneOf(EMOTES), metadata={"description": "The reaction (or `text`)."}
    )
    at = described(fields.Integer, description="When the server took it (Unix time, ms).")


class ChatPageSchema(StrictSchema):
    seq = described(
        fields.Integer,
        description="The chat's latest message number (0: none yet). Lower than the "
        "`since` asked: the chat was emptied (it expired), read again from 0.",
    )
    messages = described(
        fields.List,
        fields.Nested(ChatMessageSchema),
        description="The kept messages after `since`, oldest first (the latest 50 are kept).",
    )
