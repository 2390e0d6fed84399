"""Games as a service: create, authenticate seats, view, move (then let server bots play),
score and record, over the document store and the rules engine. Knows nothing of HTTP.

A stored game document holds the engine state and, per seat, the player's name, bot kind
and the SHA-256 of its token (the token itself is shown once, at creation, and never kept).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.common import (
    StaleVersion,
    TokenRequired,
    hash_token,
    match_token,
    new_id,
    new_token,
)
from cardtable.engine.base import EngineError, GameOver, IllegalMove, Move, NotYourTurn, WrongPhase
from cardtable.engine.registry import load_state
from cardtable.engine.table import AppliedMove, Seat, Table
from cardtable.push import Hub, new_hub
from cardtable.store import DocumentStore, Stored, VersionConflict, check_schema_version

DOCUMENT_SCHEMA_VERSION = 1
TOKEN_HASHES_FIELD = "token_hashes"
AUTOPLAY_FIELD = "autoplay"  # "1" while a game of bots only is still being played


class Game(Table):
    """A stored game: the table (id, seats, engine state) and when it was created."""

    def __init__(self, table: Table, created_at: float) -> None:
        super().__init__(table.table_id, table.state, table.seats, table.seeded)
        self.created_at = created_at

    @property
    def game_id(self) -> str:
        return self.table_id

    def to_document(self) -> dict[str, Any]:
        return {
            "schema_version": DOCUMENT_SCHEMA_VERSION,
            "id": self.table_id,
            "game": self.game,
            "created_at": self.created_at,
            "seeded": self.seeded,
            "seats": [
                {"seat": s.seat, "name": s.name, "bot": s.bot, "token_sha256": s.token_sha256}
                for s in self.seats
            ],
            "state": self.state.to_dict(),
        }

    @classmethod
    def from_stored(cls, stored: Stored) -> Game:
        doc = stored.document
        check_schema_version("game", stored.doc_id, doc, DOCUMENT_SCHEMA_VERSION)
        try:
            state = load_state(doc["state"])
        except EngineError as exc:
            # Stored states were written by us: failing to read one is our bug, not the
            # client's, so it must surface as a 500, never as a 4xx.
            raise RuntimeError(f"game {stored.doc_id}: stored state is unreadable: {exc}") from exc
        if state.version != stored.version:
            raise RuntimeError(f"game {stored.doc_id}: stored version disagrees with its state")
        seats = [
            Seat(s["seat"], s["name"], s.get("bot"), s.get("token_sha256")) for s in doc["seats"]
        ]
        table = Table(stored.doc_id, state, seats, bool(doc.get("seeded", False)))
        return cls(table, float(doc.get("created_at", 0)))


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
        bot_moves_per_request: int = 200,
        hub: Hub | None = None,
    ):
        self.store = store
        # long_poll_slots is kept for callers; the hub's CARDTABLE_MAX_STREAMS caps waits now.
        self.hub = hub if hub is not None else new_hub(store.redis, store.prefix)
        self._bot_budget_seconds = bot_budget_seconds
        self._bot_moves_per_request = bot_moves_per_request
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
        # Bots answer only until a human must act: one round of turns at most. A game of
        # bots only is played lazily (see `_advance`): a bounded slice now, more per read.
        applied = self._play_bots(loaded)
        # Beside the document, so a poll can authenticate without reading the state.
        extra = {TOKEN_HASHES_FIELD: ",".join(s.token_sha256 or "" for s in loaded.seats)}
        if loaded.only_bots and not loaded.state.is_over:
            extra[AUTOPLAY_FIELD] = "1"
        self.store.create(
            loaded.game_id,
            loaded.version,
            loaded.to_document(),
            finished=loaded.state.is_over,
            extra_fields=extra,
        )
        self._on_created(game)
        if applied:
            self._on_moves(game, len(applied))
        return loaded, tokens, applied

    def _play_bots(self, game: Game) -> list[AppliedMove]:
        """The bots' moves until a human must act, or, in a game of bots only, this
        request's bounded share of them (count and time): nobody else would stop them."""
        if not game.only_bots:
            return game.play_bots()
        return game.play_bots(
            deadline=time.monotonic() + self._bot_budget_seconds,
            max_moves=self._bot_moves_per_request,
        )

    # ---- reading ---------------------------------------------------------------------

    def load(self, game_id: str) -> Game:
        """The stored game; a game of bots only first plays its next bounded slice."""
        game = Game.from_stored(self.store.load(game_id))
        if game.state.is_over or not game.only_bots:
            return game
        return self._advance(game)

    def _advance(self, game: Game) -> Game:
        """Play a game of bots only a bounded slice further and store it: its readers drive
        it, so no single request does unbounded work. If another reader stored a slice
        first, theirs is the game."""
        read_version = game.version
        applied = self._play_bots(game)
        finished = {AUTOPLAY_FIELD: "0"} if game.state.is_over else None
        try:
            self._save(game, read_version, finished)
        except VersionConflict:
            return Game.from_stored(self.store.load(game.game_id))
        self._on_moves(game.game, len(applied))
        return game

    def wait_for_change(self, game_id: str, known_version: int, timeout: float) -> int:
        """Long-poll: return the version once it differs from `known_version`, or when the
        timeout passes; woken by the push hub's notification of each write (raises
        push.Overloaded when this process already holds its maximum of waiting requests)."""
        return self.hub.wait_for_change(
            game_id, known_version, timeout, lambda: self.store.current_version(game_id)
        )

    @staticmethod
    def seat_for(game: Game, token: str | None) -> int | None:
        """The seat a bearer token acts for; None for no token (a spectator)."""
        if token is None:
            return None
        return match_token([seat.token_sha256 for seat in game.seats], token)

    def poll_version(self, game_id: str, token: str | None) -> int:
        """The game's version for a poll (If-None-Match), checking the token, if any, against
        the stored hashes alone: two small fields instead of the whole document."""
        version, (hashes, autoplay) = self.store.read_fields(
            game_id, TOKEN_HASHES_FIELD, AUTOPLAY_FIELD
        )
        if autoplay == "1":  # a game of bots only moves on as it is read
            version = self.load(game_id).version
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
        self,
        game_id: str,
        token: str | None,
        move: Move,
        if_match: int | None = None,
        remember: Callable[[list[AppliedMove]], dict[str, str]] | None = None,
    ) -> tuple[Game, int, list[AppliedMove]]:
        """Apply one seat's move, then the server bots' replies, in one compare-and-set.

        Raises StaleVersion when `if_match` is older than the stored version (before
        anything is evaluated), the table's and engine's typed errors when the move is
        refused, and VersionConflict when another writer got in between our read and our
        write. `remember` gives extra fields to write with the move (its idempotency record).
        """
        game = self.load(game_id)
        seat = self.require_seat(game, token)
        read_version = game.version
        applied = self._apply_or_conflict(game, seat, move, if_match)
        try:
            self._save(game, read_version, remember(applied) if remember else None)
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
        game moved on since we read it, or, for a move sent without If-Match, this seat's
        last move was this very move: the same request sent twice at once), the race is
        reported, 409 version_conflict, as for a lost compare-and-set: the client reads
        again and decides again. A move sent with the current If-Match was decided on the
        state that refuses it: that refusal stands."""
        try:
            return game.move(seat, move, if_match)
        except (IllegalMove, NotYourTurn, WrongPhase, GameOver):
            now = self.store.current_version(game.game_id)
            blind = if_match is None
            if now != game.version or (blind and _was_last_move(game, seat, move)):
                raise VersionConflict(self.store.kind, game.game_id, game.version, now) from None
            raise

    def _save(
        self, game: Game, read_version: int, extra_fields: dict[str, str] | None = None
    ) -> None:
        self.store.save(
            game.game_id,
            read_version,
            game.version,
            game.to_document(),
            finished=game.state.is_over,
            extra_fields=extra_fields,
        )


def _was_last_move(game: Game, seat: int, move: Move) -> bool:
    """True when the last move of a human seat was `seat` playing `move` (bots' replies
    aside): a twin of this request got in first."""
    bots = {s.seat for s in game.seats if s.bot}
    for entry in reversed(game.state.log):
        if entry.get("type") == "move" and entry.get("seat") not in bots:
            return bool(entry.get("seat") == seat and entry.get("move") == dict(move))
    return False


__all__ = ["AUTOPLAY_FIELD", "DOCUMENT_SCHEMA_VERSION", "Game", "GameService"]
