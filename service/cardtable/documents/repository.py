"""The repository of stored games: a live game (`cardtable.games.live_table.Game`) read from
its stored document and written back, in this release's form.

A document of this release's schema is read as it is; only a document of another schema
goes through the upgrader (`upgrade.upgraded`), which turns the older forms into the current
one, and only while CARDTABLE_WRITE_SCHEMA asks for the release before's form (the first
step of a rolling upgrade) does the write put back its fields (`upgrade.with_old_fields`).

What a read found stored (its form, the small fields beside the document, the recorder of
the engine moves made since) is the repository's bookkeeping, kept beside the game
(`StoredRead`, by game), not on it: the live table knows nothing of how it is stored.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Mapping
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
    WRITABLE_SCHEMAS,
)
from cardtable.documents.upgrade import (
    CURRENT,
    StoredForm,
    last_human_move,
    upgraded,
    with_old_fields,
)
from cardtable.games.live_table import Game
from cardtable.store.documents import Stored, VersionConflict
from cardtable_engine.base import GameState

ReadLog = Callable[[str], tuple[int, list[int]]]
"""The version and the stored moves (`movelog.entries`) of a game, read together."""


@dataclasses.dataclass
class StoredRead:
    """What the repository knows of a game it read or wrote, beside the game."""

    form: StoredForm | None = None
    """What its read found stored, where it is not the current form (None: it is)."""
    fields: dict[str, bytes | None] = dataclasses.field(default_factory=dict)
    """The small fields beside the document as last read or written (the host writes only
    those that change)."""
    recorder: MoveRecorder | None = None
    """Records the engine moves made since the game was read (the host appends them)."""


class GameRepository:
    """Games read from any stored form as the current one, and written in `write_schema`:
    this release's own, or 4 or 3 while a rolling update from the release before is under
    way (CARDTABLE_WRITE_SCHEMA)."""

    def __init__(self, write_schema: int = DOCUMENT_SCHEMA_VERSION) -> None:
        if write_schema not in WRITABLE_SCHEMAS:
            raise ValueError(f"write_schema must be one of {WRITABLE_SCHEMAS}, not {write_schema}")
        self.write_schema = write_schema
        self.positional = write_schema < CONTENT_LOG_SCHEMA
        """Whether it stores moves by position, as the releases before did."""
        self._reads: weakref.WeakKeyDictionary[Game, StoredRead] = weakref.WeakKeyDictionary()

    @property
    def current(self) -> bool:
        """Whether it writes this release's own form."""
        return self.write_schema == DOCUMENT_SCHEMA_VERSION

    def stored(self, game: Game) -> StoredRead:
        """The bookkeeping of `game` (empty for a game it has not read or written yet)."""
        found = self._reads.get(game)
        if found is None:
            found = self._reads[game] = StoredRead()
        return found

    # ---- reading ---------------------------------------------------------------------

    def read(self, stored: Stored) -> Game:
        """The game from its snapshot (never its log), in the current form, recording the
        engine moves made in it from now on (see `log_write`)."""
        document = stored.document
        if document.get("schema_version") == DOCUMENT_SCHEMA_VERSION:
            hashes, form = token_hashes(stored.fields), CURRENT
        else:
            document, hashes, form = upgraded(stored)
        game = read_document(stored.doc_id, stored.version, document, hashes, form.checked)
        recorder = self.recorder(game.state) if game.dealt else None
        self._reads[game] = StoredRead(
            None if form is CURRENT else form, dict(stored.fields), recorder
        )
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
            read = self.stored(game)
            form = read.form or CURRENT
            moves = form.moves if form.moves is not None else entries(log)
            game.table.state = replay(game.table.state.snapshot(), moves)
            read.recorder = None
        return game

    def recorder(self, state: GameState) -> MoveRecorder:
        return MoveRecorder(state, positional=self.positional)

    # ---- writing ---------------------------------------------------------------------

    def document(self, game: Game) -> dict[str, Any]:
        """The snapshot as written (`game.write_document`), the releases before's fields
        put back for their forms."""
        document = write_document(game, self.write_schema)
        if self.current:
            return document
        return with_old_fields(document, self.write_schema, self._last_human_move(game))

    def _last_human_move(self, game: Game) -> list[Any] | None:
        """What the releases before read as `last_human_move`: the game's own, or the one
        its read found stored."""
        found = last_human_move(game.state if game.dealt else None, _bots(game))
        return found or (self.stored(game).form or CURRENT).last_human_move

    def token_fields(self, hashes: list[str | None]) -> dict[str, bytes]:
        return token_fields(hashes, self.write_schema)

    def log_write(self, game: Game, read_version: int, read_log: ReadLog) -> tuple[bytes, bool]:
        """What to write to the stored log with `game`: the bytes to append, and whether
        they replace the whole log (stored in another form, or not stored apart yet, or a
        game dealt since it was read: then it is encoded in full)."""
        if not game.dealt:
            return b"", False
        read = self.stored(game)
        recorder, form = read.recorder, read.form or CURRENT
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
        stored = (self.stored(game).form or CURRENT).moves
        if stored is None:
            version, stored = read_log(game.game_id)
            if version != read_version:  # a write landed since the read: this one will lose
                raise VersionConflict("game", game.game_id, read_version, version)
        recorded = [~entry if recorder.positional else entry for entry in recorder.entries]
        state = apply_entries(fresh_state(game.state.snapshot()), [*stored, *recorded])
        if state.snapshot() != game.state.snapshot():
            raise CorruptLog("the stored and recorded moves do not replay to the game")
        return state

    def created(self, game: Game, fields: Mapping[str, bytes]) -> None:
        """A new game was stored in the form written, with the small fields `fields`."""
        read = self.stored(game)
        read.form = None if self.current else StoredForm(self.write_schema)
        self.remember_fields(game, fields)

    def saved(self, game: Game, fields: Mapping[str, bytes]) -> None:
        """After a successful write (of the small fields `fields` among others): the moves
        recorded so far are stored, and so is the form it was written in."""
        last = None if self.current else self._last_human_move(game)  # for the next write
        read = self.stored(game)
        read.form = None if self.current else StoredForm(self.write_schema, last_human_move=last)
        if game.dealt:
            if read.recorder is None or read.recorder.state is not game.state:
                read.recorder = self.recorder(game.state)
            read.recorder.written()
        self.remember_fields(game, fields)

    def remember_fields(self, game: Game, written: Mapping[str, bytes]) -> None:
        """Note the small fields just written as stored (an empty value: deleted, or never
        written), so the next save sends only what changes."""
        self.stored(game).fields.update({name: value or None for name, value in written.items()})


def _bots(game: Game) -> set[int]:
    return {seat.seat for seat in game.seats if seat.bot}


__all__ = ["GameRepository", "StoredRead"]
