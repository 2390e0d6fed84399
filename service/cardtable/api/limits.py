"""Rate limits and quotas, counted in the app's own Redis (so they hold across replicas):
every route but the liveness probe draws on a budget of its kind, per client address (IPv6
grouped by a prefix, /64 by default; every loopback address is one client) and per bearer
token. A breach is a 429 with `Retry-After` and the usual error body, code `rate_limited`.
docs/limits.md lists the budgets and how to tune them.

Budgets are token buckets (GCRA: one Redis key a budget holding its theoretical arrival
time): "600/minute" lets a client send 600 at once, then one every 100 ms, so a burst is
slowed to the budget's rate rather than stalled until a window ends; a refusal takes
nothing and says exactly when the next request fits. The `limits` library gives the
notation ("30/minute; 1000/day"); the buckets themselves, in Redis, are
`cardtable.store.buckets`'.

A request is judged before any work, in a WSGI middleware in front of Flask: its route's
kind, address and token give its buckets; a busy client's are taken from this process's
leases of them, and otherwise sent to Redis in one script run; on the routes
that read a game first (view, legal moves, move) they ride in that read's round trip
instead, refused before the store goes on: the route takes the request's rider
(`request_rider`) and hands it to the service call whose first store command is that
read (`rider=`, see `cardtable.store.riders`); a rider no read took is sent alone when the
route returns. A client refused
once is refused again without Redis until its wait ends (`PenaltyBox`): a flood of refused
requests costs each little more than its HTTP parsing.
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import json
import logging
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from flask import Flask, request
from limits import parse_many
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_list_header
from werkzeug.middleware.proxy_fix import ProxyFix

from cardtable.api.errors import RETRY_AFTER_SECONDS
from cardtable.config import Settings
from cardtable.logs import REQUEST_ID_HEADER, request_id_of
from cardtable.server.monitoring import RATE_LIMITED, record_redis_error
from cardtable.store import riders
from cardtable.store.buckets import Counters, Hit, Limit, RateLimited, refusal_body, retry_after
from cardtable.store.errors import StoreRefused, refusal_code

log = logging.getLogger("cardtable.api.limits")

KINDS = ("create", "move", "read", "table", "ops", "players", "queue", "chat", "analysis")
"""The budgets a request may draw on (`kind_of`)."""
EXEMPT_ENDPOINTS = frozenset({"operations.Liveness"})
"""Routes without a budget: /livez answers a constant (no store, no input), cheaper than
counting it would be, and a liveness probe refused would restart a healthy pod."""
OPS_ENDPOINTS = frozenset({"operations.Readiness", "operations.Metrics"})
CREATION_ENDPOINTS = frozenset({"games.Games", "scoresheets.Scoresheets"})
TABLE_BLUEPRINT = "tables."
RATED_ENDPOINTS = {"players.Players": "players", "queue.QueueTickets": "queue"}
"""Creating a rated player and queueing: budgets of their own (docs/limits.md), so that one
address cannot flood the names or the queue."""
OWN_BUDGET_ENDPOINTS = {**RATED_ENDPOINTS, "chat.Chat": "chat"}
"""POSTs with a budget of their own: the rated ones, and a table's chat (talk must not eat
the moves' budget, nor flood a table at the moves' rate)."""
ANALYSIS_ENDPOINTS = frozenset({"games.Hints", "games.Review"})
"""Hints and reviews run the estimator (CPU-expensive): a budget of their own."""
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
RIDING_ENDPOINTS = frozenset({"games.GameView", "games.LegalMoves", "games.Moves"})
"""Routes whose first store command is a game's read: their counters ride in its round
trip (see `cardtable.store.riders`); each hands `request_rider()` to that read, and
tests/api/test_rate_limits.py checks that every way through them does."""
RIDER_KEY = "cardtable.limits_rider"
LIMITS_EXTENSION = "cardtable.limits"
MAX_REMEMBERED_PATH = 160
LOOPBACK = "addr:loopback"


def kind_of(endpoint: str | None, method: str) -> str | None:
    """The budget a request to `endpoint` (None: no route matched) draws on; None for the
    exempt routes."""
    if endpoint in EXEMPT_ENDPOINTS:
        return None
    if endpoint in OPS_ENDPOINTS:
        return "ops"
    if endpoint in ANALYSIS_ENDPOINTS:
        return "analysis"
    if method in READ_METHODS:
        return "read"
    if method == "POST" and endpoint in OWN_BUDGET_ENDPOINTS:
        return OWN_BUDGET_ENDPOINTS[endpoint]
    if endpoint is not None and endpoint.startswith(TABLE_BLUEPRINT):
        return "table"
    if method == "POST" and endpoint in CREATION_ENDPOINTS:
        return "create"
    return "move"


@functools.lru_cache(maxsize=16384)
def address_key(remote: str | None, ipv6_prefix: int = 64) -> str:
    """The counter name of a client address: IPv6 grouped by its first `ipv6_prefix` bits
    (one host is usually given a /64), IPv4-mapped IPv6 as IPv4, every loopback address
    (127.0.0.0/8, ::1) as one client."""
    if not remote:
        return "addr:unknown"
    try:
        address = ipaddress.ip_address(remote.partition("%")[0])  # without a zone id
    except ValueError:
        return "addr:" + remote[:64]
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if address.is_loopback:
        return LOOPBACK
    if isinstance(address, ipaddress.IPv6Address):
        network = ipaddress.IPv6Network((address, ipv6_prefix), strict=False)
        return f"addr:{network}"
    return f"addr:{address}"


def token_key(token: str) -> str:
    """A bearer token's SHA-256 prefix: the token itself is never stored nor logged."""
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


def _parsed(text: str) -> tuple[Limit, ...]:
    return tuple(
        Limit(item.amount, item.get_expiry(), f"{item.amount}/{item.get_expiry()}s")
        for item in parse_many(text)
    )


@dataclass(frozen=True)
class Budgets:
    """The limits of each kind of request, parsed once at start-up (a typo in a setting
    fails then, not on the first request)."""

    by_address: dict[str, tuple[Limit, ...]]
    """What one client address (or IPv6 network) may send, by kind."""
    by_token: dict[str, tuple[Limit, ...]]
    """The same kinds, for what one bearer token may send, whatever the address."""

    @classmethod
    def from_settings(cls, settings: Settings) -> Budgets:
        quota = f"{settings.stored_per_client} per {settings.game_ttl_seconds} second"
        seat_move, seat_read = settings.rate_limit_seat_moves, settings.rate_limit_seat_reads
        by_address = {
            "create": f"{settings.rate_limit_create}; {quota}",
            "move": settings.rate_limit_moves,
            "read": settings.rate_limit_reads,
            "table": settings.rate_limit_tables,
            "ops": settings.rate_limit_ops,
            "players": settings.rate_limit_players,
            "queue": settings.rate_limit_queue,
            "chat": settings.rate_limit_chat,
            "analysis": settings.rate_limit_analysis,
        }
        by_token = {
            "create": seat_move,
            "move": seat_move,
            "read": seat_read,
            "table": seat_move,
            "queue": seat_move,
            "chat": settings.rate_limit_seat_chat,
            "analysis": settings.rate_limit_analysis,
        }
        return cls(
            {kind: _parsed(text) for kind, text in by_address.items()},
            {kind: _parsed(text) for kind, text in by_token.items()},
        )

    def hits(self, prefix: str, kind: str, address: str, token: str | None) -> list[Hit]:
        """The buckets a request of `kind` draws on."""
        hits = [(limit, _key(prefix, kind, limit, address)) for limit in self.by_address[kind]]
        if token and kind in self.by_token:
            # Its own scope per kind ("seat-create" too), as the budgets have always been.
            scope = "seat-" + kind
            hits += [(limit, _key(prefix, scope, limit, token)) for limit in self.by_token[kind]]
        return hits


def _key(prefix: str, scope: str, limit: Limit, who: str) -> str:
    return f"{prefix}{scope}:{limit.amount}/{limit.period}:{who}"


TAKES_NO_WRITES = frozenset({"store_full", "store_read_only"})
"""Refusals of a Redis that answers but stores nothing (full, read-only, short of replicas):
the store's degraded mode, where games are read and nothing is written (docs/limits.md)."""


def _not_counted(error: Exception, must_count: bool) -> None:
    """Redis could not count a request's budgets. A Redis that answers but takes no writes
    lets the request pass (the degraded mode: its reads are served, its writes refused by
    the store), and so do the operators' routes (readiness says itself what Redis does)
    and work charged after the answer; otherwise (unreachable, a timeout, the connection
    pool exhausted under load) the request is refused, 503 `store_unavailable` with
    Retry-After: a budget that cannot be checked never lets a request through unchecked."""
    code = refusal_code(error)
    if not must_count or code in TAKES_NO_WRITES:
        record_redis_error(error)
        log.warning("rate limits not counted: redis %s (%s)", type(error).__name__, code)
        return
    if code is None:
        raise error  # a bug of ours (a wrong command): a 500
    log.warning("rate limits could not be checked: redis %s; refused", type(error).__name__)
    # Counted in the Redis errors' metric by whoever answers the 503 (`unavailable`, or
    # the app's handler when the rider rode with a store read).
    raise StoreRefused("store_unavailable", type(error).__name__) from error


MOVES_PER_CHARGE = 2
"""Bot moves a read plays (a slice of a bots-only game, a turn timer's catch-up) per extra
read it is charged afterwards: reading a bots-only game costs what it plays."""
_PLAYED: ContextVar[list[int] | None] = ContextVar("cardtable_limits_played", default=None)


def charging_moves(on_moves: Callable[[str, int], None]) -> Callable[[str, int], None]:
    """Wrap the game service's `on_moves` hook: moves played while a request is judged
    are counted for it (`LimitsMiddleware` charges them to its budgets afterwards)."""

    def hook(game: str, count: int) -> None:
        on_moves(game, count)
        played = _PLAYED.get()
        if played is not None:
            played[0] += count

    return hook


StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class LimitsMiddleware:
    """Judges each request's budgets before Flask sees it (see the module's text)."""

    def __init__(
        self,
        wsgi_app: WsgiApp,
        flask_app: Flask,
        budgets: Budgets,
        counters: Counters,
        settings: Settings,
    ):
        self.app = wsgi_app
        self.url_map = flask_app.url_map
        self.counters = counters
        self.box = counters.box
        self.leases = counters.leases
        self.cors_origins = frozenset(settings.cors_origins)
        prefix = f"{settings.key_prefix}:limits:"
        ipv6_prefix = settings.rate_limit_ipv6_prefix

        # The buckets of a kind, address and token hash: the same few for a client's every
        # request (bounded: a client's address and token hash are no secret, the keys hold
        # them too; the token itself is not kept).
        @functools.lru_cache(maxsize=4096)
        def hits_for(kind: str, remote: str | None, token_hash: str) -> tuple[Hit, ...]:
            address = address_key(remote, ipv6_prefix)
            return tuple(budgets.hits(prefix, kind, address, token_hash))

        self.hits_for = hits_for

        self.refused_counter = functools.lru_cache(maxsize=1024)(
            lambda route: RATE_LIMITED.labels(endpoint=route)
        )
        """The 429 counter of a route (its labelled child looked up once)."""
        self._remembered = functools.lru_cache(maxsize=8192)(self._route)
        """Routes of short paths, remembered: a client sends the same few paths again and
        again, and matching costs more than counting."""

    def route(self, method: str, path: str) -> tuple[str | None, str]:
        if len(path) > MAX_REMEMBERED_PATH:  # no route's path is this long anyway
            return self._route(method, path)
        return self._remembered(method, path)

    def _route(self, method: str, path: str) -> tuple[str | None, str]:
        """The endpoint and rule pattern of a request (None, "unmatched" for none). The
        routes depend on neither the host nor the query."""
        try:
            rule, _ = self.url_map.bind("localhost").match(path, method, return_rule=True)
        except HTTPException:  # 404, 405, a redirect: counted by method
            return None, "unmatched"
        return str(rule.endpoint), rule.rule

    def judged(self, environ: dict[str, Any], remote: str | None) -> Judged | None:
        """The budget kind, endpoint, rule pattern and buckets of a request from `remote`
        (None for an exempt route)."""
        method = environ.get("REQUEST_METHOD", "GET")
        endpoint, rule = self.route(method, environ.get("PATH_INFO") or "/")
        kind = kind_of(endpoint, method)
        if kind is None:
            return None
        # Any non-empty credential counts as a token here, valid or not: guessing tokens
        # draws on the address budget and on the guessed token's.
        token = environ.get("HTTP_AUTHORIZATION", "").partition(" ")[2].strip()
        return kind, endpoint, rule, self.hits_for(kind, remote, token and token_key(token))

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Any:
        judged = self.judged(environ, environ.get("REMOTE_ADDR"))
        if judged is None:
            return self.app(environ, start_response)
        kind, endpoint, rule, hits = judged
        method = environ.get("REQUEST_METHOD", "GET")
        boxed = self.box.refused(hits)
        if boxed is not None:
            return self.refuse(environ, start_response, RateLimited(*boxed, rule))
        needs = self.leases.take(hits)
        played = [0]
        reset = _PLAYED.set(played)
        try:
            if not needs:  # every bucket had some of its lease left: nothing to ask Redis
                return self.app(environ, start_response)
            rider = self.counters.rider(needs, hits, rule, must_count=kind != "ops")
            # A read or a JSON body reaches the view (only a POST's content type is refused
            # before it): such a request of a riding route is judged there, with the
            # store's first command; any other now, and so is a client refused lately.
            if (
                endpoint in RIDING_ENDPOINTS
                and (
                    method == "GET"
                    or environ.get("CONTENT_TYPE", "").startswith("application/json")
                )
                and not self.box.suspect(hits)
            ):
                environ[RIDER_KEY] = rider
                return self._riding(environ, start_response, rider)
            try:
                self.counters.carpool.send(rider)
            except RateLimited as refused:
                return self.refuse(environ, start_response, refused)
            except StoreRefused as unchecked:
                return self.unavailable(environ, start_response, unchecked)
            return self.app(environ, start_response)
        finally:
            _PLAYED.reset(reset)
            # Reads only: a move's own answer (bots playing until a human must act) is
            # part of playing against bots, not a lever.
            if kind == "read" and played[0] >= MOVES_PER_CHARGE:
                self.counters.charge(hits, played[0] // MOVES_PER_CHARGE)

    def _riding(
        self, environ: dict[str, Any], start_response: StartResponse, rider: riders.Rider
    ) -> Any:
        """The app with the rider armed; a request refused before its view ran (a body
        that is not JSON) is judged on the way out, its answer held back until then."""
        held: list[Any] = []

        def hold(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            held[:] = [status, headers, exc_info]
            return lambda data: None

        result = self.app(environ, hold)
        if not rider.sent:
            try:
                self.counters.carpool.send(rider)
            except (RateLimited, StoreRefused) as refused:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
                if isinstance(refused, StoreRefused):
                    return self.unavailable(environ, start_response, refused)
                return self.refuse(environ, start_response, refused)
        if held:
            start_response(*held)
        return result

    def refuse(
        self,
        environ: dict[str, Any],
        start_response: StartResponse,
        refused: RateLimited,
        request_id: str | None = None,
    ) -> list[bytes]:
        """The 429, written here: no route, hook or template runs for it. `request_id`: the
        request's id, given by a caller in front of the request-id middleware (also sent
        as its header then)."""
        self.refused_counter(refused.route or "unmatched").inc()
        wait = retry_after(refused.wait_seconds)
        data = _refusal_bytes(refused.limit, wait)
        request_id = request_id or environ.get("cardtable.request_id")
        if request_id:  # a checked id: letters, digits and ._:- only, nothing to escape
            data = b'%s,"request_id":"%s"}' % (data[:-1], request_id.encode())
        headers = [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(data))),
            ("Retry-After", str(wait)),
        ]
        if request_id and "cardtable.request_id" not in environ:
            headers.append((REQUEST_ID_HEADER, request_id))
        start_response("429 TOO MANY REQUESTS", headers + self.cors_headers(environ))
        return [data]

    def cors_headers(self, environ: dict[str, Any]) -> list[tuple[str, str]]:
        """What lets an allowed origin's page read an answer written here."""
        origin = environ.get("HTTP_ORIGIN")
        if not origin or origin not in self.cors_origins:
            return []
        return [
            ("Access-Control-Allow-Origin", origin),
            ("Access-Control-Expose-Headers", "Retry-After"),
            ("Vary", "Origin"),
        ]

    def unavailable(
        self, environ: dict[str, Any], start_response: StartResponse, refused: StoreRefused
    ) -> list[bytes]:
        """The 503 of a request whose budgets Redis could not count, in the one error body
        (written here, in front of Flask, as a 429 is)."""
        body: dict[str, Any] = {"code": refused.code, "message": refused.message, "status": 503}
        request_id = environ.get("cardtable.request_id")
        if request_id:
            body["request_id"] = request_id
        data = json.dumps(body, separators=(",", ":")).encode()
        headers = [
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(data))),
            ("Retry-After", str(RETRY_AFTER_SECONDS)),
        ]
        record_redis_error(refused.__cause__ or refused)
        start_response("503 SERVICE UNAVAILABLE", headers + self.cors_headers(environ))
        return [data]


Judged = tuple[str, str | None, str, tuple[Hit, ...]]
"""A request's budget kind, endpoint, rule pattern and buckets (`LimitsMiddleware.judged`)."""


@functools.lru_cache(maxsize=1024)
def _refusal_bytes(limit: Limit, wait: int) -> bytes:
    """A refusal's body without its request id, encoded once per limit and wait."""
    return json.dumps(refusal_body(limit, wait), separators=(",", ":")).encode()


class RefusalGate:
    """The app's outermost WSGI layer, in front of the request ids, the in-flight gauge, the
    trusted proxies' address and Flask: while this process holds a refused bucket
    (`PenaltyBox`), a request drawing on it is refused here, with no Redis command and a
    body encoded once. It only answers early what Redis refused until the time Redis gave
    (a bucket cannot refill sooner: every replica only takes from it); past that time, and
    for every other request, it costs one clock reading."""

    def __init__(self, app: WsgiApp, limits: LimitsMiddleware, trusted_proxies: int):
        self.app = app
        self.limits = limits
        self.box = limits.box
        self.trusted_proxies = trusted_proxies

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Any:
        answer = self.refusal(environ, start_response)
        return self.app(environ, start_response) if answer is None else answer

    def refusal(self, environ: dict[str, Any], start_response: StartResponse) -> Any:
        """The 429 of a request drawing on a refused bucket of the box, or None. Reads
        REQUEST_METHOD, PATH_INFO, REMOTE_ADDR and the headers Authorization,
        X-Forwarded-For, X-Request-ID and Origin only (the worker answers before gunicorn
        builds the rest: cardtable.server.worker)."""
        if not self.box.holding():
            return None
        judged = self.limits.judged(environ, self.client_address(environ))
        boxed = self.box.refused(judged[3]) if judged is not None else None
        if boxed is None or judged is None:
            return None
        refused = RateLimited(*boxed, judged[2])
        return self.limits.refuse(environ, start_response, refused, request_id_of(environ))

    def client_address(self, environ: dict[str, Any]) -> str | None:
        """The address the limits count, as ProxyFix (`x_for`) will make it."""
        forwarded = environ.get("HTTP_X_FORWARDED_FOR")
        if self.trusted_proxies and forwarded:
            values = parse_list_header(forwarded)
            if len(values) >= self.trusted_proxies:
                return values[-self.trusted_proxies]
        return environ.get("REMOTE_ADDR")


def install_limits(app: Flask, settings: Settings, client: Any) -> None:
    """Judge every request's budgets (unless disabled), counting in the Redis (or Cluster,
    or Sentinel-managed master) that `client` speaks to; then trust the configured
    proxies, outside it, so that the address counted is the client's."""
    if settings.rate_limits_enabled:
        counters = Counters(client, _not_counted, lease=settings.rate_limit_lease)
        limits = LimitsMiddleware(
            app.wsgi_app, app, Budgets.from_settings(settings), counters, settings
        )
        app.wsgi_app = limits  # type: ignore[method-assign]
        app.extensions[LIMITS_EXTENSION] = limits
        for endpoint in RIDING_ENDPOINTS:
            app.view_functions[endpoint] = _riding(app.view_functions[endpoint], client)
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=settings.trusted_proxies, x_proto=settings.trusted_proxies
        )


def install_gate(app: Flask, settings: Settings) -> None:
    """Put the `RefusalGate` in front of every other WSGI layer (call it last)."""
    limits = app.extensions.get(LIMITS_EXTENSION)
    if limits is not None:
        app.wsgi_app = RefusalGate(  # type: ignore[method-assign]
            app.wsgi_app, limits, settings.trusted_proxies
        )


def request_rider() -> riders.Rider | None:
    """The request's counters, waiting to ride with its first store read (None: judged
    already, or the limits are off). A riding route hands it to that read (`rider=`)."""
    rider: riders.Rider | None = request.environ.get(RIDER_KEY)
    return rider


def _riding(view: Callable[..., Any], client: Any) -> Callable[..., Any]:
    """The view, its rider judged on the way out if no store read took it (the view
    refused the request before reading anything: a bad header, a body that is no move),
    so that a refusal by the limits replaces the view's answer."""

    @functools.wraps(view)
    def riding_view(**kwargs: Any) -> Any:
        try:
            return view(**kwargs)
        finally:
            rider = request_rider()
            if rider is not None and not rider.sent:
                riders.send_alone(client, rider)

    return riding_view
