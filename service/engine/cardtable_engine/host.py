"""Primitives both services (games, score sheets) and the table core share: the service
error base with stable codes, player-name checks, secret tokens and document ids.

Pure standard library, like the engine: the SDK's local play uses it through the table core.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable_engine.base import InvalidPlayers
from cardtable_engine.printable import has_visible, is_printable

MAX_NAME_LENGTH = 40
"""Longest player name (after trimming spaces), for games and score sheets alike."""
TOKEN_BYTES = 32  # 256 random bits per token


class ServiceError(Exception):
    """An error a client caused, with a stable `code` (the API maps codes to statuses)."""

    code: ClassVar[str] = "bad_request"

    def __init__(self, message: str, **details: Any):
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidToken(ServiceError):
    code = "invalid_token"


class TokenRequired(ServiceError):
    code = "token_required"


class NoOpenSeat(ServiceError):
    """Joining a game whose seats are all taken (or that has started)."""

    code = "no_open_seat"


class InvalidInvite(ServiceError):
    code = "invalid_invite"


class GameNotStarted(ServiceError):
    """A move (or anything else needing the deal) in a game still waiting for players."""

    code = "game_not_started"


class AlreadyStarted(ServiceError):
    code = "already_started"


class AlreadyLeft(ServiceError):
    code = "already_left"


class InvalidName(ServiceError):
    code = "invalid_name"


class InvalidTableSettings(ServiceError):
    code = "invalid_table_settings"


class StaleVersion(ServiceError):
    """The client's If-Match names a version that is no longer current."""

    code = "stale_version"


def check_if_match(if_match: int | None, current: int, what: str = "game") -> None:
    """StaleVersion unless `if_match` is absent or names the `current` version."""
    if if_match is not None and if_match != current:
        raise StaleVersion(
            f"you sent If-Match {if_match}, but the {what} is at version {current}",
            current_version=current,
        )


# ---- names ---------------------------------------------------------------------------


def check_name(name: object, index: int) -> str:
    """Player `index`'s name, trimmed; InvalidPlayers when empty, too long or not text."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidPlayers(f"player {index} needs a non-empty name")
    if len(name.strip()) > MAX_NAME_LENGTH:
        raise InvalidPlayers(f"player {index}'s name is longer than {MAX_NAME_LENGTH}")
    if not is_printable(name):
        # Control, invisible and bidi-override characters (and lone surrogates, which UTF-8
        # cannot carry) could disguise one player as another: see cardtable_engine.printable.
        raise InvalidPlayers(f"player {index}'s name may hold printable characters only")
    if not has_visible(name):
        # Only spaces, combining marks, fillers such as U+3164: it would show as nothing.
        raise InvalidPlayers(f"player {index}'s name needs at least one visible character")
    return name.strip()


def check_join_name(name: object) -> str:
    """A joining player's name, trimmed; InvalidName when empty, too long or not text."""
    try:
        return check_name(name, 0)
    except InvalidPlayers as exc:
        raise InvalidName(str(exc).replace("player 0", "the player")) from None


def check_names(names: object) -> list[str]:
    """A list of player names, each checked by `check_name`."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise InvalidPlayers("players are given as a list of names")
    return [check_name(name, index) for index, name in enumerate(names)]


# ---- tokens and ids ------------------------------------------------------------------


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """What is stored of a token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def match_token(token_hashes: Sequence[str | None], token: str, what: str = "game") -> int:
    """The index whose stored hash matches `token`, or InvalidToken."""
    digest = hash_token(token)
    found: int | None = None
    for index, stored in enumerate(token_hashes):
        # Compare against every entry, in constant time, so timing reveals nothing.
        if stored and hmac.compare_digest(stored, digest):
            found = index
    if found is None:
        raise InvalidToken(f"the bearer token is not valid for this {what}")
    return found


def new_invite() -> str:
    """An invitation secret: 192 random bits (stored, like tokens, only as its SHA-256)."""
    return secrets.token_urlsafe(24)


def match_secret(stored_sha256: str | None, secret: str) -> bool:
    """Whether `secret` hashes to `stored_sha256`, compared in constant time."""
    return bool(stored_sha256) and hmac.compare_digest(str(stored_sha256), hash_token(secret))


def new_id() -> str:
    # 128 random bits: ids are not secrets, but they must not be guessable for enumeration.
    return secrets.token_urlsafe(16)
