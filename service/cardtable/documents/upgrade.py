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
  game for them then (`GameDocuments.token_hashes`).
- 3 (token hashes as comma-separated hex, every field written): its snapshot is loaded
  with every check (`StoredForm.checked`); `game.token_hashes` reads either form of hashes.
- 3 and 4 (the log's moves stored by their position among the legal moves): read as they
  are (`movelog.entries` and `movelog.decode` know both forms, so a reader of the log never
  sees the difference); the next write replaces the log in the form written.
- every form before 5: the table's `last_human_move` (read by the releases before only) is
  kept here, not in the table, and written again only in their forms.

A schema 5 document costs nothing more: `read` checks its version and goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.documents.game import read_document, token_fields, token_hashes, write_document
from cardtable.documents.movelog import (
    CorruptLog,
    MoveRecorder,
    apply_entries,
    encode_log,
    entries,
    fresh_state,
    log_bytes,
    replay,
)
from cardtable.documents.schema import (
    CONTENT_LOG_SCHEMA,
    DOCUMENT_SCHEMA_VERSION,
    LOG_IN_DOCUMENT,
    READ_SCHEMAS,
    WRITABLE_SCHEMAS,
    check_schema_version,
)
from cardtable.games.live_table import Game
from cardtable.store.documents import Stored, VersionConflict
from cardtable_engine.base import EngineError, GameState
from cardtable_engine.registry import load_state

ReadLog = Callable[[str], tuple[int, list[int]]]
"""The version and the stored moves (`movelog.entries`) of a game, read together."""


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
    form.last_human_move = _last_human_move(state, bots) or form.last_human_move
    form.checked = False  # just checked
    document["state"] = state.snapshot()


def _last_human_move(state: GameState | None, bots: set[int]) -> list[Any] | None:
    for entry in reversed(state.log if state is not None else []):
        if entry.get("type") == "move" and entry.get("seat") not in bots:
            return [entry["seat"], entry["move"]]
    return None


class GameDocuments:
    """Games read from any stored form as the current one, and written in `write_schema`:
    this release's own, or 4 or 3 while a rolling update from the release before is under
    way (CARDTABLE_WRITE_SCHEMA)."""

    def __init__(self, write_schema: int = DOCUMENT_SCHEMA_VERSION) -> None:
        if write_schema not in WRITABLE_SCHEMAS:
            raise ValueError(f"write_schema must be one of {WRITABLE_SCHEMAS}, not {write_schema}")
        self.write_schema = write_schema
        self.positional = write_schema < CONTENT_LOG_SCHEMA
        """Whether it stores moves by position, as the releases before did."""

    @property
    def current(self) -> bool:
        """Whether it writes this release's own form."""
        return self.write_schema == DOCUMENT_SCHEMA_VERSION

    # ---- reading ---------------------------------------------------------------------

    def read(self, stored: Stored) -> Game:
        """The game from its snapshot (never its log), in the current form, recording the
        engine moves made in it from now on (see `log_write`)."""
        document, hashes, form = upgraded(stored)
        game = read_document(stored.doc_id, stored.version, document, hashes, form.checked)
        game.stored_form = None if form is CURRENT else form
        game.stored_fields = stored.fields
        if game.dealt:
            game.recorder = self.recorder(game.state)
        return game

    def token_hashes(
        self, fields: Mapping[str, bytes | None], read: Callable[[], Game]
    ) -> list[str | None]:
        """The seats' token hashes from the small fields a poll read without the document;
        a document stored before those fields existed keeps them in its seats only, and
        the game is read (`read()`) for them then."""
        hashes = token_hashes(fields)
        if hashes is None:
            return [seat.token_sha256 for seat in read().seats]
        return hashes

    def replayed(self, stored: Stored, log: bytes) -> Game:
        """The game with the engine's whole log, replayed from its seed and stored moves
        (`log`, read with `stored`), checked against its snapshot."""
        game = self.read(stored)
        if game.table is not None:
            form = game.stored_form or CURRENT
            moves = form.moves if form.moves is not None else entries(log)
            game.table.state = replay(game.table.state.snapshot(), moves)
            game.recorder = None
        return game

    def recorder(self, state: GameState) -> MoveRecorder:
        return MoveRecorder(state, positional=self.positional)

    # ---- writing ---------------------------------------------------------------------

    def document(self, game: Game) -> dict[str, Any]:
        """The snapshot as written (`game.write_document`), the releases before's fields
        put back for their forms."""
        document = write_document(game, self.write_schema)
        if not self.current:
            form = game.stored_form or CURRENT
            last = _last_human_move(game.state if game.dealt else None, _bots(game))
            last = last or form.last_human_move
            if last is not None or self.write_schema < 4:  # 3 writes every field
                document["table"]["last_human_move"] = last
        return document

    def token_fields(self, hashes: list[str | None]) -> dict[str, bytes]:
        return token_fields(hashes, self.write_schema)

    def log_write(self, game: Game, read_version: int, read_log: ReadLog) -> tuple[bytes, bool]:
        """What to write to the stored log with `game`: the bytes to append, and whether
        they replace the whole log (stored in another form, or not stored apart yet, or a
        game dealt since it was read: then it is encoded in full)."""
        if not game.dealt:
            return b"", False
        recorder, form = game.recorder, game.stored_form or CURRENT
        if recorder is None or recorder.state is not game.state:
            state = game.state  # dealt or replayed here: the whole log in hand
        elif form.moves is None and form.content_log != self.positional:
            return recorder.pending(), False
        else:
            state = self._whole_log(game, read_version, recorder, read_log)
        moves = encode_log(state, positional=self.positional)
        return log_bytes(moves, positional=self.positional), True

    def _whole_log(
        self, game: Game, read_version: int, recorder: MoveRecorder, read_log: ReadLog
    ) -> GameState:
        """`game`'s state with its whole engine log: the stored moves (of another form),
        then those recorded since the read."""
        form = game.stored_form or CURRENT
        stored = form.moves
        if stored is None:
            version, stored = read_log(game.game_id)
            if version != read_version:  # a write landed since the read: this one will lose
                raise VersionConflict("game", game.game_id, read_version, version)
        recorded = [~entry if recorder.positional else entry for entry in recorder.entries]
        state = apply_entries(fresh_state(game.state.snapshot()), [*stored, *recorded])
        if state.snapshot() != game.state.snapshot():
            raise CorruptLog("the stored and recorded moves do not replay to the game")
        return state

    def created(self, game: Game) -> None:
        """A new game was stored in the form written."""
        game.stored_form = None if self.current else StoredForm(self.write_schema)

    def saved(self, game: Game) -> None:
        """After a successful write: the moves recorded so far are stored, and so is the
        form it was written in."""
        form = game.stored_form or CURRENT
        last = None
        if not self.current:  # kept for the next write in their form
            last = _last_human_move(game.state if game.dealt else None, _bots(game))
            last = last or form.last_human_move
        game.stored_form = (
            None if self.current else StoredForm(self.write_schema, last_human_move=last)
        )
        if game.dealt:
            if game.recorder is None or game.recorder.state is not game.state:
                game.recorder = self.recorder(game.state)
            game.recorder.written()


def _bots(game: Game) -> set[int]:
    return {seat.seat for seat in game.seats if seat.bot}


__all__ = ["GameDocuments", "StoredForm", "upgraded"]
