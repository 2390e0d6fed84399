"""Games as a service: create, authenticate seats, view, move (then let server bots play),
score and record, over the document store and the rules engine. Knows nothing of HTTP.

A game is stored as a compact snapshot (the table: seats, settings, table changes, and the
engine state without its log), small fields beside it (the SHA-256 of each seat's token, so
a poll authenticates without the snapshot; the lobby entry, the deadline, the bots-only
flag, each only while it has a value), and an append-only log of its engine moves
(cardtable.documents.movelog) that the same compare-and-set appends to. A move, a view, a
poll and the legal moves read the snapshot only; the record and the event feed replay the
log. A write sends only the small fields that changed since the read it follows (the
compare-and-set guarantees that read is still what is stored).

Games are read and written through `cardtable.documents.repository` (documents of the
releases before through its upgrader), which hands this module the current form only,
and writes each back in the form asked (`write_schema`, CARDTABLE_WRITE_SCHEMA: this
release's, or the release before's during the first step of a rolling upgrade).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from cardtable import tracing
from cardtable.documents.game import TOKEN_HASHES_FIELD, TOKENS_FIELD, token_hashes
from cardtable.documents.movelog import MoveRecorder
from cardtable.documents.movelog import entries as stored_entries
from cardtable.documents.repository import GameRepository
from cardtable.documents.schema import DOCUMENT_SCHEMA_VERSION
from cardtable.games.live_table import Game, new_game
from cardtable.games.timers import DEFAULT_TAKEOVER_TIMEOUTS, catch_up
from cardtable.live.hub import Hub, new_hub
from cardtable.store import DocumentStore, Stored, VersionConflict
from cardtable.store.documents import Record
from cardtable.store.errors import StoreRefused
from cardtable.store.lobby import LOBBY_FIELD, Lobby
from cardtable.store.riders import Rider
from cardtable_engine.base import (
    GameNotOver,
    GameOver,
    IllegalMove,
    Move,
    NotYourTurn,
    WrongPhase,
)
from cardtable_engine.host import (
    StaleVersion,
    TokenRequired,
    match_token,
)
from cardtable_engine.table import AppliedMove

T = TypeVar("T")
DEADLINE_FIELD = "deadline"
AUTOPLAY_FIELD = "autoplay"  # "1" while a game of bots only is still being played
SMALL_FIELDS = (TOKENS_FIELD, TOKEN_HASHES_FIELD, LOBBY_FIELD, DEADLINE_FIELD, AUTOPLAY_FIELD)
"""The fields beside the snapshot that a read fetches with it and a write keeps current."""
JOIN_ATTEMPTS = 64
UNKNOWN_READS = 3
"""Reads again after a write made by a read (a take-over, a bot slice) whose outcome is
unknown, before the read itself answers `outcome_unknown`."""
"""Compare-and-set retries of a table change that lost a race (each loss means another
writer succeeded, so a few suffice even with many clients racing for a seat)."""


class GameService:
    def __init__(
        self,
        store: DocumentStore,
        *,
        on_moves: Callable[[str, int], None] | None = None,
        on_created: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.time,
        bot_budget_seconds: float = 2.0,
        bot_moves_per_request: int = 200,
        hub: Hub | None = None,
        lobby: Lobby | None = None,
        waiting_ttl_seconds: int | None = None,
        takeover_after: int = DEFAULT_TAKEOVER_TIMEOUTS,
        write_schema: int = DOCUMENT_SCHEMA_VERSION,
    ):
        self.store = store
        # The hub caps waiting requests per process (CARDTABLE_MAX_STREAMS).
        self.hub = hub if hub is not None else new_hub(store.redis, store.prefix)
        self._bot_budget_seconds = bot_budget_seconds
        self._bot_moves_per_request = bot_moves_per_request
        self._on_moves = on_moves or (lambda game, count: None)
        self._on_created = on_created or (lambda game: None)
        self.clock = clock
        self.lobby = lobby or Lobby(
            store.redis,
            store.key_for,
            prefix=store.prefix,
            waiting_ttl_seconds=waiting_ttl_seconds or store.ttl_seconds,
        )
        self.waiting_ttl_seconds = waiting_ttl_seconds
        self.takeover_after = takeover_after
        self.documents = GameRepository(write_schema)
        """Reads every stored form as the current one, writes the one asked."""
        self.on_finished: Callable[[Game], None] = lambda game: None
        """Called with a rated game each time it is written or read finished (the ratings
        settle it, at most once: cardtable.rated.ratings)."""
        self.on_finishing: Callable[[Game], None] = lambda game: None
        """Called with a rated game about to be written finished, before the write (the
        settle sweep marks it: a process killed between the write and the settle leaves a
        mark behind, cardtable.rated.sweep)."""

    # ---- creation ------------------------------------------------------------------

    def create(
        self,
        game: str,
        players: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        game_id: str | None = None,
        record: Callable[[Game, list[str | None], str | None, list[AppliedMove]], Record]
        | None = None,
        **table: Any,
    ) -> tuple[Game, list[str | None], str | None, list[AppliedMove]]:
        """Set a new table (dealt at once unless a seat is open), let server bots act if
        they move first, store it.

        Returns the game, one token per taken seat (human and bot seats alike, so an
        operator can take over a bot seat's view; None for open seats), the invite (None
        without open seats) and the bot moves already made. `table`: `public`,
        `turn_seconds` (see `tables.new_game`). `game_id` replaces the drawn id (one derived
        from an Idempotency-Key); `record` gives the idempotency record written with it.
        """
        created, tokens, invite = new_game(
            game,
            players,
            options,
            seed,
            now=self.clock(),
            cap_turns=self.documents.current,
            game_id=game_id,
            **table,
        )
        recorder = self.documents.recorder(created.state) if created.dealt else None
        applied = self._first_bot_moves(created) if created.dealt else []
        document, fields = self.written(created)
        stored_record = record(created, tokens, invite, applied) if record else None
        self._store_new(created, document, fields, recorder, stored_record)
        if created.listed:
            self.lobby.add(created.game_id, created.game, self.clock())
        self._on_created(game)
        if applied:
            self._on_moves(game, len(applied))
        return created, tokens, invite, applied

    def _store_new(
        self,
        created: Game,
        document: dict[str, Any],
        fields: dict[str, bytes],
        recorder: MoveRecorder | None,
        record: Record | None,
    ) -> None:
        """Write a new table with its first log entries (and its idempotency record) in one
        step; it fails if the id is taken."""
        self.store.create(
            created.game_id,
            created.version,
            document,
            finished=created.finished,
            extra_fields=fields,
            ttl_seconds=self._ttl(created),
            log=recorder.pending() if recorder else b"",
            record=record,
        )
        if recorder is not None:
            recorder.detach()
        self.documents.created(created, fields)

    def _first_bot_moves(self, game: Game) -> list[AppliedMove]:
        if not game.only_bots:
            # Bots answer only until a human must act: one round of turns at most.
            return game.after_change(self.clock(), None)
        return self._bot_slice(game)

    def _bot_slice(self, game: Game) -> list[AppliedMove]:
        """A game of bots only is played lazily: a bounded slice of moves (count and time)
        per request that reads it, so that no request works unbounded (see `load`)."""
        return game.play_bots(
            deadline=time.monotonic() + self._bot_budget_seconds,
            max_moves=self._bot_moves_per_request,
        )

    # ---- writing ---------------------------------------------------------------------

    def written(self, game: Game) -> tuple[dict[str, Any], dict[str, bytes]]:
        """The document and the small fields beside it in this service's write schema."""
        return self.documents.document(game), self.fields(game, self.documents)

    @staticmethod
    def fields(game: Game, documents: GameRepository | None = None) -> dict[str, bytes]:
        """Small fields beside the document: token hashes (a poll authenticates without the
        document), the lobby summary (the lobby checks its entries), the deadline (a poll
        knows when the timer is due) and whether bots play on; empty: not stored."""
        entry = game.lobby_entry()
        deadline = game.hosting.deadline
        autoplay = game.bots_pending
        return {
            **(documents or GameRepository()).token_fields([s.token_sha256 for s in game.seats]),
            LOBBY_FIELD: json.dumps(entry).encode() if entry else b"",
            DEADLINE_FIELD: repr(deadline).encode() if deadline is not None else b"",
            AUTOPLAY_FIELD: b"1" if autoplay else b"",
        }

    def changed_fields(self, game: Game) -> dict[str, bytes]:
        """The small fields whose value differs from what the game's read found (an empty
        value deletes a stored field)."""
        stored = self.documents.stored(game).fields
        return {
            name: value
            for name, value in self.fields(game, self.documents).items()
            if stored.get(name) != (value or None)
        }

    def _ttl(self, game: Game) -> int | None:
        """A waiting game expires a waiting TTL after its creation, however many joins and
        leaves it sees (churn must not keep it alive); a dealt one by the store's TTLs."""
        if game.dealt or self.waiting_ttl_seconds is None:
            return None
        left = game.created_at + self.waiting_ttl_seconds - self.clock()
        return max(1, min(self.waiting_ttl_seconds, math.ceil(left)))

    def save(
        self,
        game: Game,
        read_version: int,
        extra_fields: Mapping[str, str] | None = None,
        record: Record | None = None,
    ) -> None:
        """Write `game` if it is still at `read_version` (VersionConflict otherwise), with
        `extra_fields` beside it and `record` (an idempotency record) in the same script,
        and append the engine moves made since it was read (or last saved) to its log."""
        append, replace = self.documents.log_write(game, read_version, self.read_log)
        fields = self.changed_fields(game)
        if game.hosting.rated and game.finished:
            self.on_finishing(game)
        self.store.save(
            game.game_id,
            read_version,
            game.version,
            self.documents.document(game),
            finished=game.finished,
            extra_fields={**fields, **(extra_fields or {})},
            ttl_seconds=self._ttl(game),
            append=append,
            replace_log=replace,
            record=record,
        )
        self.documents.saved(game, fields)
        if game.hosting.public and not game.listed:
            self.lobby.remove(game.game_id, game.game)
        if game.hosting.rated and game.finished:
            self.on_finished(game)

    def update(
        self,
        game_id: str,
        change: Callable[[Game], T],
        record: Callable[[Game, T], Record] | None = None,
    ) -> tuple[Game, T]:
        """Load, change and save by compare-and-set, again from a fresh read when another
        writer got in first. `change` raises to refuse (nothing is written then); `record`
        gives the idempotency record written with the change."""
        for _ in range(JOIN_ATTEMPTS):
            game = self.load(game_id)
            read_version = game.version
            result = change(game)
            try:
                self.save(game, read_version, record=record(game, result) if record else None)
            except VersionConflict:
                continue
            return game, result
        raise VersionConflict("game", game_id, read_version, read_version)

    # ---- reading ---------------------------------------------------------------------

    def load(self, game_id: str, *, rider: Rider | None = None) -> Game:
        """The game as of now: overdue turns are played first (see `timers.catch_up`), and a
        game of bots only plays its next bounded slice, by compare-and-set; a reader that
        loses the race reads the winner's result. A read never answers `outcome_unknown`
        for a write it made on its own (a take-over, a bot slice): it reads again, and
        finds that write applied (by its request id) or makes it again. `rider` rides
        with the first read (see `cardtable.store.riders`): the request's first store
        command."""
        unknown = 0
        while True:
            game = self._read(self.store.load(game_id, SMALL_FIELDS, rider=rider))
            rider = None  # judged with the first read
            read_version = game.version
            applied = catch_up(game, self.clock(), self.takeover_after)
            if game.bots_pending:  # bots only, or a slice cut short: play on, bounded
                applied += self._bot_slice(game)
            if game.version == read_version:
                if game.hosting.rated and game.finished:
                    self.on_finished(game)  # a settle cut short is finished here
                return game
            try:
                self.save(game, read_version)
            except VersionConflict:
                continue
            except StoreRefused as refused:
                unknown += 1
                if refused.code != "outcome_unknown" or unknown > UNKNOWN_READS:
                    raise
                continue
            self._on_moves(game.game, len(applied))
            return game

    def peek(self, game_id: str) -> Game:
        """The game as stored: no timer, no bot, no settle runs (a duplicate set reads its
        other games with it while settling one: cardtable.rated.duplicate)."""
        return self._read(self.store.load(game_id, SMALL_FIELDS))

    def _read(self, stored: Stored) -> Game:
        """The game from its snapshot (never its log), recording the engine moves made in it
        from now on (see `save`)."""
        return self.documents.read(stored)

    def replayed(self, game_id: str) -> Game:
        """The game with the engine's whole log (deals, moves, reshuffles), replayed from its
        seed and stored moves: for the record, the event feed and anything else that needs
        the history. Read only: no timer or bot runs here."""
        stored, log = self.store.load_with_log(game_id, SMALL_FIELDS)
        return self.documents.replayed(stored, log)  # the log read with it: they agree

    def read_log(self, game_id: str, start: int = 0) -> tuple[int, list[int]]:
        """The game's version and its stored engine moves from move `start` on, as
        `cardtable.documents.movelog.entries` reads them; `movelog.replay` turns them into the
        engine's log."""
        version, data = self.store.read_log(game_id)
        return version, stored_entries(data)[start:]

    def record_for(
        self, game_id: str, token: str | None, guard: Callable[[Game], None] | None = None
    ) -> dict[str, Any]:
        """The record of a finished game (GameNotOver before the end, without a replay);
        `guard` may refuse it still (a duplicate set's: cardtable.rated.duplicate)."""
        game, _ = self.load_for(game_id, token)
        if not game.dealt:
            raise GameNotOver("the game has not started yet; the record comes at its end")
        if not game.finished:
            return game.state.record()  # raises GameNotOver
        if guard is not None:
            guard(game)
        replayed = self.replayed(game_id)
        return replayed.rated_record(replayed.state.record())

    def _due(self, deadline: str | None) -> bool:
        return bool(deadline) and float(deadline or 0) <= self.clock()

    def wait_for_change(self, game_id: str, known_version: int, timeout: float) -> int:
        """Long-poll: return the version once it differs from `known_version`, or when the
        timeout passes; woken by the push hub's notification of each write (raises
        push.Overloaded when this process already holds its maximum of waiting requests).
        A turn timer that runs out meanwhile is applied when the wait ends (it wakes us)."""
        with self.hub.reading:  # waiting reads share a bounded number of store reads
            _, (due,) = self.store.read_fields(game_id, DEADLINE_FIELD)
        if due:
            timeout = min(timeout, max(0.0, float(due) - self.clock()))
        version = self.hub.wait_for_change(
            game_id, known_version, timeout, lambda: self.store.current_version(game_id)
        )
        if version == known_version and self._due(due):
            with self.hub.reading:
                version = self.load(game_id).version
        return version

    @staticmethod
    def seat_for(game: Game, token: str | None) -> int | None:
        """The seat a bearer token acts for; None for no token (a spectator)."""
        if token is None:
            return None
        return match_token([seat.token_sha256 for seat in game.seats], token)

    def poll_version(self, game_id: str, token: str | None, *, rider: Rider | None = None) -> int:
        """The game's version for a poll (If-None-Match), checking the token, if any, against
        the stored hashes alone: two small fields instead of the whole document. `rider`
        rides with that read, the request's first store command."""
        version, (tokens, hashes, due, autoplay) = self.store.read_raw_fields(
            game_id, TOKENS_FIELD, TOKEN_HASHES_FIELD, DEADLINE_FIELD, AUTOPLAY_FIELD, rider=rider
        )
        if self._due(due.decode() if due else None) or autoplay == b"1":
            return self.load_for(game_id, token)[0].version  # the timer ran out, or bots play
        if token is not None:
            fields = {TOKENS_FIELD: tokens, TOKEN_HASHES_FIELD: hashes}
            match_token(self.documents.token_hashes(fields, lambda: self.load(game_id)), token)
        return version

    def load_for(
        self, game_id: str, token: str | None, *, rider: Rider | None = None
    ) -> tuple[Game, int | None]:
        """The game and the seat `token` acts for (None: a spectator); `rider`: as `load`."""
        game = self.load(game_id, rider=rider)
        return game, self.seat_for(game, token)

    def require_seat(self, game: Game, token: str | None) -> int:
        seat = self.seat_for(game, token)
        if seat is None:
            raise TokenRequired("this request needs a seat's bearer token")
        return seat

    # ---- moving ----------------------------------------------------------------------

    def move(
        self,
        game_id: str,
        token: str | None,
        move: Move,
        if_match: int | None = None,
        record: Callable[[Game, int, list[AppliedMove]], Record] | None = None,
        *,
        rider: Rider | None = None,
    ) -> tuple[Game, int, list[AppliedMove]]:
        """Apply one seat's move, then the server bots' replies, in one compare-and-set.

        Raises StaleVersion when `if_match` is older than the stored version (before
        anything is evaluated), the table's and engine's typed errors when the move is
        refused, and VersionConflict when another writer got in between our read and our
        write. `record` gives the idempotency record written with the move; `rider` rides
        with the game's read (as `load`).
        """
        game = self.load(game_id, rider=rider)
        seat = self.require_seat(game, token)
        read_version = game.version
        applied = self._apply_or_conflict(game, seat, move, if_match)
        try:
            self.save(game, read_version, record=record(game, seat, applied) if record else None)
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

    def _apply_or_conflict(
        self, game: Game, seat: int, move: Move, if_match: int | None
    ) -> list[AppliedMove]:
        """Apply `move` at the table. If the rules refuse it only because of a race (the
        game moved on since we read it), the race is reported, 409 version_conflict, as for
        a lost compare-and-set: the client reads again and decides again. Otherwise the
        rules' refusal stands (422 for an illegal move), whatever the seat did last: a
        duplicate request is recognised by its Idempotency-Key, not guessed from the move."""
        try:
            with tracing.span("cardtable.engine.move", **{"cardtable.game": game.game}):
                return game.move_at(seat, move, if_match, self.clock())
        except (IllegalMove, NotYourTurn, WrongPhase, GameOver):
            now = self.store.current_version(game.game_id)
            if now != game.version:
                raise VersionConflict(self.store.kind, game.game_id, game.version, now) from None
            raise


__all__ = [
    "AUTOPLAY_FIELD",
    "DOCUMENT_SCHEMA_VERSION",
    "TOKENS_FIELD",
    "Game",
    "GameService",
    "new_game",
    "token_hashes",
]
