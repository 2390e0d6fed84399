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
    "AlreadyMatched",
    "AlreadyQueued",
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
    "HintsUnavailable",
    "IdempotencyKeyReused",
    "IllegalMove",
    "InvalidBotMove",
    "InvalidInvite",
    "InvalidName",
    "InvalidOptions",
    "InvalidPlayerName",
    "InvalidPlayers",
    "InvalidRequest",
    "InvalidRound",
    "InvalidSeat",
    "InvalidTableSettings",
    "InvalidToken",
    "MalformedMove",
    "MoveRefused",
    "NameTaken",
    "NoOpenSeat",
    "NoRounds",
    "NotYourTurn",
    "NotYours",
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


_BY_CODE: dict[str, type[CardtableError]] = {}
"""The class `error_for` gives each code: filled by the classes below as they are declared."""


class CardtableError(Exception):
    """Base of every SDK error: the server's (or engine's) `code`, `message`, HTTP `status`
    (what the server answers, or would answer, for this error; None when no answer came)
    and `details`.

    A subclass names its code and status in its header, `class X(Base, code=..., status=...)`
    (the status is inherited when left out); that registers it for `error_for`, with
    `aliases`, other codes it stands for. `answered=False` sets the code without
    registering it: the SDK's own errors, and codes the server uses more broadly."""

    default_code: ClassVar[str] = "error"
    default_status: ClassVar[int | None] = None
    turn: Any = None
    """Set by the bot runner on a refused move: the `Turn` the bot decided it on."""

    def __init_subclass__(
        cls,
        *,
        code: str | None = None,
        status: int | None = None,
        aliases: tuple[str, ...] = (),
        answered: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if status is not None:
            cls.default_status = status
        if code is not None:
            cls.default_code = code
            # A later (more specific) class takes over its base's code: `bad_request` is
            # InvalidRequest's default, and BadRequest's when answered.
            for name in (code, *aliases) if answered else ():
                _BY_CODE[name] = cls

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


class StaleVersion(VersionMismatch, code="stale_version", status=412):
    """412: If-Match named an older version."""


class VersionConflict(VersionMismatch, code="version_conflict", status=409):
    """409: another move was written between the server's read and its write."""


# ---- this move will not do ------------------------------------------------------------


class MoveRefused(CardtableError):
    """The move was refused for what it is, or for who sent it, in the current state."""


class IllegalMove(MoveRefused, code="illegal_move", status=422):
    """422: the move breaks the rules in the current state."""


class MalformedMove(MoveRefused, code="malformed_move", status=422):
    """422: the move is not a move of this game (unknown type, missing or bad fields)."""


class WrongPhase(MoveRefused, code="wrong_phase", status=422):
    """The move type does not belong to the current step (e.g. `replace` before `draw`)."""


class InvalidSeat(MoveRefused, code="invalid_seat", status=422):
    """422: the seat number does not exist in this game."""


class NotYourTurn(MoveRefused, code="not_your_turn", status=409):
    """409: another seat is to act."""


class GameOver(MoveRefused, code="game_over", status=409):
    """409: the game is over; it takes no more moves."""


class BotSeat(MoveRefused, code="bot_seat", status=409):
    """The seat is played by a server bot and takes no moves from clients."""


# ---- the request itself is wrong -----------------------------------------------------


class InvalidRequest(
    CardtableError,
    code="bad_request",
    status=400,
    aliases=("payload_too_large", "unsupported_media_type"),
):
    """The request cannot be served as sent (4xx); the subclasses say why."""


class BadRequest(InvalidRequest, code="bad_request", aliases=("invalid_json", "invalid_header")):
    """400: malformed JSON or header."""


class ValidationError(InvalidRequest, code="validation_error", status=422):
    """422: a body that does not fit the schema; `details["fields"]` says where."""


class InvalidOptions(InvalidRequest, code="invalid_options", status=422):
    """422: an unknown option, or a value out of its range."""


class InvalidPlayers(InvalidRequest, code="invalid_players", status=422):
    """422: too few or too many players for the game, or a bad player entry."""


class UnknownGame(InvalidRequest, code="unknown_game", status=422):
    """422: the server hosts no game of that name."""


class AuthenticationError(CardtableError, code="invalid_token", status=401):
    """The request does not prove who it is for (401, 403)."""


class InvalidToken(AuthenticationError, code="invalid_token", status=401):
    """401: the token is not one of this game's seats."""


class TokenRequired(AuthenticationError, code="token_required", status=401):
    """401: this needs a seat's bearer token."""


class GameNotFound(CardtableError, code="not_found", status=404):
    """404: unknown or expired game."""


class GameNotOver(CardtableError, code="game_not_over", status=409):
    """409: the record and the review are published once the game is over."""


class HintsUnavailable(CardtableError, code="hints_unavailable", status=409):
    """409: hints are for casual games, not rated ones nor tables with a turn timer."""


# ---- score sheets ------------------------------------------------------------------------


class ScoresheetConflict(CardtableError, code="conflict", status=409, answered=False):
    """409: the sheet cannot take this edit in its current state."""


class SheetFinished(ScoresheetConflict, code="sheet_finished", status=409):
    """The sheet's game is over: correct the last round instead of adding one."""


class NoRounds(ScoresheetConflict, code="no_rounds", status=409):
    """409: the sheet has no round to replace or delete."""


class TooManyRounds(ScoresheetConflict, code="too_many_rounds", status=409):
    """409: the sheet holds as many rounds as it may take."""


class InvalidRound(InvalidRequest, code="invalid_round", status=422):
    """422: a round's entries do not fit the sheet (count, range, a winner with cards left)."""


# ---- nothing is known to have happened: wait and look again ---------------------------


class TransientError(CardtableError):
    """A failure that may go away by itself; `retry_after` is the server's hint, if any."""

    def __init__(self, message: str, *, retry_after: float | None = None, **fields: Any) -> None:
        """`fields`: CardtableError's `code`, `status` and `details`."""
        super().__init__(message, **fields)
        self.retry_after = retry_after


class ServiceUnavailable(
    TransientError,
    code="store_unavailable",
    status=503,
    # The store refuses writes (full, read-only), the server holds too many waiting
    # requests, or a stored game is newer than this server: all pass, retry later.
    aliases=("store_full", "store_read_only", "too_many_waiting", "document_too_new"),
):
    """503: the game store is unreachable; retry after `retry_after` seconds."""


class ConnectionFailed(TransientError, code="connection_failed", answered=False):
    """No answer from the server (refused, reset, DNS…). A move sent meanwhile may or may
    not have been applied: read the game again before deciding anything."""


class RequestTimeout(ConnectionFailed, code="timeout", answered=False):
    """The server did not answer in time; as for ConnectionFailed, read the game again."""


class ServerError(CardtableError, code="internal_error", status=500):
    """500 or another unexpected answer; a bug on the server's side."""


# ---- live tables, limits and honest store errors -------------------------------------


class InvalidBotMove(IllegalMove, code="not_a_legal_move", answered=False):
    """The bot runner's own check: a bot returned something that is not one of the legal
    moves it was given. Nothing was sent; `details["bot"]` names the bot."""


class GameNotStarted(MoveRefused, code="game_not_started", status=409):
    """409: the game still has open seats; nobody moves until they are taken."""


class NoOpenSeat(CardtableError, code="no_open_seat", status=409):
    """409: every seat of the game is taken."""


class InvalidInvite(AuthenticationError, code="invalid_invite", status=403):
    """403: the invite does not open a seat of this game."""


class AlreadyStarted(CardtableError, code="already_started", status=409):
    """409: the game was dealt already (starting it again, or joining it)."""


class AlreadyLeft(CardtableError, code="already_left", status=409):
    """409: this seat's player has left the game already (or a bot plays the seat now)."""


class InvalidName(InvalidRequest, code="invalid_name", status=422):
    """422: a joining player's name is empty, too long or not text."""


class InvalidTableSettings(InvalidRequest, code="invalid_table_settings", status=422):
    """422: a table setting is out of range (`turn_seconds`), or a seeded game is public."""


class IdempotencyKeyReused(InvalidRequest, code="idempotency_key_reused", status=422):
    """422: this seat already used the Idempotency-Key for a different move."""


class RateLimited(TransientError, code="rate_limited", status=429, aliases=("too_many_streams",)):
    """429: this client or seat sent too much; retry after `retry_after` seconds."""


class OutcomeUnknown(ServiceUnavailable, code="outcome_unknown", status=503):
    """503: the store failed during a write, which may or may not have happened. Resending
    the same request with the same `Idempotency-Key` is safe (the SDK's runners do)."""


class NameTaken(CardtableError, code="name_taken", status=409):
    """409: another player has this name (names are compared ignoring case)."""


class AlreadyQueued(CardtableError, code="already_queued", status=409):
    """409: this player already holds a waiting ticket (one at a time, whatever its game)."""


class AlreadyMatched(CardtableError, code="already_matched", status=409):
    """409: the ticket to cancel was matched meanwhile: its game is this player's."""


class InvalidPlayerName(InvalidName, code="invalid_player_name", status=422):
    """422: a player name that is too short or long, or has invisible or combining tricks."""


class NotYours(
    AuthenticationError, code="not_your_ticket", status=403, aliases=("not_your_player",)
):
    """403: the key is another player's (its ticket, its rename or key)."""


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
