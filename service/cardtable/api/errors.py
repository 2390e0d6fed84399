"""One JSON error shape for every failure, and the one place where engine, service and store
errors become HTTP statuses.

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

from cardtable.common import ServiceError
from cardtable.engine.base import EngineError
from cardtable.monitoring import record_redis_error
from cardtable.store import DocumentTooNew, NotFound, StoreError, VersionConflict

log = logging.getLogger("cardtable.api")

RETRY_AFTER_SECONDS = 2

# Every error code any layer raises, with its HTTP status. A test collects the codes of
# every engine, service and store error class and checks that each one is listed here;
# a code missing at run time answers 500 (a bug), never a silent 400.
STATUS_BY_CODE: dict[str, int] = {
    # requests the server cannot read
    "bad_request": 400,
    # answered by the server itself before the app sees the request (cardtable.worker)
    "forbidden": 403,
    "uri_too_long": 414,
    "expectation_failed": 417,
    "headers_too_large": 431,
    "not_implemented": 501,
    "invalid_json": 400,
    "invalid_header": 400,
    "engine_error": 400,
    "invalid_state": 400,
    # who is asking
    "token_required": 401,
    "invalid_token": 401,
    "invalid_invite": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "not_acceptable": 406,
    # the game or sheet is not in a state for this
    "conflict": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "game_not_over": 409,
    "bot_seat": 409,
    "version_conflict": 409,
    "no_open_seat": 409,
    "game_not_started": 409,
    "already_started": 409,
    "already_left": 409,
    "sheet_finished": 409,
    "no_rounds": 409,
    "too_many_rounds": 409,
    "stale_version": 412,
    "payload_too_large": 413,
    "unsupported_media_type": 415,
    # well formed but not acceptable
    "validation_error": 422,
    "malformed_move": 422,
    "illegal_move": 422,
    "wrong_phase": 422,
    "invalid_seat": 422,
    "invalid_options": 422,
    "invalid_players": 422,
    "invalid_record": 422,
    "unknown_game": 422,
    "invalid_round": 422,
    "idempotency_key_reused": 422,
    "invalid_name": 422,
    "invalid_table_settings": 422,
    "precondition_required": 428,
    "too_many_requests": 429,
    "rate_limited": 429,
    "internal_error": 500,
    "store_unavailable": 503,
    "store_full": 503,
    "store_read_only": 503,
    "outcome_unknown": 503,
    "too_many_waiting": 503,
    "too_many_streams": 429,
    "document_too_new": 503,
}

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


STORE_DOWN = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    redis.exceptions.ClusterDownError,
    redis.exceptions.BusyLoadingError,
    redis.exceptions.OutOfMemoryError,  # maxmemory with noeviction
)


def register_error_handlers(app: Flask) -> None:
    """Every failure answers with the one error body (the most specific handler wins)."""
    handlers: list[tuple[type[Exception], Callable[[Any], Response]]] = [
        (ApiError, _coded),
        (ServiceError, _coded),
        (EngineError, _coded),
        (StoreError, _store_error),
        *((cls, _store_down) for cls in STORE_DOWN),
        (HTTPException, _http_error),
        (Exception, _unexpected),
    ]
    for cls, handler in handlers:
        app.register_error_handler(cls, handler)


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


def _store_down(error: Exception) -> Response:
    log.warning("redis unavailable: %s", type(error).__name__)
    record_redis_error(error)
    response = error_response(
        503, "store_unavailable", "the game store is unreachable; retry shortly"
    )
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


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
