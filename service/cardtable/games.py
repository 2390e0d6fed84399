"""Games as a service: create, authenticate seats, view, move (then let server bots play),
score and record, over the document store and the rules engine. Knows nothing of HTTP.

A stored game document holds the engine state and, per seat, the player's name, bot kind
and the SHA-256 of its token (the token itself is shown once, at creation, and never kept).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.autoplay import last_move, play_bots
from cardtable.engine.base import (
    EngineError,
    GameOver,
    GameState,
    IllegalMove,
    Move,
    NotYourTurn,
    WrongPhase,
)
from cardtable.engine.registry import get_rules, load_state
from cardtable.printable import is_printable
from cardtable.store import DocumentStore, NotFound, Stored, VersionConflict

DOCUMENT_SCHEMA_VERSION = 1
MAX_NAME_LENGTH = 40
TOKEN_BYTES = 32  # 256 random bits per seat token
TOKEN_HASHES_FIELD = "token_hashes"
AUTOPLAY_FIELD = "autoplay"  # "1" while a game of bots only is still being played


class ServiceError(Exception):
    """An error a client caused, with a stable `code` (mapped to an HTTP status by the API)."""

    code = "bad_request"

    def __init__(self, message: str, **details: Any):
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidToken(ServiceError):
    code = "invalid_token"


class TokenRequired(ServiceError):
    code = "token_required"


class InvalidPlayers(ServiceError):
    code = "invalid_players"


class StaleVersion(ServiceError):
    """The client's If-Match names a version that is no longer current."""

    code = "stale_version"


class GameNotFinished(ServiceError):
    code = "game_not_over"


class GameTooLong(ServiceError):
    """A game of server bots only that does not end within the creation budget."""

    code = "game_too_long"


class BotSeat(ServiceError):
    """A seat played by a server bot takes no moves from clients."""

    code = "bot_seat"


@dataclass
class Seat:
    seat: int
    name: str
    bot: str | None
    token_sha256: str | None


@dataclass
class Game:
    """A loaded game: its id, stored version, seats and live engine state."""

    game_id: str
    version: int
    seats: list[Seat]
    state: GameState
    created_at: float
    seeded: bool = False
    """The creator chose the seed, so the creator may know every card: views say so."""

    @property
    def game(self) -> str:
        return self.state.game

    def to_document(self) -> dict[str, Any]:
        return {
            "schema_version": DOCUMENT_SCHEMA_VERSION,
            "id": self.game_id,
            "game": self.state.game,
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
        created_at, seeded = float(doc.get("created_at", 0)), bool(doc.get("seeded", False))
        return cls(stored.doc_id, stored.version, seats, state, created_at, seeded)


@dataclass
class AppliedMove:
    version: int
    seat: int
    move: Move
    by_bot: bool


def is_valid_text(text: str) -> bool:
    """False for strings JSON can carry but UTF-8 cannot (lone surrogates such as D800), and
    for any control, invisible or bidi-override character (see `printable`)."""
    return is_printable(text)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    # 128 random bits: ids are not secrets, but they must not be guessable for enumeration.
    return secrets.token_urlsafe(16)


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
    ):
        self.store = store
        self._long_poll_slots = threading.BoundedSemaphore(max(1, long_poll_slots))
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
        rules = get_rules(game)
        names, bots = self._check_players(players, sorted(rules.bots))
        state = rules.new_state(names, options, seed)
        tokens = [secrets.token_urlsafe(TOKEN_BYTES) for _ in names]
        seats = [Seat(i, names[i], bots[i], hash_token(tokens[i])) for i in range(len(names))]
        loaded = Game(new_game_id(), 0, seats, state, self._clock(), seeded=seed is not None)
        # Bots answer only until a human must act: one round of turns at most. A game of
        # bots only is played lazily (see `_advance`): a bounded slice now, more per read.
        applied = self._play_bots(loaded, bounded=all(bots))
        loaded.version = state.version
        # Beside the document, so a poll can authenticate without reading the state.
        extra = {TOKEN_HASHES_FIELD: ",".join(s.token_sha256 or "" for s in seats)}
        if all(bots) and not state.is_over:
            extra[AUTOPLAY_FIELD] = "1"
        self.store.create(
            loaded.game_id,
            loaded.version,
            loaded.to_document(),
            finished=state.is_over,
            extra_fields=extra,
        )
        self._on_created(game)
        if applied:
            self._on_moves(game, len(applied))
        return loaded, tokens, applied

    @staticmethod
    def _check_players(
        players: Sequence[Mapping[str, Any]], bot_kinds: list[str]
    ) -> tuple[list[str], list[str | None]]:
        names: list[str] = []
        bots: list[str | None] = []
        for index, entry in enumerate(players):
            name = entry.get("name")
            if not isinstance(name, str) or not name.strip():
                raise InvalidPlayers(f"player {index} needs a non-empty name")
            if len(name) > MAX_NAME_LENGTH:
                raise InvalidPlayers(f"player {index}'s name is longer than {MAX_NAME_LENGTH}")
            if not is_valid_text(name):
                raise InvalidPlayers(f"player {index}'s name may hold printable characters only")
            bot = entry.get("bot")
            if bot is not None and bot not in bot_kinds:
                raise InvalidPlayers(
                    f"player {index}: unknown bot {bot!r}; bots: {', '.join(bot_kinds)}"
                )
            names.append(name.strip())
            bots.append(bot)
        return names, bots

    # ---- reading ---------------------------------------------------------------------

    def load(self, game_id: str) -> Game:
        """The stored game; a game of bots only first plays its next bounded slice."""
        game = Game.from_stored(self.store.load(game_id))
        if game.state.is_over or not all(s.bot for s in game.seats):
            return game
        return self._advance(game)

    def _advance(self, game: Game) -> Game:
        """Play a game of bots only a bounded slice further and store it: its readers drive
        it, so no single request does unbounded work. If another reader stored a slice
        first, theirs is the game."""
        read_version = game.version
        applied = self._play_bots(game, bounded=True)
        game.version = game.state.version
        finished = {AUTOPLAY_FIELD: "0"} if game.state.is_over else None
        try:
            self._save(game, read_version, finished)
        except VersionConflict:
            return Game.from_stored(self.store.load(game.game_id))
        self._on_moves(game.game, len(applied))
        return game

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
        return _match_token([seat.token_sha256 or "" for seat in game.seats], token)

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
                _match_token(hashes.split(","), token)
        return version

    def require_seat(self, game: Game, token: str | None) -> int:
        seat = self.seat_for(game, token)
        if seat is None:
            raise TokenRequired("this request needs a seat's bearer token")
        return seat

    def view(self, game: Game, seat: int | None) -> dict[str, Any]:
        """The engine's view for `seat`, plus what the service adds: the game id and which
        seats the server's bots play."""
        view = game.state.view(seat)
        view["id"] = game.game_id
        view["bots"] = [s.bot for s in game.seats]
        view["seeded"] = game.seeded
        return view

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
        anything is evaluated), the engine's typed errors when the move is refused, and
        VersionConflict when another writer got in between our read and our write.
        `remember` gives extra fields to write with the move (its idempotency record).
        """
        game = self.load(game_id)
        seat = self.require_seat(game, token)
        if game.seats[seat].bot:
            raise BotSeat(f"seat {seat} is played by the server's {game.seats[seat].bot} bot")
        if if_match is not None and if_match != game.version:
            raise StaleVersion(
                f"you sent If-Match {if_match}, but the game is at version {game.version}",
                current_version=game.version,
            )
        read_version = game.version
        self._apply_or_conflict(game, seat, move, blind=if_match is None)
        applied = [AppliedMove(game.state.version, seat, last_move(game.state), False)]
        applied += self._play_bots(game)
        game.version = game.state.version
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

    def _apply_or_conflict(self, game: Game, seat: int, move: Move, blind: bool) -> None:
        """Apply `move`. If the rules refuse it only because of a race (the game moved on
        since we read it, or, for a `blind` move sent without If-Match, this seat's last
        move was this very move: the same request sent twice at once), the race is
        reported, 409 version_conflict, as for a lost compare-and-set: the client reads
        again and decides again. A move sent with the current If-Match was decided on
        the state that refuses it: that refusal stands."""
        try:
            game.state.apply(seat, move)
        except (IllegalMove, NotYourTurn, WrongPhase, GameOver):
            now = self.store.current_version(game.game_id)
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

    def _play_bots(self, game: Game, bounded: bool = False) -> list[AppliedMove]:
        """Let server bots act until a human must act or the game ends, or, when `bounded`,
        until this request's share of bot moves (count and time) is spent."""
        bot_of = {s.seat: s.bot for s in game.seats if s.bot}
        if not bot_of:
            return []
        first_version = game.state.version
        limits: dict[str, Any] = {}
        if bounded:
            limits["max_moves"] = self._bot_moves_per_request
            limits["deadline"] = time.monotonic() + self._bot_budget_seconds
        moves = play_bots(get_rules(game.state.game), game.state, bot_of, **limits)
        return [
            AppliedMove(first_version + n, seat, move, True)
            for n, (seat, move) in enumerate(moves, start=1)
        ]

    # ---- results ---------------------------------------------------------------------

    def record(self, game: Game) -> dict[str, Any]:
        if not game.state.is_over:
            raise GameNotFinished("the record is published once the game is over")
        return game.state.record()


def _was_last_move(game: Game, seat: int, move: Move) -> bool:
    """True when the last move of a human seat was `seat` playing `move` (bots' replies
    aside): a twin of this request got in first."""
    bots = {s.seat for s in game.seats if s.bot}
    for entry in reversed(game.state.log):
        if entry.get("type") == "move" and entry.get("seat") not in bots:
            return bool(entry.get("seat") == seat and entry.get("move") == dict(move))
    return False


def _match_token(token_hashes: list[str], token: str) -> int:
    """The seat whose stored hash matches `token`, or InvalidToken."""
    digest = hash_token(token)
    found: int | None = None
    for seat, stored in enumerate(token_hashes):
        # Compare against every seat, in constant time, so timing reveals nothing.
        if stored and hmac.compare_digest(stored, digest):
            found = seat
    if found is None:
        raise InvalidToken("the bearer token is not valid for this game")
    return found


__all__ = [
    "AppliedMove",
    "BotSeat",
    "EngineError",
    "Game",
    "GameNotFinished",
    "GameService",
    "GameTooLong",
    "InvalidPlayers",
    "InvalidToken",
    "NotFound",
    "ServiceError",
    "StaleVersion",
    "TokenRequired",
    "VersionConflict",
]
