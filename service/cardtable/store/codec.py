"""How a stored document becomes bytes in Redis and back: compact JSON, zlib-compressed.

A one-byte format marker comes first so a later format can be read beside this one. JSON
goes through orjson, several times faster than the standard library on every request's
read path; documents hold no integer beyond 64 bits (seeds are stored as strings).
"""

from __future__ import annotations

import zlib
from typing import Any

import orjson

FORMAT_ZLIB_JSON = b"z"


class CorruptDocument(ValueError):
    """Bytes in Redis that this codec cannot read (a bug or foreign data, never a client's)."""


def encode(document: dict[str, Any]) -> bytes:
    return FORMAT_ZLIB_JSON + zlib.compress(orjson.dumps(document), 6)


def decode(blob: bytes) -> dict[str, Any]:
    if not blob or blob[:1] != FORMAT_ZLIB_JSON:
        raise CorruptDocument("unknown stored document format")
    try:
        document = orjson.loads(zlib.decompress(blob[1:]))
    except (zlib.error, orjson.JSONDecodeError) as exc:
        raise CorruptDocument(f"stored document cannot be decoded: {exc}") from exc
    if not isinstance(document, dict):
        raise CorruptDocument("stored document is not an object")
    return document
