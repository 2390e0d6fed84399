"""The `Idempotency-Key` request header of moves: read, checked, documented."""

from __future__ import annotations

from flask import request
from marshmallow import EXCLUDE, Schema, fields

from cardtable.api.errors import ApiError
from cardtable.idempotency import is_valid_key

HEADER = "Idempotency-Key"


class IdempotencyKeyHeaderSchema(Schema):
    """Documents the header; the value is read (and checked) by `idempotency_key`."""

    class Meta:
        unknown = EXCLUDE

    idempotency_key = fields.String(
        data_key=HEADER,
        metadata={
            "description": "Any unique string (1 to 128 printable ASCII characters, e.g. a "
            "UUID): a retry of the same move with the same key returns the first answer "
            "(with `Idempotent-Replayed: true`) instead of acting twice. Kept as long as "
            "the game."
        },
    )


def idempotency_key() -> str | None:
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not is_valid_key(key):
        raise ApiError("invalid_header", f"{HEADER} must be 1 to 128 printable ASCII characters")
    return key
