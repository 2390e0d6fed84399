"""Rate limits and quotas, counted in the app's own Redis (so they hold across replicas):
every route but the liveness probe draws on a budget of its kind, per client address (IPv6
grouped by a prefix, /64 by default; every loopback address is one client) and per bearer
token. A breach is a 429 with `Retry-After` and the usual error body, code `rate_limited`.
docs/limits.md lists the budgets and how to tune them.

Budgets are token buckets (GCRA: one Redis key a budget holding its theoretical arrival
time): "600/minute" lets a client send 600 at once, then one every 100 ms, so a burst is
slowed to the budget's rate rather than stalled until a window ends; a refusal takes
nothing and says exactly when the next request fits. The `limits` library gives the
notation ("30/minute; 1000/day"); one Lua script run judges all of a request's buckets.

A request is judged before any work, in a WSGI middleware in front of Flask: its route's
kind, address and token give its counters, sent to Redis in one pipeline; on the routes
that read a game first (view, legal moves, move) they ride in that read's round trip
instead (see `cardtable.store.riders`), refused before the store goes on. A client refused
once is refused again without Redis until its wait ends (`PenaltyBox`): a flood of refused
requests costs each little more than its HTTP parsing.
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import json
import logging
import math
import time
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import redis.exceptions
from flask import Flask, request
from limits import parse_many
from redis.cluster import RedisCluster
from redis.exceptions import NoScriptError
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_list_header
from werkzeug.middleware.proxy_fix import ProxyFix

from cardtable.config import Settings
from cardtable.error_codes import RetryLater
from cardtable.logs import REQUEST_ID_HEADER, request_id_of
from cardtable.server.monitoring import RATE_LIMITED, record_redis_error
from cardtable.store import riders
from cardtable.store.scripts import lua

log = logging.getLogger("cardtable.api.limits")

KINDS = ("create", "move", "read", "table", "ops")
"""The budgets a request may draw on (`kind_of`)."""
EXEMPT_ENDPOINTS = frozenset({"operations.Liveness"})
"""Routes without a budget: /livez answers a constant (no store, no input), cheaper than
counting it would be, and a liveness probe refused would restart a healthy pod."""
OPS_ENDPOINTS = frozenset({"operations.Readiness", "operations.Metrics"})
CREATION_ENDPOINTS = frozenset({"games.Games", "scoresheets.Scoresheets"})
TABLE_BLUEPRINT = "tables."
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
RIDING_ENDPOINTS = frozenset({"games.GameView", "games.LegalMoves", "games.Moves"})
"""Routes whose first store command is a game's read: their counters ride in its pipeline
(one round trip for both, see `cardtable.store.riders`)."""
RIDER_KEY = "cardtable.limits_rider"
LIMITS_EXTENSION = "cardtable.limits"
MAX_REMEMBERED_PATH = 160
LOOPBACK = "addr:loopback"

# What a failed count raises: any Redis error, a Cluster without a reachable node or slot
# owner (not a RedisError), a socket error.
COUNTING_FAILED = (
    redis.exceptions.RedisError,
    redis.exceptions.RedisClusterException,
    OSError,
)


def kind_of(endpoint: str | None, method: str) -> str | None:
    """The budget a request to `endpoint` (None: no route matched) draws on; None for the
    exempt routes."""
    if endpoint in EXEMPT_ENDPOINTS:
        return None
    if endpoint in OPS_ENDPOINTS:
        return "ops"
    if method in READ_METHODS:
        return "read"
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


@dataclass(frozen=True)
class Limit:
    """One budget: `amount` requests per `period` seconds, as a token bucket."""

    amount: int
    period: int
    text: str

    @property
    def interval_ms(self) -> float:
        return self.period * 1000 / self.amount

    @property
    def script_args(self) -> tuple[float, int]:
        """Its arguments to `GCRA`: the emission interval and the period, in ms."""
        return self.interval_ms, self.period * 1000

    def __str__(self) -> str:
        return self.text


Hit = tuple[Limit, str]
"""A limit and the Redis key of the bucket it draws on for this request."""


class RateLimited(RetryLater):
    """A request over one of its budgets: `limit` is the one breached."""

    code = "rate_limited"

    def __init__(self, limit: Limit, wait_seconds: float, route: str = ""):
        super().__init__(str(limit))
        self.limit = limit
        self.wait_seconds = wait_seconds
        self.retry_after = retry_after(wait_seconds)
        self.route = route
        """The rule pattern refused (for the metrics)."""

    # The body is built only when the app's error handler answers; the refusal gate (the
    # hot path of a flood) writes its own pre-encoded one and needs neither.
    def __str__(self) -> str:
        return str(refusal_body(self.limit, self.wait_seconds)["message"])

    def details(self) -> dict[str, object]:
        return dict(refusal_body(self.limit, self.wait_seconds)["details"])


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
        }
        by_token = {
            "create": seat_move,
            "move": seat_move,
            "read": seat_read,
            "table": seat_move,
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


GCRA = lua("gcra")
"""Token buckets as GCRA, taken from by a cost: each of KEYS holds a bucket's theoretical
arrival time (ms, Redis's clock, so every replica agrees); ARGV: the cost (more than 1
charges a request's work afterwards), whether to take it even from an empty bucket (a debt
of at most one period), then for each key its emission interval (ms) and its period (ms,
the burst tolerance: `amount` at once from a full bucket). All or nothing: returns, for
each key, 0, or the milliseconds until a request fits in it; if any is not 0, nothing is
taken from any."""
LEASE = lua("lease")
"""The same buckets, taken from in leases (see `Leases`, and the script's own text)."""


@dataclass(frozen=True)
class Script:
    text: str

    @functools.cached_property
    def sha(self) -> str:
        return hashlib.sha1(self.text.encode()).hexdigest()


GCRA_SCRIPT, LEASE_SCRIPT = Script(GCRA), Script(LEASE)

Call = tuple[Script, tuple[str, ...], tuple[Any, ...]]
"""One run of a script: the script, its keys and its arguments."""
Need = tuple[Hit, int]
"""A bucket a request must ask Redis for, and how many of an expired lease to give back."""


SUSPECT_SECONDS = 10.0
LEASE_SECONDS = 1.0
"""How long a process may keep the requests it took from a bucket (`Leases`)."""
LEASE_SHARE = 32
"""A lease is at most this fraction of its budget's amount (1/32: up to 8 of 240/minute)."""


class Leases:
    """Requests this process took from a bucket ahead of time, still to let through without
    asking Redis: a busy client's requests are counted in Redis a lease at a time (up to
    `most`, and at most 1/LEASE_SHARE of the budget), not one by one. Redis gives a lease
    only from what the bucket holds, so no more ever passes than the budget allows; what
    a process holds of it is used within LEASE_SECONDS, or given back on its next ask.
    The cost: a client spread over N processes may be refused while another holds part of
    its budget (up to N - 1 leases early). Bounded."""

    MAX_ENTRIES = 10_000

    def __init__(self, most: int):
        self.most = max(1, most)
        self._held: dict[str, list[float]] = {}
        """A bucket's key -> [requests left, until when (monotonic)]."""

    def size(self, limit: Limit) -> int:
        """The lease asked of `limit`'s buckets."""
        return max(1, min(self.most, limit.amount // LEASE_SHARE))

    def take(self, hits: tuple[Hit, ...]) -> tuple[Need, ...]:
        """Take one request from each of `hits`' leases; the buckets that had none left (with
        an expired lease's unused requests to give back), which the request must ask of
        Redis."""
        held, now = self._held, time.monotonic()
        needs: tuple[Need, ...] = ()
        for hit in hits:
            lease = held.get(hit[1])
            if lease is None:
                needs += ((hit, 0),)
            elif lease[1] <= now:
                del held[hit[1]]
                needs += ((hit, int(lease[0])),)
            elif lease[0] > 1:
                lease[0] -= 1
            else:
                del held[hit[1]]
        return needs

    def put_back(self, hits: Iterable[Hit]) -> None:
        """A refused request's requests, taken from these buckets' leases, given back."""
        now = time.monotonic()
        for _, key in hits:
            lease = self._held.setdefault(key, [0, now + LEASE_SECONDS])
            lease[0] += 1

    def forfeit(self, hits: Iterable[Hit]) -> None:
        """Drop these buckets' leases: the client is charged for work beyond its requests,
        which its lease must not outlast."""
        for _, key in hits:
            self._held.pop(key, None)

    def grant(self, key: str, left: int) -> None:
        """`left` more requests of the bucket `key`, taken from Redis just now."""
        if left <= 0:
            return
        if len(self._held) >= self.MAX_ENTRIES:
            now = time.monotonic()
            self._held = {k: v for k, v in self._held.items() if v[1] > now}
            if len(self._held) >= self.MAX_ENTRIES:
                self._held.clear()
        self._held[key] = [left, time.monotonic() + LEASE_SECONDS]


class PenaltyBox:
    """Buckets this process saw refuse, until when: a client refused once is refused again
    without asking Redis until then (its bucket cannot refill sooner). Bounded."""

    MAX_ENTRIES = 10_000

    def __init__(self) -> None:
        self._until: dict[str, tuple[float, Limit]] = {}
        self._latest = -math.inf

    def note(self, key: str, limit: Limit, wait_seconds: float, since: float | None = None) -> None:
        """Box `key` for `wait_seconds` from `since` (the monotonic time the request was sent
        to Redis, which measured the wait: the box never outlasts it)."""
        now = time.monotonic()
        if len(self._until) >= self.MAX_ENTRIES:
            self._until = {k: v for k, v in self._until.items() if v[0] > now}
            if len(self._until) >= self.MAX_ENTRIES:
                self._until.clear()
        until = (now if since is None else since) + wait_seconds
        self._until[key] = (until, limit)
        self._latest = max(self._latest, until)

    def holding(self) -> bool:
        """Whether a bucket may be boxed now (a flood's refusals are answered early)."""
        return self._latest > time.monotonic()

    def refused(self, hits: Sequence[Hit]) -> tuple[Limit, float] | None:
        """The limit and seconds left for a request one of whose buckets is boxed."""
        if not self._until:
            return None
        now = time.monotonic()
        for _, key in hits:
            entry = self._until.get(key)
            if entry is not None and entry[0] > now:
                return entry[1], entry[0] - now
        return None

    def suspect(self, hits: Sequence[Hit]) -> bool:
        """Whether one of the buckets was refused lately (within `SUSPECT_SECONDS`): such
        a client's next request is judged before its route runs, so that refusing it
        again costs no route and no store read."""
        if not self._until:
            return False
        now = time.monotonic()
        for _, key in hits:
            entry = self._until.get(key)
            if entry is not None:
                if entry[0] + SUSPECT_SECONDS > now:
                    return True
                self._until.pop(key, None)
        return False


class Counters:
    """Token buckets in Redis: a request's buckets without a lease left (`Leases`) ride as a
    `riders.Rider`, alone or with the store's read, judged by one script run.

    The scripts go by their hash (EVALSHA: a script's text is not sent nor hashed again by
    Redis on every request); a Redis that does not know one yet (restarted, failed over)
    answers NOSCRIPT, and those runs are sent again with the text, which caches it. On a
    Redis Cluster a request's buckets live in several slots, which one script run may not
    touch: each bucket is judged by a run of its own, and what the others took when one
    refuses stays this process's lease."""

    def __init__(self, client: Any, box: PenaltyBox | None = None, lease: int = 1):
        self.client = client
        self.box = box or PenaltyBox()
        self.leases = Leases(lease)
        self.one_run = not isinstance(client, RedisCluster)
        """Whether a request's buckets are judged in one script run (all but a Cluster)."""
        self.calls = functools.lru_cache(maxsize=4096)(self._calls)
        """The script runs of a request's needs (the same few for a client's every
        request: `LimitsMiddleware.hits_for` gives the same tuple again)."""
        self.carpool = riders.Carpool(client)
        """Requests judged before their view share round trips (see `riders.Carpool`)."""

    def _groups(self, items: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return [items] if self.one_run else [(item,) for item in items]

    def _calls(self, needs: tuple[Need, ...]) -> tuple[Call, ...]:
        size = self.leases.size
        return tuple(
            (
                LEASE_SCRIPT,
                tuple(key for (_, key), _ in group),
                tuple(
                    x
                    for (limit, _), credit in group
                    for x in (*limit.script_args, size(limit), credit)
                ),
            )
            for group in self._groups(needs)
        )

    def rider(
        self, needs: tuple[Need, ...], hits: tuple[Hit, ...], route: str = ""
    ) -> riders.Rider:
        """The request's `needs` (of its buckets `hits`), each taken from, then judged:
        `RateLimited` if one is empty (nothing is taken then)."""
        calls, sent = self.calls(needs), [0.0]

        def queue(batch: riders.Batch) -> None:
            sent[0] = time.monotonic()
            _queue(calls, batch)

        return riders.Rider(
            queue=queue,
            settle=functools.partial(self._judge, needs, hits, calls, route, sent),
            failed=_not_counted,
        )

    def _run(self, calls: Sequence[Call]) -> list[Any]:
        """The script runs in one round trip; their replies (an error in place of one's)."""
        batch = riders.Batch()
        _queue(calls, batch)
        return self._known(calls, batch.send(self.client))

    def _known(self, calls: Sequence[Call], replies: list[Any]) -> list[Any]:
        """`replies`, where Redis did not know the script (NOSCRIPT: it ran nothing), the
        replies of those runs sent again with its text (which caches it)."""
        missing = [i for i, reply in enumerate(replies) if isinstance(reply, NoScriptError)]
        if not missing:
            return replies
        batch = riders.Batch()
        _queue([calls[i] for i in missing], batch, with_text=True)
        replies = list(replies)
        for i, reply in zip(missing, batch.send(self.client), strict=True):
            replies[i] = reply
        return replies

    def charge(self, hits: tuple[Hit, ...], cost: int) -> None:
        """Take `cost` more from each bucket, even into debt: what a request's work cost
        beyond its own turn (the bots' moves it played). Their leases go too."""
        self.leases.forfeit(hits)
        calls = tuple(
            (GCRA_SCRIPT, tuple(key for _, key in group),
             (cost, 1, *(x for limit, _ in group for x in limit.script_args)))
            for group in self._groups(hits)
        )  # fmt: skip
        try:
            replies = self._run(calls)
        except COUNTING_FAILED as error:
            _not_counted(error)
            return
        failure = next((reply for reply in replies if isinstance(reply, Exception)), None)
        if failure is not None:
            _not_counted(failure)

    def _judge(
        self,
        needs: tuple[Need, ...],
        hits: tuple[Hit, ...],
        calls: Sequence[Call],
        route: str,
        sent: list[float],
        replies: list[Any],
    ) -> None:
        try:
            replies = self._known(calls, replies)
        except COUNTING_FAILED as error:
            _not_counted(error)
            return
        failure = next((reply for reply in replies if isinstance(reply, Exception)), None)
        if failure is not None:
            _not_counted(failure)
            return
        taken = [int(value) for reply in replies for value in reply]
        refused = min(taken) < 0
        for ((_, key), _), count in zip(needs, taken, strict=True):
            self.leases.grant(key, count if refused else count - 1)  # this request's one
        if not refused:
            return
        asked = {key for (_, key), _ in needs}
        self.leases.put_back(hit for hit in hits if hit[1] not in asked)
        waits = [-count if count < 0 else 0 for count in taken]
        for ((limit, key), _), wait in zip(needs, waits, strict=True):
            if wait:
                self.box.note(key, limit, wait / 1000, since=sent[0])
        longest = max(range(len(waits)), key=waits.__getitem__)
        limit, key = needs[longest][0]
        log.debug("rate limit %s exceeded by %s", limit, key)
        raise RateLimited(limit, waits[longest] / 1000, route)


def _commands(calls: Sequence[Call], with_text: bool = False) -> list[tuple[Any, ...]]:
    return [
        ("EVAL", script.text, len(keys), *keys, *args)
        if with_text
        else ("EVALSHA", script.sha, len(keys), *keys, *args)
        for script, keys, args in calls
    ]


@functools.lru_cache(maxsize=4096)
def _packed(calls: tuple[Call, ...]) -> tuple[list[tuple[Any, ...]], bytes]:
    """The EVALSHA runs of `calls` and their packing: a client's every request sends the
    same (its `calls` are cached), so they are packed once, not on every request."""
    commands = _commands(calls)
    return commands, b"".join(riders.packed(*command) for command in commands)


def _queue(calls: Sequence[Call], batch: riders.Batch, with_text: bool = False) -> None:
    if with_text or not isinstance(calls, tuple):
        for command in _commands(calls, with_text):
            batch.execute_command(*command)
    else:
        batch.add_packed(*_packed(calls))


def _not_counted(error: Exception) -> None:
    """Redis down: the store answers 503 itself; the limits must not add 500s."""
    if not isinstance(error, COUNTING_FAILED):
        raise error
    log.warning("rate limits not checked: redis %s", type(error).__name__)
    record_redis_error(error)


def retry_after(wait_seconds: float) -> int:
    return max(1, math.ceil(wait_seconds))


def refusal_body(limit: Limit, wait_seconds: float) -> dict[str, Any]:
    wait = retry_after(wait_seconds)
    return {
        "code": "rate_limited",
        "message": f"too many requests: the limit is {limit}; retry in {wait} s",
        "status": 429,
        "details": {"limit": str(limit), "retry_after": wait},
    }


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
            rider = self.counters.rider(needs, hits, rule)
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
            except RateLimited as refused:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
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
        origin = environ.get("HTTP_ORIGIN")
        if origin and origin in self.cors_origins:
            headers += [
                ("Access-Control-Allow-Origin", origin),
                ("Access-Control-Expose-Headers", "Retry-After"),
                ("Vary", "Origin"),
            ]
        start_response("429 TOO MANY REQUESTS", headers)
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
        counters = Counters(client, lease=settings.rate_limit_lease)
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


def _riding(view: Callable[..., Any], client: Any) -> Callable[..., Any]:
    """The view, with the request's counters riding in its first store command (judged
    before the view goes on; judged on the way out if it never reached the store)."""

    @functools.wraps(view)
    def riding_view(**kwargs: Any) -> Any:
        rider = request.environ.get(RIDER_KEY)
        if rider is None or rider.sent:
            return view(**kwargs)
        with riders.riding(client, rider):
            return view(**kwargs)

    return riding_view
