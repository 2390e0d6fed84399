"""Rate limits and quotas (Flask-Limiter over the app's own Redis, so they hold across
replicas): per client address and per bearer token, with separate budgets for creating,
moving and reading, and a cap on what one address may keep stored. A breach is a 429 with
`Retry-After` and the usual error body, code `rate_limited`."""

from __future__ import annotations

import hashlib
import math
import time
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

from flask import Blueprint, Flask, Response, request
from flask_limiter import Limiter, RateLimitExceeded
from limits import parse_many
from werkzeug.middleware.proxy_fix import ProxyFix

from cardtable.api.errors import error_response
from cardtable.config import Settings

LIMITED_BLUEPRINTS = ("games", "scoresheets")
CREATION_PATHS = {"/games", "/scoresheets"}


def category() -> str:
    """Which budget a request draws on: `create`, `move` or `read`."""
    if request.method in {"GET", "HEAD"}:
        return "read"
    rule = request.url_rule.rule if request.url_rule is not None else ""
    return "create" if request.method == "POST" and rule in CREATION_PATHS else "move"


def client_address() -> str:
    """The client's address; X-Forwarded-For counts only through `trusted_proxies`."""
    return f"addr:{request.remote_addr or 'unknown'}"


def token_key() -> str:
    """A bearer token's SHA-256 prefix: the token itself is never stored nor logged."""
    token = request.headers.get("Authorization", "").partition(" ")[2].strip()
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


def _without_token() -> bool:
    return not request.headers.get("Authorization", "").partition(" ")[2].strip()


def storage_uri(settings: Settings) -> str:
    """The limits storage URI for the app's Redis (`redis+cluster://` for a Cluster)."""
    url = settings.redis_url
    if not url:  # an app built offline (to write openapi.yaml) serves nobody
        return "memory://"
    if not settings.redis_cluster:
        return url
    parts = urlsplit(url)
    return urlunsplit(("redis+cluster", parts.netloc, "", "", ""))


def _budgets(settings: Settings) -> dict[str, str]:
    quota = f"{settings.stored_per_client} per {settings.game_ttl_seconds} second"
    budgets = {
        "create": f"{settings.rate_limit_create}; {quota}",
        "move": settings.rate_limit_moves,
        "read": settings.rate_limit_reads,
        "seat-move": settings.rate_limit_seat_moves,
        "seat-read": settings.rate_limit_seat_reads,
    }
    for text in budgets.values():
        parse_many(text)  # a typo in a setting fails at start-up, not on the first request
    return budgets


def install_limits(app: Flask, settings: Settings) -> Limiter | None:
    """Trust the configured proxies, then limit the game and sheet routes."""
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=settings.trusted_proxies, x_proto=settings.trusted_proxies
        )
    if not settings.rate_limits_enabled:
        return None
    budgets = _budgets(settings)
    options: dict[str, Any] = {
        "socket_timeout": settings.redis_timeout_seconds,
        "socket_connect_timeout": settings.redis_timeout_seconds,
    }
    if settings.redis_password:
        options["password"] = settings.redis_password
    limiter = Limiter(
        client_address,
        app=app,
        storage_uri=storage_uri(settings),
        storage_options=options,
        strategy="fixed-window",
        key_prefix=f"{settings.key_prefix}:limits",
        # Redis down: the store answers 503 itself; the limits must not add 500s.
        swallow_errors=True,
        headers_enabled=False,
    )
    limiter.request_filter(lambda: request.method == "OPTIONS")
    by_address = limiter.shared_limit(lambda: budgets[category()], scope=lambda _: category())
    by_token = limiter.shared_limit(
        lambda: budgets["seat-read" if category() == "read" else "seat-move"],
        scope=lambda _: "seat-" + category(),
        key_func=token_key,
        exempt_when=_without_token,
    )
    for name in LIMITED_BLUEPRINTS:
        blueprint = cast(Blueprint, app.blueprints[name])
        by_address(blueprint)
        by_token(blueprint)
    _register_breach_answer(app, limiter)
    return limiter


def _register_breach_answer(app: Flask, limiter: Limiter) -> None:
    @app.errorhandler(RateLimitExceeded)
    def _rate_limited(error: RateLimitExceeded) -> Response:
        current = limiter.current_limit
        wait = max(1, math.ceil(current.reset_at - time.time())) if current else 1
        response = error_response(
            429,
            "rate_limited",
            f"too many requests: the limit is {error.description}; retry in {wait} s",
            {"limit": error.description, "retry_after": wait},
        )
        response.headers["Retry-After"] = str(wait)
        return response
