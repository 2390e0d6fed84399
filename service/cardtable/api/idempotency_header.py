"""The `Idempotency-Key` request header of every unsafe POST: read, checked, documented, and
the replayed answer (`Idempotent-Replayed: true`)."""

from __future__ import annotations

from typing import Any

from flask import request, url_for
from marshmallow import EXCLUDE, Schema, fields

from cardtable.api.errors import ApiError
from cardtable.api.limits import address_key
from cardtable.api.requests import wiring
from cardtable.games.idempotency import (
    SECRET_KEY_MIN,
    Idempotency,
    caller_bound,
    fingerprint,
    is_valid_key,
)
from cardtable_engine.host import hash_token

HEADER = "Idempotency-Key"
REPLAYED = {"Idempotent-Replayed": "true"}


KEY_DESCRIPTION = (
    "Any unique string (1 to 128 printable ASCII characters, e.g. a UUID; at least 16 where "
    "the answer carries a token: creating, joining, a rematch): a retry of the same request "
    "with the same key returns the first answer (with `Idempotent-Replayed: true`) instead "
    "of acting twice; the same key for a different request is refused (422 "
    "`idempotency_key_reused`), and so is a replay showing a token to another client than "
    "the first, unless the key is random in form (32 or more hex digits, or a UUID v4). "
    "Kept for CARDTABLE_IDEMPOTENCY_TTL_SECONDS (6 hours by default) after its use, and "
    "per seat for its 4 latest keyed requests."
)
# The JSON Schema of games/idempotency.KEY_PATTERN: `!` to `~` are the printable ASCII.
KEY_SCHEMA = {"pattern": "^[!-~]+$", "maxLength": 128}


def _key_field(min_length: int) -> fields.String:
    return fields.String(
        data_key=HEADER,
        metadata={"description": KEY_DESCRIPTION, "minLength": min_length, **KEY_SCHEMA},
    )


class IdempotencyKeyHeaderSchema(Schema):
    """Documents the header; the value is read (and checked) by `idempotency_key`."""

    class Meta:
        unknown = EXCLUDE

    idempotency_key = _key_field(1)


class SecretIdempotencyKeyHeaderSchema(IdempotencyKeyHeaderSchema):
    """The header where the answer carries a token (`idempotency_key(grants_secrets=True)`):
    a replay shows the token to whoever knows the key, so the key is long."""

    idempotency_key = _key_field(SECRET_KEY_MIN)


def idempotency_key(grants_secrets: bool = False) -> str | None:
    """The request's key (None without one); `grants_secrets`: its answer shows a token,
    which a replay gives to whoever knows the key, so a short one is refused."""
    key = request.headers.get(HEADER)
    if key is None:
        return None
    if not is_valid_key(key):
        raise ApiError("invalid_header", f"{HEADER} must be 1 to 128 printable ASCII characters")
    if grants_secrets and len(key) < SECRET_KEY_MIN:
        raise ApiError(
            "invalid_header",
            f"{HEADER} must be at least {SECRET_KEY_MIN} characters here (its replay shows "
            "a token): use a UUID",
        )
    return key


def keyed(key: str, scope: str, content: Any, *, grants_secrets: bool = False) -> Idempotency:
    """The key bound to what it is used for and to the request's content; `grants_secrets`
    (its answer shows a token, and the request carries none): to its caller too, unless
    the key has the form of a random one (`caller_bound`)."""
    settings = wiring().settings
    if grants_secrets:
        caller = address_key(request.remote_addr, settings.rate_limit_ipv6_prefix)
        content = caller_bound(content, key, caller, ids_secret())
    return Idempotency(key, scope, fingerprint(content), settings.idempotency_ttl_seconds)


def ids_secret() -> bytes:
    """The server secret keyed creates' ids are derived with."""
    return wiring().ids_secret.value()


def holder(token: str | None) -> str:
    """Who sends a key, for its scope: the token's hash (a seat that has left keeps it), so
    that a key replays only to the holder of the token that first used it."""
    return hash_token(token)[:16] if token else "-"


def replayed_answer(
    answer: dict[str, Any], status: int, game_id: str | None = None
) -> tuple[dict[str, Any], int, dict[str, str]]:
    """The first answer again, marked as a replay (with the game's Location for a 201)."""
    headers = dict(REPLAYED)
    if game_id is not None:
        headers["Location"] = url_for("games.GameView", game_id=game_id)
    return answer, status, headers
