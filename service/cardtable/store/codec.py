"""How a stored document becomes bytes in Redis and back: compact JSON, zlib-compressed.

A one-byte format marker comes first so a later format can be read beside this one.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

FORMAT_ZLIB_JSON = b"z"


class CorruptDocument(ValueError):
    """Bytes in Redis that this codec cannot read (a bug or foreign data, never a client's)."""


def encode(document: dict[str, Any]) -> bytes:
    raw = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode()
    return FORMAT_ZLIB_JSON + zlib.compress(raw, 6)


def decode(blob: bytes) -> dict[str, Any]:
    if not blob or blob[:1] != FORMAT_ZLIB_JSON:
        raise CorruptDocument("unknown stored document format")
    try:
        document = json.loads(zlib.decompress(blob[1:]))
    except (zlib.error, ValueError) as exc:
        raise CorruptDocument(f"stored document cannot be decoded: {exc}") from exc
    if not isinstance(document, dict):
        raise CorruptDocument("stored document is not an object")
    return document
