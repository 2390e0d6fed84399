"""The one place that knows the older forms of a stored game: every document this release
reads (schemas 1 to 4, see `schema`) is turned into the current form when it is read, so
the rest of the service (games/, live/, api/) only ever sees a snapshot with its moves
stored apart by content; and the write-back, in the current form or, while
CARDTABLE_WRITE_SCHEMA asks (the first step of a rolling upgrade), in the release before's.

What an upgrade does, form by form:
- 1 and 2 (the whole engine state with its log in the document, the token hashes in the
  seats): the state is loaded with every check, its moves encoded by content
  (`StoredForm.moves`) and the state cut to its snapshot. The stored log is empty: the
  next write replaces it with these moves and those made since. The first of them had no
  token-hash field beside the document: a poll, which reads the fields alone, reads the
  game for them then (`repository.GameRepository.token_hashes`).
- 3 (token hashes as comma-separated hex, every field written): its snapshot is loaded
  with every check (`StoredForm.checked`); `game.token_hashes` reads either form of hashes.
- 3 and 4 (the log's moves stored by their position among the legal moves): read as they
  are (`movelog.entries` and `movelog.decode` know both forms, so a reader of the log never
  sees the difference); the next write replaces the log in the form written.
- every form before 5: the table's `last_human_move` (read by the releases before only) is
  kept here, not in the table, and written again only in their forms.

The repository of the current form (`repository.GameRepository`) calls it only for a
document of another schema, and for the release before's fields when it writes their form.
It knows no live game (`cardtable.games.live_table`): documents and states only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.documents.game import token_hashes
from cardtable.documents.movelog import encode_log
from cardtable.documents.schema import (
    CONTENT_LOG_SCHEMA,
    DOCUMENT_SCHEMA_VERSION,
    LOG_IN_DOCUMENT,
    READ_SCHEMAS,
    check_schema_version,
)
from cardtable.store.documents import Stored
from cardtable_engine.base import EngineError, GameState
from cardtable_engine.registry import load_state


@dataclass
class StoredForm:
    """What a game's read found stored, as far as it differs from the current form."""

    schema: int = DOCUMENT_SCHEMA_VERSION
    moves: list[int] | None = None
    """The moves (content entries) a document of schema 1 or 2 held in its state, which
    its stored log does not: the next write stores them."""
    last_human_move: list[Any] | None = None
    """`[seat, move]` of the last engine move by a seat no bot plays, as the releases before
    stored it (their race-to-409 rule of a move sent twice reads it)."""
    checked: bool = False
    """Load the snapshot with every check (a snapshot not written by this release)."""

    @property
    def content_log(self) -> bool:
        return self.schema >= CONTENT_LOG_SCHEMA


CURRENT = StoredForm()
"""The current form (nothing to upgrade)."""


def upgraded(stored: Stored) -> tuple[dict[str, Any], list[str | None] | None, StoredForm]:
    """The document of `stored` in the current form, the seats' token hashes and what was
    stored; RuntimeError (our bug) for an unreadable one, DocumentTooNew for a newer one."""
    document = stored.document
    check_schema_version(
        "game", stored.doc_id, document, DOCUMENT_SCHEMA_VERSION, older=READ_SCHEMAS
    )
    hashes = token_hashes(stored.fields)
    schema = document.get("schema_version", 1)
    if schema == DOCUMENT_SCHEMA_VERSION:
        return document, hashes, CURRENT
    document = {**document, "table": dict(document.get("table", {}))}
    form = StoredForm(schema, last_human_move=document["table"].pop("last_human_move", None))
    form.checked = schema < 4
    if schema in LOG_IN_DOCUMENT:
        if hashes is None:
            hashes = [seat.get("token_sha256") for seat in document["seats"]]
        document["seats"] = [
            {k: v for k, v in seat.items() if k != "token_sha256"} for seat in document["seats"]
        ]
        if document.get("state") is not None:
            _cut_to_snapshot(stored.doc_id, document, form)
    return document, hashes, form


def _cut_to_snapshot(doc_id: str, document: dict[str, Any], form: StoredForm) -> None:
    """A state with its whole log: its snapshot in the document, its moves in `form`."""
    try:
        state = load_state(document["state"])
    except EngineError as exc:
        raise RuntimeError(f"game {doc_id}: stored state is unreadable: {exc}") from exc
    form.moves = encode_log(state)
    bots = {seat["seat"] for seat in document["seats"] if seat.get("bot")}
    form.last_human_move = last_human_move(state, bots) or form.last_human_move
    form.checked = False  # just checked
    document["state"] = state.snapshot()


def last_human_move(state: GameState | None, bots: set[int]) -> list[Any] | None:
    """`[seat, move]` of the last engine move by a seat no bot plays (the releases before's
    `last_human_move`), None if there is none."""
    for entry in reversed(state.log if state is not None else []):
        if entry.get("type") == "move" and entry.get("seat") not in bots:
            return [entry["seat"], entry["move"]]
    return None


def with_old_fields(
    document: dict[str, Any], write_schema: int, last: list[Any] | None
) -> dict[str, Any]:
    """A document written for the release before (`write_schema` 3 or 4), with the table's
    `last_human_move` its readers still read (`last`, see `last_human_move`)."""
    if last is not None or write_schema < 4:  # 3 writes every field
        document["table"]["last_human_move"] = last
    return document


__all__ = ["CURRENT", "StoredForm", "last_human_move", "upgraded", "with_old_fields"]
