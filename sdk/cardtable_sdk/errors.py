"""Typed exceptions for every error the server (or the local engine) can answer, by `code`.

The server answers every failure with one JSON body, `{"code", "message", "status",
"details"}`. `error_from_response` turns it into the exception class registered for its
code (falling back on the HTTP status), so callers write `except IllegalMove:` instead of
comparing strings. Local play raises the very same classes from the engine's error codes.

The hierarchy groups errors by what a caller does about them:

- `VersionMismatch` (`StaleVersion` 412, `VersionConflict` 409): the game moved on; read
  it again and decide again. Never resend a move chosen on the old view.
- `MoveRefused` (`IllegalMove`, `MalformedMove`, `WrongPhase`, `NotYourTurn`, `GameOver`,
  `BotSeat`, `InvalidSeat`): this move will never be accepted in this state.
- `TransientError` (`ServiceUnavailable` 503 with `retry_after`, `ConnectionFailed`,
  `RequestTimeout`): nothing is known to have happened; wait and look again.
- `InvalidRequest` (`InvalidOptions`, `InvalidPlayers`, `ValidationError`, …),
  `AuthenticationError` (`InvalidToken`, `TokenRequired`), `GameNotFound`, `GameNotOver`,
  `ScoresheetConflict` (`SheetFinished`, `NoRounds`, `TooManyRounds`), `ServerError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

import httpx

__all__ = [
    "AlreadyLeft",
    "AlreadyStarted",
    "AuthenticationError",
    "BadRequest",
    "BotSeat",
    "CardtableError",
    "ConnectionFailed",
    "GameNotFound",
    "GameNotOver",
    "GameNotStarted",
    "GameOver",
    "IdempotencyKeyReused",
    "IllegalMove",
    "InvalidBotMove",
    "InvalidInvite",
    "InvalidName",
    "InvalidOptions",
    "InvalidPlayers",
    "InvalidRequest",
    "InvalidRound",
    "InvalidSeat",
    "InvalidTableSettings",
    "InvalidToken",
    "MalformedMove",
    "MoveRefused",
    "NoOpenSeat",
    "NoRounds",
    "NotYourTurn",
    "OutcomeUnknown",
    "RateLimited",
    "RequestTimeout",
    "ScoresheetConflict",
    "ServerError",
    "ServiceUnavailable",
    "SheetFinished",
    "StaleVersion",
    "TokenRequired",
    "TooManyRounds",
    "TransientError",
    "UnknownGame",
    "ValidationError",
    "VersionConflict",
    "VersionMismatch",
    "WrongPhase",
    "error_for",
    "error_from_response",
]


class CardtableError(Exception):
    """Base of every SDK error: the server's (or engine's) `code`, `message`, HTTP `status`
    (what the server answers, or would answer, for this error; None when no answer came)
    and `details`."""

    default_code: ClassVar[str] = "error"
    default_status: ClassVar[int | None] = None
    turn: Any = None
    """Set by the bot runner on a refused move: the `Turn` the bot decided it on."""

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        status: int | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.status = status if status is not None else self.default_status
        self.details: dict[str, Any] = dict(details or {})

    def __str__(self) -> str:
        where = f"{self.status} " if self.status is not None else ""
        return f"[{where}{self.code}] {self.message}"

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(code={self.code!r}, status={self.status!r}, "
            f"message={self.message!r})"
        )


# ---- the game moved on: re-read, decide again ----------------------------------------


class VersionMismatch(CardtableError):
    """The move was decided on a version that is no longer current; nothing was applied.

    A seat session re-reads the game before raising this, so `view` holds the fresh view
    (None when that re-read failed too)."""

    view: Any = None

    @property
    def current_version(self) -> int | None:
        value = self.details.get("current_version")
        return value if isinstance(value, int) else None


class StaleVersion(VersionMismatch):
    """412: If-Match named an older version."""

    default_code = "stale_version"
    default_status = 412


class VersionConflict(VersionMismatch):
    """409: another move was written between the server's read and its write."""

    default_code = "version_conflict"
    default_status = 409


# ---- this move will not do ------------------------------------------------------------


class MoveRefused(CardtableError):
    """The move was refused for what it is, or for who sent it, in the current state."""


class IllegalMove(MoveRefused):
    default_code = "illegal_move"
    default_status = 422


class MalformedMove(MoveRefused):
    default_code = "malformed_move"
    default_status = 422


class WrongPhase(MoveRefused):
    """The move type does not belong to the current step (e.g. `replace` before `draw`)."""

    default_code = "wrong_phase"
    default_status = 422


class InvalidSeat(MoveRefused):
    default_code = "invalid_seat"
    default_status = 422


class NotYourTurn(MoveRefused):
    default_code = "not_your_turn"
    default_status = 409


class GameOver(MoveRefused):
    default_code = "game_over"
    default_status = 409


class BotSeat(MoveRefused):
    """The seat is played by a server bot and takes no moves from clients."""

    default_code = "bot_seat"
    default_status = 409


# ---- the request itself is wrong -----------------------------------------------------


class InvalidRequest(CardtableError):
    default_code = "bad_request"
    default_status = 400


class BadRequest(InvalidRequest):
    """400: malformed JSON or header."""


class ValidationError(InvalidRequest):
    """422: a body that does not fit the schema; `details["fields"]` says where."""

    default_code = "validation_error"
    default_status = 422


class InvalidOptions(InvalidRequest):
    default_code = "invalid_options"
    default_status = 422


class InvalidPlayers(InvalidRequest):
    default_code = "invalid_players"
    default_status = 422


class UnknownGame(InvalidRequest):
    default_code = "unknown_game"
    default_status = 422


class AuthenticationError(CardtableError):
    default_code = "invalid_token"
    default_status = 401


class InvalidToken(AuthenticationError):
    default_code = "invalid_token"


class TokenRequired(AuthenticationError):
    default_code = "token_required"


class GameNotFound(CardtableError):
    """404: unknown or expired game."""

    default_code = "not_found"
    default_status = 404


class GameNotOver(CardtableError):
    """409: the record is published once the game is over."""

    default_code = "game_not_over"
    default_status = 409


# ---- score sheets ------------------------------------------------------------------------


class ScoresheetConflict(CardtableError):
    """409: the sheet cannot take this edit in its current state."""

    default_code = "conflict"
    default_status = 409


class SheetFinished(ScoresheetConflict):
    """The sheet's game is over: correct the last round instead of adding one."""

    default_code = "sheet_finished"


class NoRounds(ScoresheetConflict):
    default_code = "no_rounds"


class TooManyRounds(ScoresheetConflict):
    default_code = "too_many_rounds"


class InvalidRound(InvalidRequest):
    """422: a round's entries do not fit the sheet (count, range, a winner with cards left)."""

    default_code = "invalid_round"
    default_status = 422


# ---- nothing is known to have happened: wait and look again ---------------------------


class TransientError(CardtableError):
    """A failure that may go away by itself; `retry_after` is the server's hint, if any."""

    retry_after: float | None = None


class ServiceUnavailable(TransientError):
    """503: the game store is unreachable; retry after `retry_after` seconds."""

    default_code = "store_unavailable"
    default_status = 503

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        status: int | None = None,
        details: Mapping[str, Any] | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, code=code, status=status, details=details)
        self.retry_after = retry_after


class ConnectionFailed(TransientError):
    """No answer from the server (refused, reset, DNS…). A move sent meanwhile may or may
    not have been applied: read the game again before deciding anything."""

    default_code = "connection_failed"


class RequestTimeout(ConnectionFailed):
    default_code = "timeout"


class ServerError(CardtableError):
    """500 or another unexpected answer; a bug on the server's side."""

    default_code = "internal_error"
    default_status = 500


# ---- live tables, limits and honest store errors -------------------------------------


class InvalidBotMove(IllegalMove):
    """The bot runner's own check: a bot returned something that is not one of the legal
    moves it was given. Nothing was sent; `details["bot"]` names the bot."""

    default_code = "not_a_legal_move"


class GameNotStarted(MoveRefused):
    """409: the game still has open seats; nobody moves until they are taken."""

    default_code = "game_not_started"
    default_status = 409


class NoOpenSeat(CardtableError):
    """409: every seat of the game is taken."""

    default_code = "no_open_seat"
    default_status = 409


class InvalidInvite(AuthenticationError):
    """403: the invite does not open a seat of this game."""

    default_code = "invalid_invite"
    default_status = 403


class AlreadyStarted(CardtableError):
    """409: the game was dealt already (starting it again, or joining it)."""

    default_code = "already_started"
    default_status = 409


class AlreadyLeft(CardtableError):
    """409: this seat's player has left the game already (or a bot plays the seat now)."""

    default_code = "already_left"
    default_status = 409


class InvalidName(InvalidRequest):
    """422: a joining player's name is empty, too long or not text."""

    default_code = "invalid_name"
    default_status = 422


class InvalidTableSettings(InvalidRequest):
    """422: a table setting is out of range (`turn_seconds`), or a seeded game is public."""

    default_code = "invalid_table_settings"
    default_status = 422


class IdempotencyKeyReused(InvalidRequest):
    """422: this seat already used the Idempotency-Key for a different move."""

    default_code = "idempotency_key_reused"
    default_status = 422


class RateLimited(TransientError):
    """429: this client or seat sent too much; retry after `retry_after` seconds."""

    default_code = "rate_limited"
    default_status = 429


class OutcomeUnknown(ServiceUnavailable):
    """503: the store failed during a write, which may or may not have happened. Resending
    the same request with the same `Idempotency-Key` is safe (the SDK's runners do)."""

    default_code = "outcome_unknown"


_BY_CODE: dict[str, type[CardtableError]] = {
    "stale_version": StaleVersion,
    "version_conflict": VersionConflict,
    "illegal_move": IllegalMove,
    "malformed_move": MalformedMove,
    "wrong_phase": WrongPhase,
    "invalid_seat": InvalidSeat,
    "not_your_turn": NotYourTurn,
    "game_over": GameOver,
    "bot_seat": BotSeat,
    "bad_request": BadRequest,
    "invalid_json": BadRequest,
    "invalid_header": BadRequest,
    "validation_error": ValidationError,
    "invalid_options": InvalidOptions,
    "invalid_players": InvalidPlayers,
    "unknown_game": UnknownGame,
    "payload_too_large": InvalidRequest,
    "unsupported_media_type": InvalidRequest,
    "invalid_token": InvalidToken,
    "token_required": TokenRequired,
    "not_found": GameNotFound,
    "game_not_over": GameNotOver,
    "store_unavailable": ServiceUnavailable,
    "internal_error": ServerError,
    "sheet_finished": SheetFinished,
    "no_rounds": NoRounds,
    "too_many_rounds": TooManyRounds,
    "invalid_round": InvalidRound,
    "game_not_started": GameNotStarted,
    "no_open_seat": NoOpenSeat,
    "invalid_invite": InvalidInvite,
    "already_started": AlreadyStarted,
    "already_left": AlreadyLeft,
    "invalid_name": InvalidName,
    "invalid_table_settings": InvalidTableSettings,
    "rate_limited": RateLimited,
    "outcome_unknown": OutcomeUnknown,
    "idempotency_key_reused": IdempotencyKeyReused,
    # The store refuses writes (full, read-only), the server holds too many waiting
    # requests, or a stored game is newer than this server: all pass, retry later.
    "store_full": ServiceUnavailable,
    "store_read_only": ServiceUnavailable,
    "too_many_waiting": ServiceUnavailable,
    "document_too_new": ServiceUnavailable,
}

_BY_STATUS: dict[int, type[CardtableError]] = {
    400: BadRequest,
    401: AuthenticationError,
    403: AuthenticationError,
    404: GameNotFound,
    409: CardtableError,
    412: StaleVersion,
    413: InvalidRequest,
    415: InvalidRequest,
    422: InvalidRequest,
    # Proxies and load balancers answer these while servers restart: worth a retry.
    429: RateLimited,
    502: ServiceUnavailable,
    503: ServiceUnavailable,
    504: ServiceUnavailable,
}


def error_for(
    code: str,
    message: str,
    *,
    status: int | None = None,
    details: Mapping[str, Any] | None = None,
    retry_after: float | None = None,
) -> CardtableError:
    """The exception registered for `code`, else the one for `status`."""
    cls = _BY_CODE.get(code)
    if cls is None:
        cls = _BY_STATUS.get(status or 0)
    if cls is None:
        cls = ServerError if (status or 0) >= 500 else CardtableError
    if issubclass(cls, ServiceUnavailable):
        return cls(message, code=code, status=status, details=details, retry_after=retry_after)
    error = cls(message, code=code, status=status, details=details)
    if isinstance(error, TransientError):
        error.retry_after = retry_after
    return error


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: rare enough that the caller's own back-off will do


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def error_from_response(response: httpx.Response) -> CardtableError:
    """The typed error for a 4xx/5xx answer. Bodies that are not the server's JSON error
    shape (a proxy's HTML 502, say) still give an error with the right status."""
    status = response.status_code
    code = ""
    message = ""
    details: Mapping[str, Any] | None = None
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        body = None
    if isinstance(body, dict):
        code = _text(body.get("code"))
        message = _text(body.get("message"))
        details = body.get("details") if isinstance(body.get("details"), dict) else None
    if not code:
        code = f"http_{status}"
    if not message:
        text = response.text.strip()
        message = text[:200] if text else (response.reason_phrase or f"HTTP {status}")
    return error_for(
        code, message, status=status, details=details, retry_after=_retry_after(response)
    )
