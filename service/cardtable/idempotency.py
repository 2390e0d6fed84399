"""Idempotency keys for moves: the first answer to a (seat, key) is kept in the game's own
hash, written by the same compare-and-set as the move, so a retry returns that answer
instead of acting twice. Kept as long as the game is."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.common import ServiceError
from cardtable.engine.base import EngineError, Move
from cardtable.engine.table import AppliedMove
from cardtable.games import Game, GameService
from cardtable.store import VersionConflict

# Printable ASCII without spaces (UUIDs, ULIDs, counters…), bounded so a field stays small.
KEY_PATTERN = re.compile(r"^[\x21-\x7e]{1,128}$")
FIELD_PREFIX = "idem:"


def is_valid_key(key: str) -> bool:
    return KEY_PATTERN.fullmatch(key) is not None


def field_name(seat: int, key: str) -> str:
    """The hash field of one seat's key (hashed: the key's characters never reach Redis)."""
    return f"{FIELD_PREFIX}{seat}:{hashlib.sha256(key.encode()).hexdigest()[:32]}"


def fingerprint(move: Any) -> str:
    """What identifies a request's move, whatever the order of its keys."""
    canonical = json.dumps(move, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


@dataclass
class Remembered:
    """The first answer to a key: the request's fingerprint and what was applied."""

    fingerprint: str
    version: int
    applied: list[dict[str, Any]]

    def encode(self) -> str:
        return json.dumps(
            {"fp": self.fingerprint, "version": self.version, "applied": self.applied},
            separators=(",", ":"),
        )

    @classmethod
    def decode(cls, text: str) -> Remembered:
        data = json.loads(text)
        return cls(data["fp"], int(data["version"]), list(data["applied"]))


class IdempotencyKeyReused(ServiceError):
    """The key was already used by this seat for a different move."""

    code = "idempotency_key_reused"


def _as_applied(entries: list[dict[str, Any]]) -> list[AppliedMove]:
    return [AppliedMove(e["version"], e["seat"], e["move"], e["by_bot"]) for e in entries]


def _recall(games: GameService, game_id: str, field: str, print_: str) -> list[AppliedMove] | None:
    """The remembered answer of this key, None when it has none; refuses a different move."""
    _, (stored,) = games.store.read_fields(game_id, field)
    if stored is None:
        return None
    remembered = Remembered.decode(stored)
    if remembered.fingerprint != print_:
        raise IdempotencyKeyReused(
            "this Idempotency-Key was already used for a different move; use a new key"
        )
    return _as_applied(remembered.applied)


def move_once(
    games: GameService,
    game_id: str,
    token: str | None,
    move: Move,
    if_match: int | None,
    key: str,
) -> tuple[Game, int, list[AppliedMove], bool]:
    """`GameService.move`, applied at most once per (seat, key): returns the game, the seat,
    what was applied and whether it is the first answer replayed."""
    game = games.load(game_id)
    seat = games.require_seat(game, token)
    field, print_ = field_name(seat, key), fingerprint(move)
    replay = _recall(games, game_id, field, print_)
    if replay is not None:
        return game, seat, replay, True

    def remember(applied: list[AppliedMove]) -> dict[str, str]:
        entries = [asdict(a) for a in applied]
        return {field: Remembered(print_, applied[-1].version, entries).encode()}

    try:
        return (*games.move(game_id, token, move, if_match, remember), False)
    except (ServiceError, EngineError, VersionConflict):
        # A twin request with the same key may have won the race: answer as it did.
        replay = _recall(games, game_id, field, print_)
        if replay is None:
            raise
        return games.load(game_id), seat, replay, True
