"""Which Redis refusals mean what: every one becomes a `StoreRefused` with a stable code, and a
write whose fate is unknown (sent, but no answer came back) says so.

Redis answers a refused write with an error reply whose first word names the cause (`OOM`,
`READONLY`, `MISCONF`…), also when the refusal happens inside a Lua script; redis-py maps
only some prefixes to classes, so the prefix is read here, the same way for both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import redis.exceptions

from cardtable.error_codes import ERRORS

# Error-reply prefixes of a store that cannot take writes now, by our code.
CODE_BY_PREFIX = {
    "OOM": "store_full",
    "READONLY": "store_read_only",
    "MISCONF": "store_read_only",
    "NOREPLICAS": "store_read_only",
    "CLUSTERDOWN": "store_unavailable",
    "MASTERDOWN": "store_unavailable",
    "TRYAGAIN": "store_unavailable",
    "LOADING": "store_unavailable",
    "BUSY": "store_unavailable",
}

_SCRIPT_ERROR = re.compile(r"-([A-Z]+) ")
_PIPELINE_ERROR = re.compile(r"^Command # \d+ \(.*\) of pipeline caused error: (.*)$", re.DOTALL)

MESSAGES = {
    code: ERRORS[code].meaning
    for code in ("store_full", "store_read_only", "store_unavailable", "outcome_unknown")
}
"""The human message of each refusal, from the one registry of codes."""


class StoreRefused(Exception):
    """Redis could not serve the request; `code` says why, and nothing was changed unless
    `code` is `outcome_unknown`."""

    def __init__(self, code: str, cause: str):
        super().__init__(MESSAGES[code])
        self.code = code
        self.message = MESSAGES[code]
        self.cause = cause


def refusal_code(error: BaseException) -> str | None:
    """The stable code of a Redis failure, None when `error` is not one. A refusal is
    known by what Redis said, however redis-py or the store wrapped it: a pipeline's or a
    transaction's command ("Command # 2 (EXPIRE …) of pipeline caused error: NOREPLICAS
    …"), a script's call, an exception raised from one (`raise … from`; not one merely
    raised while handling one: that may be a bug of ours)."""
    return _refusal(error)[0]


def _refusal(error: BaseException) -> tuple[str | None, BaseException]:
    """The code of a Redis failure and the error (`error` or one it was raised from) that
    says it."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        code = _own_code(cause)
        if code is not None:
            return code, cause
        cause = cause.__cause__
    return None, error


def _own_code(error: BaseException) -> str | None:
    if isinstance(error, redis.exceptions.ResponseError):
        word = _reply_word(error)
        if word in CODE_BY_PREFIX:
            return CODE_BY_PREFIX[word]
    # redis-py strips the prefix of the replies it maps to a class of its own.
    if isinstance(error, redis.exceptions.OutOfMemoryError):
        return "store_full"
    if isinstance(error, redis.exceptions.ReadOnlyError):
        return "store_read_only"
    if isinstance(
        error,
        redis.exceptions.ClusterDownError
        | redis.exceptions.TryAgainError
        | redis.exceptions.BusyLoadingError,
    ):
        return "store_unavailable"
    if isinstance(error, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)):
        return "store_unavailable"
    if isinstance(error, redis.exceptions.RedisClusterException | OSError):
        return "store_unavailable"
    return None


def _reply_word(error: redis.exceptions.ResponseError) -> str:
    """The error reply's first word: redis-py keeps it as `status_code` (also when a
    pipeline rewrites the message), else it still starts the message; for an error raised
    inside a Lua script by Redis 6, the word of the inner error ("Error running script …:
    @user_script:9: -OOM command not allowed…")."""
    status = getattr(error, "status_code", None)
    if status and status != "ERR":  # a script's error comes as ERR, its word inside
        return str(status)
    message = str(error)
    wrapped = _PIPELINE_ERROR.match(message)
    if wrapped:
        message = wrapped.group(1)
    inner = _SCRIPT_ERROR.search(message)
    if message.startswith("Error running script") and inner:
        return inner.group(1)
    return message.split(" ", 1)[0].upper()


def _nothing_was_sent(error: BaseException) -> bool:
    """True when the connection failed before the command left (redis-py says "connecting")."""
    return "connecting to" in str(error) or isinstance(error, ConnectionRefusedError)


def write_refusal_code(error: BaseException) -> str | None:
    """Like `refusal_code`, for a write: a timeout or a dropped connection after the command
    was sent leaves its outcome unknown."""
    code, error = _refusal(error)
    if isinstance(error, redis.exceptions.AuthenticationError):
        return code  # refused while connecting: the command was never sent
    if isinstance(error, redis.exceptions.BusyLoadingError):
        return code  # Redis's own answer (LOADING): it ran nothing
    if (
        code == "store_unavailable"
        and isinstance(error, redis.exceptions.ConnectionError | redis.exceptions.TimeoutError)
        and not _nothing_was_sent(error)
    ):
        return "outcome_unknown"
    return code


@contextmanager
def classified(*, write: bool = False) -> Iterator[None]:
    """Turn Redis failures inside the block into `StoreRefused` (others pass through)."""
    try:
        yield
    except StoreRefused:
        raise
    except Exception as error:
        code = write_refusal_code(error) if write else refusal_code(error)
        if code is None:
            raise
        raise StoreRefused(code, type(error).__name__) from error


def write_probe(redis: Any, key: str) -> str | None:
    """Write one small expiring key: None when Redis takes writes, else the refusal's code
    (a PING alone passes while Redis refuses every write: full, read-only, MISCONF)."""
    try:
        redis.set(key, "1", ex=10)
    except Exception as error:
        code = refusal_code(error)
        if code is None:
            raise
        return code
    return None
