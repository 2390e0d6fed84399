"""Games as a service: create, authenticate seats, view, move (then let server bots play),
score and record, over the document store and the rules engine. Knows nothing of HTTP.

A game is stored as a compact snapshot (the engine state without its log, and per seat the
player's name and bot kind), the SHA-256 of each seat's token in a field beside it (a
token itself is shown once, at creation, and never kept), and an append-only log of its
moves (cardtable.movelog) that the same compare-and-set appends to. A move, a view, a poll
and the legal moves read the snapshot only; the record replays the log.

Documents of the release before (schema_version 1: the whole state with its log, token
hashes in the seats) are still read; the first move made in one rewrites it in this form.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.common import (
    ServiceError,
    StaleVersion,
    TokenRequired,
    hash_token,
    match_token,
    new_id,
    new_token,
)
from cardtable.engine.base import EngineError, Move
from cardtable.engine.registry import load_state
from cardtable.engine.table import AppliedMove, Seat, Table
from cardtable.movelog import MoveRecorder, encode_log, pack, replay, unpack
from cardtable.store import DocumentStore, Stored, VersionConflict

DOCUMENT_SCHEMA_VERSION = 2
LEGACY_SCHEMA_VERSION = 1
"""Documents holding the whole state with its log (migrated at their next write)."""
TOKEN_HASHES_FIELD = "token_hashes"
REPLAY_ATTEMPTS = 5


class GameTooLong(ServiceError):
    """A game of server bots only that does not end within the creation budget."""

    code = "game_too_long"


class Game(Table):
    """A stored game: the table (id, seats, engine state) and when it was created."""

    def __init__(self, table: Table, created_at: float, *, legacy: bool = False) -> None:
        super().__init__(table.table_id, table.state, table.seats)
        self.created_at = created_at
        self.legacy = legacy
        """Loaded from a document of the release before, with its whole log."""

    @property
    def game_id(self) -> str:
        return self.table_id

    def to_document(self) -> dict[str, Any]:
        """The snapshot: everything but the log and the token hashes."""
        return {
            "schema_version": DOCUMENT_SCHEMA_VERSION,
            "id": self.table_id,
            "game": self.game,
            "created_at": self.created_at,
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in self.seats],
            "state": self.state.snapshot(),
        }

    def token_hashes(self) -> str:
        return ",".join(s.token_sha256 or "" for s in self.seats)

    @classmethod
    def from_stored(cls, stored: Stored) -> Game:
        doc = stored.document
        try:
            state = load_state(doc["state"])
        except EngineError as exc:
            # Stored states were written by us: failing to read one is our bug, not the
            # client's, so it must surface as a 500, never as a 4xx.
            raise RuntimeError(f"game {stored.doc_id}: stored state is unreadable: {exc}") from exc
        if state.version != stored.version:
            raise RuntimeError(f"game {stored.doc_id}: stored version disagrees with its state")
        # Token hashes live in their own field; documents of the release before kept them
        # in the seats (and some have no field yet).
        field = stored.fields.get(TOKEN_HASHES_FIELD)
        hashes = field.split(",") if field else [None] * len(doc["seats"])
        seats = [
            Seat(s["seat"], s["name"], s.get("bot"), s.get("token_sha256") or hashes[i] or None)
            for i, s in enumerate(doc["seats"])
        ]
        legacy = doc.get("schema_version") == LEGACY_SCHEMA_VERSION
        return cls(
            Table(stored.doc_id, state, seats), float(doc.get("created_at", 0)), legacy=legacy
        )


class GameService:
    def __init__(
        self,
        store: DocumentStore,
        *,
        on_moves: Callable[[str, int], None] | None = None,
        on_created: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.time,
        long_poll_slots: int = 2,
        bot_budget_seconds: float = 2.0,
    ):
        self.store = store
        self._long_poll_slots = threading.BoundedSemaphore(max(1, long_poll_slots))
        self._bot_budget_seconds = bot_budget_seconds
        self._on_moves = on_moves or (lambda game, count: None)
        self._on_created = on_created or (lambda game: None)
        self._clock = clock

    # ---- creation ------------------------------------------------------------------

    def create(
        self,
        game: str,
        players: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> tuple[Game, list[str], list[AppliedMove]]:
        """Deal a new game, let server bots act if they move first, store it.

        Returns the game, one token per seat (human and bot seats alike, so an operator can
        take over a bot seat's view), and the bot moves already made.
        """
        loaded = Game(Table.deal(new_id(), game, players, options, seed), self._clock())
        tokens = [new_token() for _ in loaded.seats]
        for seat, token in zip(loaded.seats, tokens, strict=True):
            seat.token_sha256 = hash_token(token)
        recorder = MoveRecorder(loaded.state)
        applied = self._first_bot_moves(loaded)
        self.store.create(
            loaded.game_id,
            loaded.version,
            loaded.to_document(),
            finished=loaded.state.is_over,
            # Beside the document, so a poll can authenticate without reading the state.
            extra_fields={TOKEN_HASHES_FIELD: loaded.token_hashes()},
            log=pack(recorder.detach()),
        )
        self._on_created(game)
        if applied:
            self._on_moves(game, len(applied))
        return loaded, tokens, applied

    def _first_bot_moves(self, game: Game) -> list[AppliedMove]:
        if not game.only_bots:
            # Bots answer only until a human must act: one round of turns at most.
            return game.play_bots()
        # Nobody will ever move in a game of bots only: it is played to its end now,
        # within a time budget, so that no request can make the server work unbounded.
        applied = game.play_bots_to_end(self._bot_budget_seconds)
        if applied is None:
            raise GameTooLong(
                f"a game of server bots only is played in full when it is created, and "
                f"this one did not end within {self._bot_budget_seconds:g} s of play; "
                "choose options that make it shorter"
            )
        return applied

    # ---- reading ---------------------------------------------------------------------

    def load(self, game_id: str) -> Game:
        """The game from its snapshot (never its log): what a move, a view or a poll needs."""
        return Game.from_stored(self.store.load(game_id, [TOKEN_HASHES_FIELD]))

    def replayed(self, game_id: str) -> Game:
        """The game with the engine's whole log (deals, moves, reshuffles), replayed from its
        seed and stored moves: for the record and anything else that needs the history."""
        for _ in range(REPLAY_ATTEMPTS):
            game = self.load(game_id)
            if game.legacy:
                return game
            version, entries = self.read_log(game_id)
            if version == game.version:  # else a move landed in between: read again
                game.state = replay(game.to_document()["state"], entries)
                return game
        raise VersionConflict(self.store.kind, game_id, game.version, version)

    def read_log(self, game_id: str, start: int = 0) -> tuple[int, list[int]]:
        """The game's version and its stored moves from move `start` on (move i made version
        i + 1), as `cardtable.movelog` encodes them; `movelog.replay` turns them into the
        engine's log. Empty for a game not yet rewritten since the release before."""
        version, data = self.store.read_log(game_id)
        return version, unpack(data)[start:]

    def record_for(self, game_id: str, token: str | None) -> dict[str, Any]:
        """The record of a finished game (GameNotOver before the end, without a replay)."""
        game, _ = self.load_for(game_id, token)
        if not game.state.is_over:
            return game.state.record()  # raises GameNotOver
        return self.replayed(game_id).state.record()

    def wait_for_change(self, game_id: str, known_version: int, timeout: float) -> int:
        """Long-poll: return the version once it differs from `known_version`, or when the
        timeout passes. Polls the version field alone, which is one cheap HGET. At most
        `long_poll_slots` requests of this process wait at once; beyond that, answer at once."""
        if not self._long_poll_slots.acquire(blocking=False):
            # Every slot is taken: answer now rather than hold another thread.
            return self.store.current_version(game_id)
        try:
            deadline = time.monotonic() + timeout
            delay = 0.05
            while True:
                version = self.store.current_version(game_id)
                if version != known_version or time.monotonic() >= deadline:
                    return version
                time.sleep(min(delay, max(0.0, deadline - time.monotonic())))
                delay = min(delay * 1.5, 0.5)
        finally:
            self._long_poll_slots.release()

    @staticmethod
    def seat_for(game: Game, token: str | None) -> int | None:
        """The seat a bearer token acts for; None for no token (a spectator)."""
        if token is None:
            return None
        return match_token([seat.token_sha256 for seat in game.seats], token)

    def poll_version(self, game_id: str, token: str | None) -> int:
        """The game's version for a poll (If-None-Match), checking the token, if any, against
        the stored hashes alone: two small fields instead of the whole document."""
        version, (hashes,) = self.store.read_fields(game_id, TOKEN_HASHES_FIELD)
        if token is not None:
            if hashes is None:  # stored before the field existed: check the document
                self.seat_for(self.load(game_id), token)
            else:
                match_token(hashes.split(","), token)
        return version

    def load_for(self, game_id: str, token: str | None) -> tuple[Game, int | None]:
        """The game and the seat `token` acts for (None: a spectator)."""
        game = self.load(game_id)
        return game, self.seat_for(game, token)

    def require_seat(self, game: Game, token: str | None) -> int:
        seat = self.seat_for(game, token)
        if seat is None:
            raise TokenRequired("this request needs a seat's bearer token")
        return seat

    # ---- moving ----------------------------------------------------------------------

    def move(
        self, game_id: str, token: str | None, move: Move, if_match: int | None = None
    ) -> tuple[Game, int, list[AppliedMove]]:
        """Apply one seat's move, then the server bots' replies, in one compare-and-set.

        Raises StaleVersion when `if_match` is older than the stored version (before
        anything is evaluated), the table's and engine's typed errors when the move is
        refused, and VersionConflict when another writer got in between our read and our
        write.
        """
        game = self.load(game_id)
        seat = self.require_seat(game, token)
        read_version = game.version
        recorder = MoveRecorder(game.state)
        try:
            applied = game.move(seat, move, if_match)
        finally:
            entries = recorder.detach()
        try:
            self.store.save(
                game.game_id,
                read_version,
                game.version,
                game.to_document(),
                finished=game.state.is_over,
                # A document of the release before is rewritten whole: snapshot, token
                # hashes beside it, and its log in the compact form.
                extra_fields={TOKEN_HASHES_FIELD: game.token_hashes()} if game.legacy else None,
                append=pack(encode_log(game.state) if game.legacy else entries),
                replace_log=game.legacy,
            )
        except VersionConflict as conflict:
            if if_match is None:
                raise
            # The version the client named became older while we worked: the contract's 412.
            raise StaleVersion(
                f"you sent If-Match {if_match}, but the game moved on to version "
                f"{conflict.current} meanwhile",
                current_version=conflict.current,
            ) from conflict
        self._on_moves(game.game, len(applied))
        return game, seat, applied


__all__ = [
    "DOCUMENT_SCHEMA_VERSION",
    "LEGACY_SCHEMA_VERSION",
    "Game",
    "GameService",
    "GameTooLong",
]
