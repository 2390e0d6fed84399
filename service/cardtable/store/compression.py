"""How a stored document becomes bytes in Redis and back: compact JSON, zlib-compressed with a
preset dictionary of the documents' common fragments.

A one-byte format marker comes first so a later format can be read beside this one: "z"
(plain zlib, the release before) is still read; "d" (zlib with `DICTIONARY`) is written.
Documents are small (a game's snapshot is 1 to 3 KB of JSON), too small for zlib to learn
their keys from the document itself; the dictionary gives it them, a third off the stored
bytes. `DICTIONARY` must never change once released: a new one needs a new marker.
JSON goes through orjson, several times faster than the standard library on every
request's read path; documents hold no integer beyond 64 bits (seeds are stored as strings).
"""

from __future__ import annotations

import zlib
from typing import Any

import orjson

FORMAT_ZLIB_JSON = b"z"
FORMAT_DICTIONARY_JSON = b"d"

# zlib reaches back 32 KB, and the end of the dictionary is the cheapest to refer to: the
# fragments every game document has come last.
DICTIONARY = (
    b'{"round":1,"scores":[0,0],"winner":0,"stocks_left":[0,0]},'
    b'"table":{"stocks":[[],[]],"hands":[[],[]],"discard_piles":[[[],[],[],[]],[[],[],[],[]]],'
    b'"building_piles":[[],[],[],[]],"draw_pile":[],"set_aside":[]},'
    b'"options":{"stock_size":30,"first_player":0,"stop_rule":"french","target_score":null,'
    b'"teams":false},"built_this_turn":false,"drawn_turns":0,"phase":"playing",'
    b'{"game":"skipbo","schema_version":1,"names":['
    b'{"round":1,"scores":[0,0],"finisher":0,"card_totals":[0,0],'
    b'"grids":[[0,"removed","removed",0],[]],"revealed":[[],[]]},'
    b'"reveals_left":[0,0],"current":null,"drawn":null,"finisher":null,"final_lap":[],'
    b'"discard":[],"draw_pile":[],'
    b'{"cards":[0,0,0,0,0,0,0,0,0,0,0,0],"face_up":[false,false,false,false,false,false,'
    b"false,false,false,false,false,false]},"
    b'{"cards":[0,0,0,0,0,0,0,0,0,0,0,0],"face_up":[true,true,true,true,true,true,'
    b"true,true,true,true,true,true]},"
    b'"options":{"initial_reveals":2,"later_round_starter":"finisher","end_score":100,'
    b'"max_rounds":null,"finisher_penalty":true},'
    b'"phase":"reveal","grids":[{"game":"skyjo","schema_version":1,"names":['
    b'"version":0,"rng":{"seed":"0","counter":0},"round":1,"rounds":[],"log_length":0}}'
    b'{"schema_version":2,"id":"","game":"skyjo","created_at":0,'
    b'"seats":[{"seat":0,"name":"","bot":null},{"seat":1,"name":"","bot":"greedy"}],"state":'
)


class CorruptDocument(ValueError):
    """Bytes in Redis that this codec cannot read (a bug or foreign data, never a client's)."""


def encode(document: dict[str, Any]) -> bytes:
    packer = zlib.compressobj(9, zdict=DICTIONARY)
    return FORMAT_DICTIONARY_JSON + packer.compress(orjson.dumps(document)) + packer.flush()


def decode(blob: bytes) -> dict[str, Any]:
    marker = blob[:1]
    if marker not in (FORMAT_DICTIONARY_JSON, FORMAT_ZLIB_JSON):
        raise CorruptDocument("unknown stored document format")
    try:
        if marker == FORMAT_DICTIONARY_JSON:
            unpacker = zlib.decompressobj(zdict=DICTIONARY)
            raw = unpacker.decompress(blob[1:]) + unpacker.flush()
        else:
            raw = zlib.decompress(blob[1:])
        document = orjson.loads(raw)
    except (zlib.error, orjson.JSONDecodeError) as exc:
        raise CorruptDocument(f"stored document cannot be decoded: {exc}") from exc
    if not isinstance(document, dict):
        raise CorruptDocument("stored document is not an object")
    return document
