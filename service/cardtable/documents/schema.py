"""The game document's schema versions, and the check that refuses what this release cannot
read (a newer release's document: `DocumentTooNew`, retried by the client).

Every form this release reads (1 to 4, and 5, its own) and how each becomes the current
one is in one place, `cardtable.documents.upgrade`: the rest of the service only ever sees
the current form. This release writes 5, or 4 or 3 while CARDTABLE_WRITE_SCHEMA asks (the
first step of an upgrade from the release before): `repository.GameRepository` writes those
too (with `game.write_document`, `game.token_fields` and
`movelog.MoveRecorder(positional=...)`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.store.documents import DocumentTooNew
from cardtable_engine.checks import is_int

DOCUMENT_SCHEMA_VERSION = 5
"""5: as 4, with the moves of its log stored by content (their number in the game's move
space), not by their position among the legal moves (see cardtable.documents.movelog).
4: as 3, the seats' and the table's fields written only where they differ from their
defaults (the table's options only while no state holds them), the token hashes beside it
in binary (see `token_fields`). Only this release writes it, so its engine snapshot is loaded as
trusted (`loader.load`): a release that changes what a snapshot holds must raise it.
3: the engine state is a snapshot without its log (the log is stored apart, see
cardtable.documents.movelog), read with every check and rewritten as 4 when next written; 1 and 2
held the whole state with its log and are migrated when next written."""
PREVIOUS_SCHEMA_VERSION = 3
WRITABLE_SCHEMAS = (PREVIOUS_SCHEMA_VERSION, 4, DOCUMENT_SCHEMA_VERSION)
"""The schemas this release can write: its own, and the releases before's for the first step
of a rolling update (README, "Upgrading without losing games"; CARDTABLE_WRITE_SCHEMA)."""
CONTENT_LOG_SCHEMA = 5
"""The first schema whose log stores moves by content (older ones: by position)."""
LOG_IN_DOCUMENT = (1, 2)
"""The schema versions whose document holds the engine's whole log."""
READ_SCHEMAS = (1, 2, 3, 4)
"""The older game schemas this release still reads."""


def check_schema_version(
    kind: str,
    doc_id: str,
    document: Mapping[str, Any],
    supported: int,
    older: Sequence[int] = (),
) -> None:
    """Refuse a document of a newer schema than `supported`; any other mismatch (beyond the
    `older` versions the caller still reads) is our bug."""
    found = document.get("schema_version")
    if is_int(found) and found > supported:
        raise DocumentTooNew(kind, doc_id, found, supported)
    if found != supported and found not in older:
        raise RuntimeError(f"{kind} {doc_id}: unknown schema_version {found!r}")


__all__ = [
    "CONTENT_LOG_SCHEMA",
    "DOCUMENT_SCHEMA_VERSION",
    "LOG_IN_DOCUMENT",
    "PREVIOUS_SCHEMA_VERSION",
    "READ_SCHEMAS",
    "WRITABLE_SCHEMAS",
    "check_schema_version",
]
