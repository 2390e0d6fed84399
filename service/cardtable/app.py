"""The app factory: settings → Redis → stores → services → flask-smorest API, wired once."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from flask import Flask, request
from flask.sessions import NullSession, SessionInterface, SessionMixin
from flask_cors import CORS
from flask_smorest import Api

from cardtable import logs, tracing
from cardtable.api import (
    catalog_routes,
    chat_routes,
    game_routes,
    metrics,
    ops_routes,
    rated_routes,
    scoresheet_routes,
    table_routes,
)
from cardtable.api.errors import ApiError, register_error_handlers
from cardtable.api.event_routes import register as register_events
from cardtable.api.limits import install_gate, install_limits
from cardtable.api.spec import CardtableApi, api_config, register_components, register_docs
from cardtable.api.strict_input import install_strict_input
from cardtable.api.web_routes import blp as web_blueprint
from cardtable.config import Settings
from cardtable.server import lifecycle, monitoring, ops_port
from cardtable.store import RedisClient, connect
from cardtable.wiring import Wiring

# Placeholder URL for building the app without a Redis server (e.g. to write openapi.yaml):
# redis-py connects lazily, so nothing is contacted until a request needs the store.
OFFLINE_REDIS_URL = "redis://127.0.0.1:1/0"
# How long a browser may reuse a CORS preflight answer (Chrome caps it at 2 hours).
CORS_MAX_AGE_SECONDS = 7200


class CardtableFlask(Flask):
    """Flask, asking once per function whether it is a coroutine: it asks on every call of
    every hook, view and decorator layer (a few dozen times a request), and none is."""

    MAX_REMEMBERED = 4096  # functions made anew per request would otherwise pile up

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._coroutine: dict[Any, bool] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        key = getattr(func, "__func__", func)  # a bound method is a new object per request
        known = self._coroutine.get(key)
        if known is None:
            known = inspect.iscoroutinefunction(func)
            if len(self._coroutine) < self.MAX_REMEMBERED:
                self._coroutine[key] = known
        return self.async_to_sync(func) if known else func


class NoSessions(SessionInterface):
    """No cookie sessions: the API's callers send bearer tokens. Flask would otherwise look
    for a signing key and make a new empty session on every request; one shared empty
    session (which refuses writes, as Flask's own does without a key) does the same."""

    NULL = NullSession()

    def open_session(self, app: Flask, request: Any) -> SessionMixin | None:
        return self.NULL

    def save_session(self, app: Flask, session: SessionMixin, response: Any) -> None:
        return None


def create_app(settings: Settings | None = None, redis_client: RedisClient | None = None) -> Flask:
    settings = settings or Settings.from_env()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    # `cardtable` is a namespace package (the engine is its own distribution): Flask
    # cannot find its root and instance folders by itself (the instance one stays unused).
    root = Path(__file__).parent
    app = CardtableFlask("cardtable", root_path=str(root), instance_path=str(root / "instance"))
    app.config.update(api_config(settings))
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.session_interface = NoSessions()
    # First, so its hooks run before the others' (a request a hook refuses is traced too) and the
    # WSGI layers added below (proxy headers, limits, the refusal gate) stay outside it.
    tracing.init_app(app, settings)
    if redis_client is None:
        redis_client = connect(
            settings.with_overrides(redis_url=settings.redis_url or OFFLINE_REDIS_URL)
        )
    app.extensions["cardtable"] = Wiring.build(settings, redis_client)
    api = CardtableApi(app)
    register_blueprints(api)
    register_events(api, app)  # GET /games/{id}/events: JSON, long-poll, Server-Sent Events
    app.register_blueprint(web_blueprint)  # the web table at /play/, outside the API spec
    register_error_handlers(app)
    install_strict_input(app)
    install_limits(app, settings, redis_client)
    register_docs(app)
    metrics.instrument(app)
    _allow_browsers(app, settings.cors_origins)
    app.before_request(_require_json_body)
    monitoring.init_app(app, redis_client, settings.key_prefix)
    _start_settle_sweep(app)
    ops_port.init_app(app)
    logs.init_app(app)
    install_gate(app, settings)  # in front of every other layer: a flood's refusals are cheap
    return app


def register_blueprints(api: Api) -> None:
    register_components(api)
    for module in (
        game_routes,
        table_routes,
        chat_routes,
        scoresheet_routes,
        catalog_routes,
        ops_routes,
    ):
        api.register_blueprint(module.blp)
    for blueprint in rated_routes.BLUEPRINTS:
        api.register_blueprint(blueprint)


def _start_settle_sweep(app: Flask) -> None:
    """The settle sweep (cardtable.rated.sweep) runs in server workers only, from their first
    request (not in tests or tools that build the app in-process)."""
    sweep = app.extensions["cardtable"].sweep

    @app.before_request
    def _start() -> None:
        if lifecycle.serving():
            sweep.start()


def _allow_browsers(app: Flask, origins: Sequence[str]) -> None:
    """CORS for the configured origins only (none: no CORS headers at all)."""
    if origins:
        CORS(
            app,
            origins=list(origins),
            expose_headers=["ETag", "Location", "Retry-After", "Idempotent-Replayed"],
            allow_headers=[
                "Authorization",
                "Content-Type",
                "If-Match",
                "If-None-Match",
                "Idempotency-Key",
                # An event stream read with fetch() resumes with it (an EventSource's
                # own reconnection sends it too, cross-origin included).
                "Last-Event-ID",
                "Accept",
                "Cache-Control",
            ],
            max_age=CORS_MAX_AGE_SECONDS,
        )


WRITES = frozenset({"POST", "PUT", "PATCH"})


def _require_json_body() -> None:
    # A POST without any body is fine for operations that take none (leave, rematch);
    # the others then refuse it by their schema (422). The method first: a read has no
    # body to look at, and the header parsing costs.
    current = request._get_current_object()  # type: ignore[attr-defined]  # one look-up
    if current.method not in WRITES:
        return
    sent = bool(current.content_length or current.mimetype)
    if sent and not current.is_json:
        raise ApiError("unsupported_media_type", "send the body as JSON (application/json)")
