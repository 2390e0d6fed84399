"""Rate limits and quotas, counted in the app's own Redis (so they hold across replicas):
per client address and per bearer token, with separate budgets for creating, moving and
reading, and a cap on what one address may keep stored. A breach is a 429 with
`Retry-After` and the usual error body, code `rate_limited`.

The `limits` library gives the notation ("30/minute; 1000/day"), the fixed windows and the
Redis counter (its increment-and-expire script); this module only chooses a request's
counters and sends them all to Redis in one pipeline: one round trip per request however
many limits apply (a Cluster pipeline sends one per node holding a counter), and on the
routes that read a game (view, legal moves, move) the same round trip as that read (see
`cardtable.store.riders`): a refused request is refused before the store goes on.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import redis.exceptions
from flask import Flask, Request, Response, g, request
from limits import RateLimitItem, parse_many
from limits.storage import RedisStorage
from werkzeug.middleware.proxy_fix import ProxyFix

from cardtable.api.errors import error_response
from cardtable.config import Settings
from cardtable.monitoring import record_redis_error
from cardtable.store import riders

log = logging.getLogger("cardtable.api.limits")

LIMITED_BLUEPRINTS = frozenset({"games", "scoresheets"})
RIDING_ENDPOINTS = frozenset({"games.GameView", "games.LegalMoves", "games.Moves"})
"""Routes whose first store command is a game's read: their counters ride in its pipeline
(one round trip for both, see `cardtable.store.riders`)."""
CREATION_PATHS = frozenset({"/games", "/scoresheets"})

# What a failed count raises: any Redis error, a Cluster without a reachable node or slot
# owner (not a RedisError), a socket error.
COUNTING_FAILED = (
    redis.exceptions.RedisError,
    redis.exceptions.RedisClusterException,
    OSError,
)

Hit = tuple[RateLimitItem, str]
"""A limit and the Redis key of the counter it draws on for this request."""


class RateLimited(Exception):
    """A request over one of its budgets: `limit` is the one breached."""

    def __init__(self, limit: RateLimitItem, wait_seconds: int):
        super().__init__(str(limit))
        self.limit = limit
        self.wait_seconds = wait_seconds


def category(req: Request) -> str:
    """Which budget a request draws on: `create`, `move` or `read`."""
    method = req.method
    if method in {"GET", "HEAD"}:
        return "read"
    rule = req.url_rule.rule if req.url_rule is not None else ""
    return "create" if method == "POST" and rule in CREATION_PATHS else "move"


def client_address(req: Request) -> str:
    """The client's address; X-Forwarded-For counts only through `trusted_proxies`."""
    return f"addr:{req.remote_addr or 'unknown'}"


def token_key(token: str) -> str:
    """A bearer token's SHA-256 prefix: the token itself is never stored nor logged."""
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Budgets:
    """The limits of each kind of request, parsed once at start-up (a typo in a setting
    fails then, not on the first request)."""

    by_address: dict[str, tuple[RateLimitItem, ...]]
    """`create`, `move`, `read`: what one client address may send."""
    by_token: dict[str, tuple[RateLimitItem, ...]]
    """The same kinds, for what one bearer token may send, whatever the address."""

    @classmethod
    def from_settings(cls, settings: Settings) -> Budgets:
        quota = f"{settings.stored_per_client} per {settings.game_ttl_seconds} second"
        seat_move, seat_read = settings.rate_limit_seat_moves, settings.rate_limit_seat_reads
        by_address = {
            "create": f"{settings.rate_limit_create}; {quota}",
            "move": settings.rate_limit_moves,
            "read": settings.rate_limit_reads,
        }
        by_token = {"create": seat_move, "move": seat_move, "read": seat_read}
        return cls(_parsed(by_address), _parsed(by_token))

    def hits(self, prefix: str, kind: str, address: str, token: str | None) -> list[Hit]:
        """The counters a request of `kind` draws on, shortest window first: the order in
        which they are judged (a refusal must not use up a longer budget, such as the
        stored-games quota)."""
        hits = [(item, prefix + item.key_for(address, kind)) for item in self.by_address[kind]]
        if token:
            # Its own scope per kind ("seat-create" too), as the budgets have always been.
            scope = "seat-" + kind
            hits += [(item, prefix + item.key_for(token, scope)) for item in self.by_token[kind]]
        hits.sort(key=lambda hit: hit[0].get_expiry())
        return hits


def _parsed(texts: dict[str, str]) -> dict[str, tuple[RateLimitItem, ...]]:
    return {kind: tuple(parse_many(text)) for kind, text in texts.items()}


class Counters:
    """Fixed-window counters in Redis, counted by the `limits` library's own script
    (increment, and start the window's expiry on the first hit), several per round trip:
    a request's counters ride as a `riders.Rider`, alone or with the store's read.

    The script goes as a plain EVAL command: a Cluster pipeline refuses EVALSHA (and its
    `eval` method), and Redis keeps the compiled script by its hash anyway (no NOSCRIPT
    after a restart either)."""

    SCRIPT = RedisStorage.SCRIPT_INCR_EXPIRE

    def __init__(self, client: Any):
        self.client = client

    def rider(self, hits: Sequence[Hit]) -> riders.Rider:
        """The request's counters, each incremented (a new one expires with its window),
        then judged: `RateLimited` if one is over its budget."""
        return riders.Rider(
            queue=functools.partial(self._queue, hits),
            settle=functools.partial(self._judge, hits),
            failed=_not_counted,
        )

    def _queue(self, hits: Sequence[Hit], pipe: Any) -> None:
        for item, key in hits:
            pipe.execute_command("EVAL", self.SCRIPT, 1, key, item.get_expiry(), 1)

    def _judge(self, hits: Sequence[Hit], replies: list[Any]) -> None:
        failure = next((reply for reply in replies if isinstance(reply, Exception)), None)
        if failure is not None:
            _not_counted(failure)
            return
        values = [int(value) for value in replies]
        breached = next((i for i, v in enumerate(values) if v > hits[i][0].amount), None)
        if breached is None:
            return
        try:
            wait = self.refuse(hits[breached], hits[breached + 1 :])
        except COUNTING_FAILED as error:
            _not_counted(error)
            return
        log.info("rate limit %s exceeded by %s", hits[breached][0], hits[breached][1])
        raise RateLimited(hits[breached][0], wait)

    def refuse(self, breached: Hit, unjudged: Sequence[Hit]) -> int:
        """After a breach: take back the hits on the counters judged after it (they were
        counted in the same pipeline but must not be spent), and return the seconds
        until the breached window ends."""
        pipe = self.client.pipeline(transaction=False)
        for item, key in unjudged:
            # The same script with -1: a counter that expired meanwhile restarts at -1
            # with its window's expiry (never a counter without one).
            pipe.execute_command("EVAL", self.SCRIPT, 1, key, item.get_expiry(), -1)
        pipe.ttl(breached[1])
        *_, ttl = pipe.execute()
        return max(1, int(ttl))


def _not_counted(error: Exception) -> None:
    """Redis down: the store answers 503 itself; the limits must not add 500s."""
    if not isinstance(error, COUNTING_FAILED):
        raise error
    log.warning("rate limits not checked: redis %s", type(error).__name__)
    record_redis_error(error)


def install_limits(app: Flask, settings: Settings, client: Any) -> None:
    """Trust the configured proxies, then limit the game and sheet routes, counting in
    the Redis (or Cluster, or Sentinel-managed master) that `client` speaks to."""
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=settings.trusted_proxies, x_proto=settings.trusted_proxies
        )
    if not settings.rate_limits_enabled:
        return
    app.before_request(_limiter(Budgets.from_settings(settings), Counters(client), settings))
    for endpoint in RIDING_ENDPOINTS:
        app.view_functions[endpoint] = _riding(app.view_functions[endpoint], client)
    app.register_error_handler(RateLimited, _rate_limited)


def _limiter(budgets: Budgets, counters: Counters, settings: Settings) -> Callable[[], None]:
    prefix = f"{settings.key_prefix}:limits:"

    # The counters of a kind, address and token: the same few for a client's every request
    # (bounded: a client's address and token hash are no secret, the counters hold them too).
    @functools.lru_cache(maxsize=4096)
    def hits_for(kind: str, address: str, token: str) -> tuple[Hit, ...]:
        return tuple(budgets.hits(prefix, kind, address, token))

    def check_limits() -> None:
        req = request._get_current_object()  # type: ignore[attr-defined]  # one proxy lookup
        if req.blueprint not in LIMITED_BLUEPRINTS or req.method == "OPTIONS":
            return
        # Any non-empty credential counts as a token here, valid or not: guessing tokens
        # draws on the address budget and on the guessed token's.
        token = req.headers.get("Authorization", "").partition(" ")[2].strip()
        hits = hits_for(category(req), client_address(req), token and token_key(token))
        rider = counters.rider(hits)
        # A read or a JSON body passes the later before-request checks (only a POST's
        # content type can fail there): such a request of a riding route is judged in its
        # view, with the store's first command; any other now.
        if req.endpoint in RIDING_ENDPOINTS and (req.method == "GET" or req.is_json):
            g.limits_rider = rider
        else:
            riders.send_alone(counters.client, rider)

    return check_limits


def _riding(view: Callable[..., Any], client: Any) -> Callable[..., Any]:
    """The view, with the request's counters riding in its first store command (judged
    before the view goes on; judged on the way out if it never reached the store)."""

    @functools.wraps(view)
    def riding_view(**kwargs: Any) -> Any:
        rider = g.pop("limits_rider", None)
        if rider is None:
            return view(**kwargs)
        with riders.riding(client, rider):
            return view(**kwargs)

    return riding_view


def _rate_limited(error: RateLimited) -> Response:
    wait = max(1, math.ceil(error.wait_seconds))
    response = error_response(
        429,
        "rate_limited",
        f"too many requests: the limit is {error.limit}; retry in {wait} s",
        {"limit": str(error.limit), "retry_after": wait},
    )
    response.headers["Retry-After"] = str(wait)
    return response
