"""Structured logs: one JSON shape for gunicorn, access and app lines, each with a request id.

Every request gets an id (the caller's `X-Request-ID` when it is a plain token, else a new
one), returned in the `X-Request-ID` header and in error bodies, and attached to every log
line written while the request runs. The access line carries the route pattern, status,
latency and game id; never headers, bodies or query strings, so no token or card is logged.
Probes and /metrics are not logged unless CARDTABLE_LOG_PROBES is on.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import time
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask, Request, Response, request
from pythonjsonlogger.json import JsonFormatter as _JsonFormatter

from cardtable.config import Settings

REQUEST_ID_HEADER = "X-Request-ID"
# Ids we accept from callers: short, and nothing that could forge a log line or a header.
_VALID_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "cardtable_request_id", default=None
)
PROBE_PATHS = frozenset({"/livez", "/readyz", "/metrics"})

access_log = logging.getLogger("cardtable.access")


class JsonFormatter(_JsonFormatter):
    """python-json-logger with our field names: time, level, logger, message, then extras."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("rename_fields", {"levelname": "level", "name": "logger"})
        kwargs.setdefault("timestamp", "time")
        super().__init__("{levelname}{name}{message}", *args, style="{", **kwargs)


class RequestIdFilter(logging.Filter):
    """Adds the current request's id to every record written while it is served."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request_id = _REQUEST_ID.get()
            if request_id is not None:
                record.request_id = request_id
        return True


def logging_config(level: str) -> dict[str, Any]:
    """A dictConfig for gunicorn (`logconfig_dict`): every logger writes JSON to stdout."""
    text = str(Settings.read("log_format")).lower() == "text"
    formatter = (
        {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
        if text
        else {"()": "cardtable.logs.JsonFormatter"}
    )
    handler = {
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stdout",
        "formatter": "main",
        "filters": ["request_id"],
    }
    quiet = {"level": level.upper(), "handlers": ["stdout"], "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "filters": {"request_id": {"()": "cardtable.logs.RequestIdFilter"}},
        "handlers": {"stdout": handler},
        "root": {"level": level.upper(), "handlers": ["stdout"]},
        "loggers": {
            "gunicorn.error": quiet,
            # The app writes richer access lines itself (cardtable.access).
            "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False},
        },
    }


def request_id_of(environ: dict[str, Any]) -> str:
    """The request's id: the client's X-Request-ID if it is a valid one, else a new one."""
    given = environ.get("HTTP_X_REQUEST_ID", "")
    return given if _VALID_ID.fullmatch(given) else uuid.uuid4().hex


class RequestIdMiddleware:
    """WSGI middleware: sets the request id before anything else runs and adds the header."""

    def __init__(self, app: Callable[..., Iterable[bytes]]):
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        environ["cardtable.request_id"] = request_id = request_id_of(environ)
        environ["cardtable.started"] = time.perf_counter()
        token = _REQUEST_ID.set(request_id)

        def start(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            headers = [(k, v) for k, v in headers if k.lower() != "x-request-id"]
            headers.append((REQUEST_ID_HEADER, request_id))
            return start_response(status, headers, *args)

        try:
            return self.app(environ, start)
        finally:
            _REQUEST_ID.reset(token)


def _add_id_to_error(response: Response, request_id: str) -> None:
    """Error bodies name the request id, so a client can quote it in a report."""
    if response.status_code < 400 or response.mimetype != "application/json":
        return
    body = response.get_json(silent=True)
    if isinstance(body, dict) and "code" in body:
        body["request_id"] = request_id
        response.set_data(json.dumps(body, separators=(",", ":")))


def _log_access(current: Request, response: Response, request_id: str) -> None:
    """`current`: the request itself (not Flask's proxy, which costs a look-up per use)."""
    started = current.environ.get("cardtable.started")
    rule = current.url_rule.rule if current.url_rule is not None else "unmatched"
    method, status = current.method, response.status_code
    fields: dict[str, Any] = {
        "request_id": request_id,
        "method": method,
        "route": rule,
        "status": status,
        "duration_ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
        "client": current.remote_addr,
    }
    game_id = (current.view_args or {}).get("game_id")
    if game_id is not None:
        fields["game_id"] = game_id
    access_log.info("%s %s %s", method, rule, status, extra=fields)


def init_app(app: Flask) -> None:
    """Request ids, error-body ids and access lines for `app`."""
    log_probes = bool(Settings.read("log_probes"))
    log_access = bool(Settings.read("access_log"))
    app.wsgi_app = RequestIdMiddleware(app.wsgi_app)  # type: ignore[method-assign]

    @app.after_request
    def _finish(response: Response) -> Response:
        current = request._get_current_object()  # type: ignore[attr-defined]
        request_id = current.environ.get("cardtable.request_id") or uuid.uuid4().hex
        _add_id_to_error(response, request_id)
        if log_access and (log_probes or current.path not in PROBE_PATHS):
            _log_access(current, response, request_id)
        return response
