"""A game's stored document: the snapshot written (`write_document`, in this release's form
or, while CARDTABLE_WRITE_SCHEMA asks, the release before's) and the game read back from it
in any form this release reads (`read_document`; see `schema` for the forms), and the seats'
token hashes in the small fields beside it (`token_fields`, `token_hashes`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.documents.schema import (
    DOCUMENT_SCHEMA_VERSION,
    PREVIOUS_SCHEMA_VERSION,
)
from cardtable.games.live_table import Game, Hosting
from cardtable_engine import turn_limit
from cardtable_engine.base import EngineError, GameState
from cardtable_engine.registry import load_state
from cardtable_engine.table import Seat

TOKENS_FIELD = "token_sha256"
"""The seats' token hashes: 32 bytes of SHA-256 a seat, in seat order (zeros: no token)."""
TOKEN_HASHES_FIELD = "token_hashes"
"""The same as hex, comma separated: written by the releases before (schema 3 and older)."""
NO_TOKEN = bytes(32)


def write_document(game: Game, schema: int = DOCUMENT_SCHEMA_VERSION) -> dict[str, Any]:
    """The snapshot: seats, table, table changes and the engine state without its log.
    Schema 4 leaves fields at their defaults out (`read_document` puts them back);
    schema 3 (`WRITABLE_SCHEMAS`) writes every field, as the release before did (the
    releases before's `last_human_move`: see `repository.GameRepository.document`)."""
    old_form = schema < DOCUMENT_SCHEMA_VERSION
    every = schema == PREVIOUS_SCHEMA_VERSION
    state = game.state.snapshot() if game.dealt else None
    table = _changed(game.hosting, HOSTING_DEFAULTS, every)  # stored as the "table"
    if old_form:
        # The releases before know no `max_turns`; a game written for them has it unset.
        for options in (table.get("options"), state and state["options"]):
            if options:
                turn_limit.drop_unset(options)
    if every and not game.hosting.pruned:
        del table["pruned"]  # a field the release before does not know
    if every and not game.hosting.rated:
        # rated play's: unknown to the release before
        del table["rated"], table["players"], table["rated_set"]
    if not every and state is not None and table["options"] == state["options"]:
        del table["options"]  # the state holds them
    document = {
        "schema_version": schema,
        "id": game.game_id,
        "game": game.game,
        "created_at": game.created_at,
        # Token hashes are kept in a field beside the snapshot (see `token_fields`).
        "seats": [_changed(seat, SEAT_DEFAULTS, every) for seat in game.seats],
        "table": table,
    }
    if every or game.table_log:
        document["table_log"] = game.table_log
    document["state"] = state
    return document


def read_document(
    doc_id: str,
    version: int,
    doc: Mapping[str, Any],
    token_hashes: Sequence[str | None] | None = None,
    checked: bool = False,
) -> Game:
    """The game of a stored snapshot in the current form (`upgrade` turns the older ones
    into it); `token_hashes`: the seats' token hashes as stored beside it. This release's
    own snapshots are taken over as written (see loader.load), unless `checked`."""
    state = None
    if doc.get("state") is not None:
        try:
            state = load_state(doc["state"], trusted=not checked)
        except EngineError as exc:
            # Stored states were written by us: failing to read one is our bug (a 500).
            raise RuntimeError(f"game {doc_id}: stored state is unreadable: {exc}") from exc
    hashes = token_hashes or [None] * len(doc["seats"])
    seats = [Seat(**{"token_sha256": hashes[i] or None, **s}) for i, s in enumerate(doc["seats"])]
    hosting = Hosting(**{"options": state_options(state), **doc.get("table", {})})
    game = Game(
        doc_id,
        doc["game"] if "game" in doc else state_game(state),
        state,
        seats,
        float(doc.get("created_at", 0)),
        hosting,
        list(doc.get("table_log", [])),
    )
    if game.version != version:
        raise RuntimeError(f"game {doc_id}: stored version disagrees with its state")
    return game


def token_fields(hashes: Sequence[str | None], schema: int) -> dict[str, bytes]:
    """The seats' token hashes (hex, None: no token) as the small fields of `schema`: binary,
    or as the release before wrote them, hex comma separated; the other form is deleted
    (`token_hashes` reads the binary one first, so a stale one must not stay)."""
    if schema == PREVIOUS_SCHEMA_VERSION:
        return {TOKENS_FIELD: b"", TOKEN_HASHES_FIELD: ",".join(h or "" for h in hashes).encode()}
    binary = b"".join(bytes.fromhex(h) if h else NO_TOKEN for h in hashes)
    return {TOKENS_FIELD: binary, TOKEN_HASHES_FIELD: b""}


def token_hashes(fields: Mapping[str, bytes | None]) -> list[str | None] | None:
    """The seats' token hashes (hex) from the stored fields, None when neither form is
    stored (documents before the fields existed keep them in the seats)."""
    tokens, hashes = fields.get(TOKENS_FIELD), fields.get(TOKEN_HASHES_FIELD)
    if tokens:
        chunks = [tokens[i : i + len(NO_TOKEN)] for i in range(0, len(tokens), len(NO_TOKEN))]
        return [None if chunk == NO_TOKEN else chunk.hex() for chunk in chunks]
    if hashes:
        return [text or None for text in hashes.decode().split(",")]
    return None


def _defaults(cls: type[Any]) -> dict[str, Any]:
    """Every field of a dataclass with its default (`_ALWAYS` for those without one)."""
    found: dict[str, Any] = {}
    for spec in dataclasses.fields(cls):
        if spec.default is not dataclasses.MISSING:
            found[spec.name] = spec.default
        elif spec.default_factory is not dataclasses.MISSING:
            found[spec.name] = spec.default_factory()
        else:
            found[spec.name] = _ALWAYS
    return found


_ALWAYS = object()
SEAT_DEFAULTS = {k: v for k, v in _defaults(Seat).items() if k != "token_sha256"}
"""A stored seat's fields and defaults; never its token hash (stored beside the document)."""
HOSTING_DEFAULTS = _defaults(Hosting)
"""The stored "table" part's fields and defaults (a `Hosting`)."""


def _changed(item: Any, defaults: Mapping[str, Any], every: bool = False) -> dict[str, Any]:
    """The fields named in `defaults` whose value differs from it (`every`: all of them), in
    order (the values are shared, not copied: the document is encoded at once)."""
    found = {}
    for name, default in defaults.items():
        value = getattr(item, name)
        if every or value != default:
            found[name] = value
    return found


def state_options(state: GameState | None) -> dict[str, Any]:
    return dict(state.options) if state is not None else {}


def state_game(state: GameState | None) -> str:
    if state is None:
        raise RuntimeError("a stored game names neither its game nor a state")
    return state.game


__all__ = [
    "TOKENS_FIELD",
    "TOKEN_HASHES_FIELD",
    "read_document",
    "token_fields",
    "token_hashes",
    "write_document",
]
