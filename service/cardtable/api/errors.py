"""One JSON error shape for every failure, and the one place where every error handler is
registered: engine, service and store errors, Redis refusals and HTTP errors become the
statuses of the one registry of codes (cardtable.error_codes).

Body: {"code": "<stable machine-readable code>", "message": "<for humans>", "status": 4xx,
"details": {...}}. A 500 is always a bug; its message never echoes internals.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import redis.exceptions
from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from cardtable.error_codes import STATUS_BY_CODE, RetryLater
from cardtable.server.monitoring import record_redis_error
from cardtable.store import DocumentTooNew, NotFound, StoreError, VersionConflict
from cardtable.store.errors import StoreRefused, refusal_code
from cardtable_engine.base import EngineError
from cardtable_engine.host import ServiceError

log = logging.getLogger("cardtable.api")

RETRY_AFTER_SECONDS = 2

# The store's errors carry no code of their own (it knows nothing of clients); these do
# reach clients. Any other StoreError is a bug (500).
CODE_BY_STORE_ERROR: dict[type[StoreError], str] = {
    NotFound: "not_found",
    VersionConflict: "version_conflict",
    # A newer replica wrote it during a rolling update; once that is done, all read it.
    DocumentTooNew: "document_too_new",
}

# Codes for plain HTTP errors raised by Flask/werkzeug or by `abort`.
CODE_BY_STATUS = {status: code for code, status in reversed(STATUS_BY_CODE.items())}
CODE_BY_STATUS.update({400: "bad_request", 401: "invalid_token", 409: "conflict"})
CODE_BY_STATUS.update({412: "stale_version", 422: "validation_error"})


class ApiError(Exception):
    """Raised by routes for errors that are HTTP-level only (e.g. a bad header)."""

    def __init__(self, code: str, message: str, **details: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


def error_response(
    status: int, code: str, message: str, details: dict[str, Any] | None = None
) -> Response:
    body: dict[str, Any] = {"code": code, "message": message, "status": status}
    if details:
        body["details"] = details
    response = jsonify(body)
    response.status_code = status
    return response


def coded_response(code: str, message: str, details: dict[str, Any] | None = None) -> Response:
    """The error body for `code`, with its status from STATUS_BY_CODE (500 if unlisted)."""
    if code not in STATUS_BY_CODE:
        log.error("error code %r has no HTTP status; answering 500", code)
        return error_response(500, "internal_error", "an internal error occurred")
    response = error_response(STATUS_BY_CODE[code], code, message, details)
    if response.status_code == 503:
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    if details and "current_version" in details:
        response.headers["ETag"] = f'"{details["current_version"]}"'
    return response


# Every class redis-py may raise for a refusal; each is registered so that no more
# specific handler can answer for it.
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


def register_error_handlers(app: Flask) -> None:
    """Every failure answers with the one error body (the most specific handler wins)."""
    handlers: list[tuple[type[Exception], Callable[[Any], Response]]] = [
        (ApiError, _coded),
        (ServiceError, _coded),
        (EngineError, _coded),
        (StoreError, _store_error),
        (StoreRefused, _refused),
        (RetryLater, _retry_later),
        *((cls, _redis_error) for cls in REDIS_ERRORS),
        (HTTPException, _http_error),
        (Exception, _unexpected),
    ]
    for cls, handler in handlers:
        app.register_error_handler(cls, handler)


def _retry_later(error: RetryLater) -> Response:
    """Rate limits, stream caps, a busy feed: the status of its code and its own wait."""
    response = coded_response(error.code, str(error), error.details())
    response.headers["Retry-After"] = str(error.retry_after)
    return response


def _coded(error: ApiError | ServiceError | EngineError) -> Response:
    return coded_response(error.code, error.message, getattr(error, "details", None) or None)


def _store_error(error: StoreError) -> Response:
    code = CODE_BY_STORE_ERROR.get(type(error))
    if code is None:
        return _unexpected(error)
    if isinstance(error, VersionConflict):
        message = "someone else changed it at the same time; read it again and retry"
        return coded_response(code, message, {"current_version": error.current})
    return coded_response(code, str(error))


def refused_response(code: str, message: str) -> Response:
    """A 503 of the store, with Retry-After."""
    response = error_response(503, code, message)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _refused(error: StoreRefused) -> Response:
    log.warning("store refused: %s (%s)", error.code, error.cause)
    # The operators' metric counts Redis errors by their class (the cause, if any).
    record_redis_error(error.__cause__ or error)
    return refused_response(error.code, error.message)


def _redis_error(error: Exception) -> Response:
    """A Redis failure no store method classified: a refusal by its stable code, else a
    bug of ours (e.g. a wrong command)."""
    code = refusal_code(error)
    if code is None:
        log.exception("unexpected redis error")
        return error_response(500, "internal_error", "an internal error occurred")
    refused = StoreRefused(code, type(error).__name__)
    refused.__cause__ = error
    return _refused(refused)


def _http_error(error: HTTPException) -> Response:
    """Flask's, werkzeug's and flask-smorest's own errors, in our body."""
    status = error.code or 500
    code = CODE_BY_STATUS.get(status, "http_error")
    details: dict[str, Any] | None = None
    # flask-smorest puts marshmallow's field messages in error.data["messages"].
    data = getattr(error, "data", None)
    if isinstance(data, dict) and "messages" in data:
        details = {"fields": data["messages"]}
        message = summarize_field_errors(data["messages"])
    else:
        message = error.description or "request failed"
    if status == 400 and "Invalid JSON" in f"{error.description} {data}":
        code = "invalid_json"
        message = "the request body is not valid JSON"
    response = error_response(status, code, message, details)
    if status == 405 and hasattr(error, "valid_methods") and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def _unexpected(error: Exception) -> Response:
    log.error("unhandled error", exc_info=error)
    return error_response(500, "internal_error", "an internal error occurred")


REQUEST_LOCATIONS = {"json", "query", "headers", "path"}


def summarize_field_errors(messages: Any) -> str:
    """A one-line human summary of marshmallow's nested field messages."""
    parts: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                name = str(key)
                child = path if name in REQUEST_LOCATIONS else (f"{path}.{name}" if path else name)
                walk(value, child)
        elif isinstance(node, list) and all(isinstance(item, str) for item in node):
            parts.append(f"{path or 'body'}: {' '.join(node)}")
        elif isinstance(node, list):
            for item in node:
                walk(item, path)
        else:
            parts.append(f"{path or 'body'}: {node}")

    walk(messages, "")
    return "invalid request: " + "; ".join(parts) if parts else "invalid request"
