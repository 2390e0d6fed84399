"""503 answers for a store that refuses: one stable code per cause, always with Retry-After.

Registered after the generic handlers, so it decides for every Redis failure class.
"""

from __future__ import annotations

import logging

import redis.exceptions
from flask import Flask, Response

from cardtable.api.errors import RETRY_AFTER_SECONDS, error_response
from cardtable.monitoring import record_redis_error
from cardtable.store.errors import StoreRefused, refusal_code

log = logging.getLogger("cardtable.api")

# Every class redis-py may raise for a refusal; each is registered so that no more
# specific handler elsewhere can answer for it.
REDIS_ERRORS: tuple[type[Exception], ...] = (
    redis.exceptions.RedisError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    redis.exceptions.ClusterDownError,
    redis.exceptions.BusyLoadingError,
    redis.exceptions.OutOfMemoryError,
    redis.exceptions.ReadOnlyError,
    redis.exceptions.ResponseError,
)


def refused_response(code: str, message: str) -> Response:
    response = error_response(503, code, message)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def register_store_errors(app: Flask) -> None:
    @app.errorhandler(StoreRefused)
    def _refused(error: StoreRefused) -> Response:
        log.warning("store refused: %s (%s)", error.code, error.cause)
        # The operators' metric counts Redis errors by their class (the cause, if any).
        record_redis_error(error.__cause__ or error)
        return refused_response(error.code, error.message)

    def _redis_error(error: Exception) -> Response:
        code = refusal_code(error)
        if code is None:  # not a refusal: a bug of ours (e.g. a wrong command)
            log.exception("unexpected redis error")
            return error_response(500, "internal_error", "an internal error occurred")
        refused = StoreRefused(code, type(error).__name__)
        refused.__cause__ = error
        return _refused(refused)

    for cls in REDIS_ERRORS:
        app.register_error_handler(cls, _redis_error)
