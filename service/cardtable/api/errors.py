"""One JSON error shape for every failure, and the one place where engine, service and store
errors become HTTP statuses.

Body: {"code": "<stable machine-readable code>", "message": "<for humans>", "status": 4xx,
"details": {...}}. A 500 is always a bug; its message never echoes internals.
"""

from __future__ import annotations

import logging
from typing import Any

import redis.exceptions
from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from cardtable.engine import base as engine_errors
from cardtable.engine.registry import UnknownGame
from cardtable.games import (
    BotSeat,
    GameNotFinished,
    GameTooLong,
    InvalidPlayers,
    InvalidToken,
    ServiceError,
    StaleVersion,
    TokenRequired,
)
from cardtable.idempotency import IdempotencyKeyReused
from cardtable.scoresheets import (
    InvalidRound,
    NoRounds,
    RoundFieldError,
    SheetFinished,
    TooManyRounds,
    UnknownSeat,
)
from cardtable.store import NotFound, VersionConflict

log = logging.getLogger("cardtable.api")

RETRY_AFTER_SECONDS = 2

# Engine and service errors by class; the most specific class wins (checked in MRO order).
STATUS_BY_ERROR: dict[type[Exception], int] = {
    engine_errors.MalformedMove: 422,
    engine_errors.IllegalMove: 422,
    engine_errors.WrongPhase: 422,
    engine_errors.InvalidSeat: 422,
    engine_errors.NotYourTurn: 409,
    engine_errors.GameOver: 409,
    engine_errors.InvalidOptions: 422,
    engine_errors.InvalidPlayers: 422,
    engine_errors.InvalidRecord: 422,
    engine_errors.GameNotOver: 409,
    UnknownGame: 422,
    InvalidPlayers: 422,
    InvalidToken: 401,
    TokenRequired: 401,
    StaleVersion: 412,
    GameNotFinished: 409,
    BotSeat: 409,
    SheetFinished: 409,
    NoRounds: 409,
    TooManyRounds: 409,
    InvalidRound: 422,
    UnknownSeat: 422,
    RoundFieldError: 422,
    GameTooLong: 422,
    IdempotencyKeyReused: 422,
}

# Codes for plain HTTP errors raised by Flask/werkzeug or by `abort`.
CODE_BY_STATUS = {
    400: "bad_request",
    401: "invalid_token",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    412: "stale_version",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    428: "precondition_required",
    429: "too_many_requests",
    500: "internal_error",
    503: "store_unavailable",
}


class ApiError(Exception):
    """Raised by routes for errors that are HTTP-level only (e.g. a bad header)."""

    def __init__(self, status: int, code: str, message: str, **details: Any):
        super().__init__(message)
        self.status = status
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


def _status_for(error: Exception) -> int:
    for cls in type(error).__mro__:
        if cls in STATUS_BY_ERROR:
            return STATUS_BY_ERROR[cls]
    return 400


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(error: ApiError) -> Response:
        return error_response(error.status, error.code, error.message, error.details or None)

    @app.errorhandler(engine_errors.EngineError)
    def _engine_error(error: engine_errors.EngineError) -> Response:
        return error_response(_status_for(error), error.code, error.message)

    @app.errorhandler(ServiceError)
    def _service_error(error: ServiceError) -> Response:
        response = error_response(_status_for(error), error.code, error.message, error.details)
        if "current_version" in error.details:
            response.headers["ETag"] = f'"{error.details["current_version"]}"'
        return response

    @app.errorhandler(NotFound)
    def _not_found(error: NotFound) -> Response:
        return error_response(404, "not_found", str(error))

    @app.errorhandler(VersionConflict)
    def _conflict(error: VersionConflict) -> Response:
        response = error_response(
            409,
            "version_conflict",
            "another move was applied at the same time; read the game again and retry",
            {"current_version": error.current},
        )
        response.headers["ETag"] = f'"{error.current}"'
        return response

    @app.errorhandler(redis.exceptions.ConnectionError)
    @app.errorhandler(redis.exceptions.TimeoutError)
    @app.errorhandler(redis.exceptions.ClusterDownError)
    @app.errorhandler(redis.exceptions.BusyLoadingError)
    @app.errorhandler(redis.exceptions.OutOfMemoryError)  # maxmemory with noeviction
    def _store_down(error: Exception) -> Response:
        log.warning("redis unavailable: %s", type(error).__name__)
        response = error_response(
            503, "store_unavailable", "the game store is unreachable; retry shortly"
        )
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException) -> Response:
        status = error.code or 500
        code = CODE_BY_STATUS.get(status, "http_error")
        details: dict[str, Any] | None = None
        # flask-smorest puts marshmallow's field messages in error.data["messages"].
        data = getattr(error, "data", None)
        if isinstance(data, dict) and "messages" in data:
            details = {"fields": data["messages"]}
            message = _summarize_field_errors(data["messages"])
        else:
            message = error.description or "request failed"
        if status == 400 and "Invalid JSON" in f"{error.description} {data}":
            code = "invalid_json"
            message = "the request body is not valid JSON"
        response = error_response(status, code, message, details)
        if status == 405 and hasattr(error, "valid_methods") and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        log.exception("unhandled error")
        return error_response(500, "internal_error", "an internal error occurred")


REQUEST_LOCATIONS = {"json", "query", "headers", "path"}


def _summarize_field_errors(messages: Any) -> str:
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
