"""Idempotency keys for every unsafe POST: the first answer to a key is recorded by the same
compare-and-set script as the change it answers, so a retry with the same key returns that
answer (the same game, seat and token) instead of acting twice.

A record holds only what the replay needs: the digest of the key and of what it is used for
(its scope: "move:<seat>", "join", "create"…), the fingerprint of the request, and the
answer, its secrets (tokens, the invite, an edit token) sealed with a pad drawn from the
key itself, which Redis never sees: a reader of Redis learns no token from a record.
Records sit in small lists beside the game (one per seat for its moves, one each for
joins, leaves, starts and its creation) or the score sheet (its creation, its edits), which
keep their newest entries and expire on their own schedule
(CARDTABLE_IDEMPOTENCY_TTL_SECONDS, hours), not with the game.

A created game's (or sheet's) id is derived from the key with a server secret (a keyed
hash: no one without the secret can derive it from a key), so that a retry finds the
record of a create whose answer was lost, and two racing twins create one game.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from cardtable.games.service import Game, GameService
from cardtable.store import DocumentStore, DuplicateId, VersionConflict
from cardtable.store.documents import Record
from cardtable.store.riders import Rider
from cardtable_engine.base import EngineError, Move
from cardtable_engine.host import ServiceError
from cardtable_engine.table import AppliedMove

# Printable ASCII without spaces (UUIDs, ULIDs, counters…), bounded so a record stays small.
KEY_PATTERN = re.compile(r"^[\x21-\x7e]{1,128}$")
SECRET_KEY_MIN = 16
"""A key whose replay shows tokens (create, join, rematch) must be at least this long: its
answer goes to whoever sends the key again (a UUID is right)."""
DEFAULT_TTL_SECONDS = 6 * 3600
KEPT_PER_SEAT = 4
"""Records kept per seat (moves, leave, start): a seat's last keyed requests."""
KEPT_SHARED = 16
"""Records kept in a game's shared lists (its creation, joins, leaves, starts)."""
SEALED = ("token", "invite", "edit_token")

T = TypeVar("T")


def is_valid_key(key: str) -> bool:
    return KEY_PATTERN.fullmatch(key) is not None


def fingerprint(request: Any) -> str:
    """What identifies a request's content, whatever the order of its keys."""
    canonical = json.dumps(request, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def game_id_for(key: str, secret: bytes) -> str:
    """The id of the game created with `key`: derivable only with the server's `secret`,
    however guessable the key."""
    return _id_for(secret, b"cardtable create\n", key)


def sheet_id_for(key: str, secret: bytes) -> str:
    """The id of the score sheet created with `key` (as `game_id_for`)."""
    return _id_for(secret, b"cardtable sheet\n", key)


def _id_for(secret: bytes, purpose: bytes, key: str) -> str:
    digest = hmac.new(secret, purpose + key.encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


RANDOM_KEY = re.compile(
    r"^(?:[0-9a-fA-F]{32,128}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-"
    r"[0-9a-fA-F]{12})$"
)
"""The forms of a key a client promises is random (CSPRNG): 32 or more hex digits (128
bits, what the SDK and the TypeScript client send) or a random UUID (version 4)."""


def is_random_key(key: str) -> bool:
    """Whether `key` has the form of a random key (`RANDOM_KEY`): its replay may show the
    first answer's secrets to any caller that sends it with the same request."""
    return RANDOM_KEY.fullmatch(key) is not None


def caller_bound(content: Any, key: str, caller: str, secret: bytes) -> Any:
    """What a secret-granting request's fingerprint is taken of: its content, and unless
    `key` has the form of a random key, its caller (the client's address as the rate
    limits count it, keyed-hashed): a replay then shows the first answer's tokens only to
    the same key, the same request and the same caller; anyone else sending the key gets
    `idempotency_key_reused`."""
    if is_random_key(key):
        return content
    digest = hmac.new(secret, f"caller\n{caller}".encode(), hashlib.sha256).hexdigest()[:16]
    return {"request": content, "caller": digest}


class IdempotencyKeyReused(ServiceError):
    """The key was already used for a different request (or its record has expired)."""

    code = "idempotency_key_reused"


@dataclass(frozen=True)
class Idempotency:
    """One request's key, bound to its scope and its request's fingerprint."""

    key: str
    scope: str
    fingerprint: str
    ttl_seconds: int = DEFAULT_TTL_SECONDS

    @property
    def digest(self) -> bytes:
        raw = hashlib.sha256(f"{self.scope}\n{self.key}".encode()).digest()[:12]
        return base64.urlsafe_b64encode(raw)

    def record(self, store: DocumentStore, doc_id: str, name: str, answer: Any) -> Record:
        sealed = _seal(answer, self._pad)
        value = b"|".join(
            (
                self.digest,
                self.fingerprint.encode(),
                json.dumps(sealed, separators=(",", ":")).encode(),
            )
        )
        keep = KEPT_PER_SEAT if name.startswith("seat") else KEPT_SHARED
        return Record(store.record_key_for(doc_id, name), value, self.ttl_seconds, keep)

    def record_head(self, store: DocumentStore, doc_id: str, name: str) -> Record:
        """A record whose answer the store script appends to `value` itself (JSON with no
        secret to seal: a chat message, numbered only in the script)."""
        value = b"|".join((self.digest, self.fingerprint.encode(), b""))
        return Record(store.record_key_for(doc_id, name), value, self.ttl_seconds, KEPT_SHARED)

    def recall(self, store: DocumentStore, doc_id: str, name: str) -> Any | None:
        """The recorded answer of this key (None when it has none); a different request
        with the same key is refused."""
        for entry in store.records(store.record_key_for(doc_id, name), self.ttl_seconds):
            digest, print_, answer = entry.split(b"|", 2)
            if digest != self.digest:
                continue
            if print_.decode() != self.fingerprint:
                raise IdempotencyKeyReused(
                    "this Idempotency-Key was already used for a different request (or, where "
                    "the answer shows a token, by another client); use a new key"
                )
            return _seal(json.loads(answer), self._pad)
        return None

    def once(
        self,
        store: DocumentStore,
        doc_id: str,
        name: str,
        act: Callable[[Callable[..., Record]], T],
        answer: Callable[[Any], Any],
    ) -> tuple[T | None, Any]:
        """Run `act` at most once for the key: `act(record)` runs the service call with
        `record` as its record hook (called with the call's result, as a tuple). Returns the
        call's result and None, or, for a replay, None and the first answer."""
        replay = self.recall(store, doc_id, name)
        if replay is not None:
            return None, replay

        def record(*result: Any) -> Record:
            return self.record(store, doc_id, name, answer(result))

        try:
            return act(record), None
        except (ServiceError, EngineError, VersionConflict, DuplicateId) as error:
            # A twin request with the same key may have won the race: answer as it did.
            replay = self.recall(store, doc_id, name)
            if replay is not None:
                return None, replay
            if isinstance(error, DuplicateId):  # created with this key, record expired
                raise IdempotencyKeyReused(
                    "this Idempotency-Key already created a game; use a new key"
                ) from None
            raise

    def _pad(self, length: int) -> bytes:
        """A pad as long as needed, from the key alone (never stored)."""
        blocks = []
        for counter in range(length // 32 + 1):
            blocks.append(hashlib.sha256(f"pad\n{counter}\n{self.key}".encode()).digest())
        return b"".join(blocks)[:length]


def _seal(value: Any, pad: Callable[[int], bytes]) -> Any:
    """`value` with every token and invite XORed with the pad, as text; applied twice, the
    original (a sealed one is `~` + base64)."""
    if isinstance(value, list):
        return [_seal(item, pad) for item in value]
    if not isinstance(value, dict):
        return value
    sealed: dict[str, Any] = {}
    for name, item in value.items():
        if name in SEALED and isinstance(item, str):
            if item.startswith("~"):
                raw = base64.urlsafe_b64decode(item[1:])
                item = bytes(a ^ b for a, b in zip(raw, pad(len(raw)), strict=True)).decode()
            else:
                raw = item.encode()
                mixed = bytes(a ^ b for a, b in zip(raw, pad(len(raw)), strict=True))
                item = "~" + base64.urlsafe_b64encode(mixed).decode()
        sealed[name] = _seal(item, pad)
    return sealed


def move_once(
    games: GameService,
    game_id: str,
    token: str | None,
    move: Move,
    if_match: int | None,
    key: str,
    ttl_seconds: int = DEFAULT_TTL_SECONDS,
    *,
    rider: Rider | None = None,
) -> tuple[Game, int, list[AppliedMove], bool]:
    """`GameService.move`, applied at most once per (seat, key): returns the game, the seat,
    what was applied and whether it is the first answer replayed. `rider` rides with the
    game's first read (`GameService.load`), before the key's record is looked up."""
    game = games.load(game_id, rider=rider)
    seat = games.require_seat(game, token)
    idem = Idempotency(key, f"move:{seat}", fingerprint(move), ttl_seconds)

    def answer(result: tuple[Game, int, list[AppliedMove]]) -> dict[str, Any]:
        return {"applied": [[a.version, a.seat, a.move, int(a.by_bot)] for a in result[2]]}

    def act(record: Callable[..., Record]) -> tuple[Game, int, list[AppliedMove]]:
        return games.move(game_id, token, move, if_match, record)

    result, replay = idem.once(games.store, game_id, f"seat{seat}", act, answer)
    if result is not None:
        return (*result, False)
    applied = [AppliedMove(v, s, m, bool(bot)) for v, s, m, bot in replay["applied"]]
    return games.load(game_id), seat, applied, True
