"""Settings from the environment, read once by the app factory (and overridable in tests)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any


def _bool(value: str) -> bool:
    if value.strip().lower() in {"1", "true", "yes", "on"}:
        return True
    if value.strip().lower() in {"0", "false", "no", "off", ""}:
        return False
    raise ValueError(f"not a boolean: {value!r}")


def _list(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in value.split(",") if item.strip())


AUTO = "auto"
"""CARDTABLE_REDIS_WAIT_REPLICAS=auto: wait for every replica Sentinel reports up."""


def _replicas(value: str) -> int | str:
    return AUTO if value.strip().lower() == AUTO else int(value)


_replicas.expected = "auto or a whole number"  # type: ignore[attr-defined]


GEVENT_MAX_STREAMS = 3000
"""Waiting requests (streams, long-polls) per gevent worker unless `max_streams` says
otherwise: the default 2 workers hold 6,000 (gunicorn_conf leaves connections for them)."""


@dataclass(frozen=True)
class Settings:
    redis_url: str | None = None
    """redis:// or rediss:// URL; None means `cardtable serve` starts an embedded server."""
    redis_password: str | None = None
    """Redis password (from a Secret); overrides one in the URL."""
    redis_username: str | None = None
    """ACL user (Redis 6+); with redis_password, authenticates as that user."""
    redis_ca_file: str | None = None
    """CA bundle to verify a `rediss://` server (or TLS Sentinels) against, e.g. a private CA."""
    redis_cluster: bool = False
    """True: the URL names any node of a Redis Cluster."""
    redis_sentinels: tuple[str, ...] = field(default_factory=tuple)
    """host:port of each Sentinel; when set, the master is found through them (no URL)."""
    redis_sentinel_service: str = "mymaster"
    """The master's name in Sentinel."""
    redis_sentinel_password: str | None = None
    """Password of the Sentinels themselves, if they have one."""
    redis_max_connections: int = 50
    """Redis connections per process (a pool; requests past it wait up to the timeout)."""
    redis_connect_timeout_seconds: float = 0.5
    """Timeout to open a connection to Redis."""
    start_wait_seconds: float = 10.0
    """How long the server waits at start for Redis to answer before it exits (code 69)."""
    key_prefix: str = "cardtable"
    """Prefix of every Redis key (several deployments may share one Redis)."""
    game_ttl_seconds: int = 7 * 24 * 3600
    """Idle expiry: refreshed by every move."""
    finished_ttl_seconds: int = 24 * 3600
    """How long a finished game (and its record) is kept."""
    log_level: str = "INFO"
    """Level of every logger (DEBUG, INFO, WARNING, ERROR)."""
    cors_origins: tuple[str, ...] = field(default_factory=tuple)
    """Browser origins allowed by CORS, comma-separated (none: no CORS headers)."""
    max_body_bytes: int = 64 * 1024
    """Largest request body accepted (413 past it)."""
    redis_timeout_seconds: float = 1.0
    """Socket timeout of every Redis call: a frozen Redis gives 503s after about this long."""
    bot_budget_seconds: float = 0.02
    """Time one request may spend playing the next slice of a game of server bots only
    (with `bot_moves_per_request`, whichever comes first; docs/limits.md)."""

    rate_limits_enabled: bool = True
    """False turns every rate limit and quota off; `CARDTABLE_RATE_LIMITS=off` says the same
    (for a server on your own machine, an arena of bots over HTTP: docs/limits.md)."""
    rate_limit_create: str = "30/minute"
    """Games and sheets one client address may create ("30/minute", the `limits` notation)."""
    rate_limit_moves: str = "600/minute"
    """Moves and sheet rounds one client address may send."""
    rate_limit_reads: str = "1200/minute"
    """Reads and polls one client address may send."""
    rate_limit_tables: str = "60/minute"
    """Joins, leaves, starts and rematches one client address may send."""
    rate_limit_ops: str = "600/minute"
    """Readiness probes and metrics scrapes one client address may send (/livez: none).
    Every pod a node's kubelet probes counts against that node's address: 12 a minute per
    pod at the manifests' period of 5 s."""
    rate_limit_seat_moves: str = "240/minute"
    """Moves one bearer token may send."""
    rate_limit_seat_reads: str = "600/minute"
    """Reads one bearer token (a seat, or a sheet's edit token) may send, whatever the
    address."""
    rate_limit_lease: int = 8
    """Requests of a busy client's budget a process takes from Redis at once, and lets
    through within a second without asking again (at most 1/32 of the budget: the small
    ones are counted one by one). 1 counts every request in Redis (docs/limits.md)."""
    rate_limit_ipv6_prefix: int = 64
    """IPv6 clients are counted by network of this prefix length (a host usually has a
    /64 to itself); IPv4 ones by address. Every loopback address counts as one client."""
    stored_per_client: int = 1000
    """Games and sheets one address may create per idle-expiry period (game TTL), which
    bounds what it can keep stored at once."""
    trusted_proxies: int = 0
    """Reverse proxies in front of the service whose X-Forwarded-For is believed."""
    bot_moves_per_request: int = 200
    """Bot moves played per request in a game of server bots only (played lazily)."""
    waiting_ttl_seconds: int = 3600
    """Expiry of a game still waiting for players (open seats)."""
    takeover_timeouts: int = 3
    """Turn-timer timeouts in a row after which the greedy bot keeps the seat."""
    queue_expire_seconds: float = 45.0
    """A waiting queue ticket nobody polls for this long expires (docs/rated-play.md)."""
    settle_sweep_seconds: float = 5.0
    """How often each server process settles finished rated games that no write or read
    settled (a process killed in between); 0: never (docs/rated-play.md)."""
    rate_limit_players: str = "10/minute; 100/day"
    """Rated players one address may create (docs/limits.md)."""
    rate_limit_analysis: str = "60/minute"
    """Hints and reviews one client address (and one seat's token) may ask for: the estimator
    costs CPU, so they have a budget of their own (docs/limits.md)."""
    rate_limit_queue: str = "60/minute"
    """Queue requests (POST /queue) one address may send: a ladder bot playing 10 games a
    minute queues 10 times (docs/limits.md)."""
    rate_limit_chat: str = "60/minute"
    """Chat messages and emotes one address may post at its tables (several players
    behind one home router share it)."""
    rate_limit_seat_chat: str = "20/minute"
    """Chat messages and emotes one seat's token may post, whatever the address."""
    write_schema: int = 5
    """The schema of the game documents written: 4 (the release before's, which reads no
    newer; 3 the one before it) during the first step of a rolling update from it, else 5
    (docs/deploying.md, "Stored documents across releases")."""

    # Push (event streams and long-polls; cardtable.live.hub, api/event_routes.py).
    max_streams: int | None = None
    """Streams and long-polls one worker process holds at once; None: GEVENT_MAX_STREAMS
    under gevent, half the threads under gthread (`cardtable.live.hub.default_capacity`).
    About 25 KB of worker memory each held; for 20,000 streams on 2 workers, 12000
    (docs/events.md, "Fan-out at scale")."""
    sse_heartbeat_seconds: float = 15.0
    """Seconds between the comment lines an idle event stream sends (proxies keep it)."""
    idempotency_ttl_seconds: int = 6 * 3600
    """How long an Idempotency-Key's first answer is kept after its use (not the game's)."""
    idempotency_secret: str | None = None
    """Server secret that keyed creates' ids are derived with (from a Secret, the same on
    every replica); none: one generated once and kept in Redis, shared by all replicas."""
    redis_write_resends: int = 2
    """Resends of a write whose reply was lost (recognised by its request id if applied)."""
    redis_wait_replicas: int | str = "auto"
    """Acknowledge a write only once this many replicas have it (WAIT). `auto`: with
    Sentinel, every replica Sentinel reports up (followed as replicas come and go), else
    none; `0`: none, a failover may lose acknowledged writes (docs/consistency.md)."""
    redis_wait_timeout_ms: int = 500
    """How long a write waits for its replicas (WAIT) before answering 503 outcome_unknown."""
    streams_per_address: int = 100
    """Event streams one client address (IPv6: its /64) may hold open on one process."""
    return_freed_memory: bool = True
    """After many streams and long-polls close, give the heap they freed back to the OS
    (glibc's malloc_trim; nothing elsewhere): `cardtable.live.hub.FreedMemory`."""
    tracing: bool = False
    """OpenTelemetry spans (requests, Redis commands, moves), sent where the standard
    OTEL_* variables say; needs the `tracing` extra (docs/operations.md, "Tracing")."""

    # The process: gunicorn (server/gunicorn_conf.py, server/worker.py), logging, the ops port, the
    # watch loop. Read one at a time with `Settings.read`, before any app exists.
    require_redis_url: bool = False
    """Refuse to start without a Redis URL or Sentinels (`1` in the image: a container has
    no embedded Redis)."""
    bind: str | None = None
    """Address gunicorn listens on (none: `0.0.0.0:$PORT`)."""
    port: int = 8000
    """Port of the main listener (the variable is `PORT`, as platforms set it)."""
    host: str = "127.0.0.1"
    """The address `cardtable serve` binds when no CARDTABLE_BIND is set."""
    workers: int = 2
    """gunicorn worker processes (one per core is a good start)."""
    worker_class: str = "cardtable.server.worker.CardtableWorker"
    """gevent-based; `gthread` only to compare."""
    threads: int = 4
    """Threads per worker, under `gthread` only."""
    worker_connections: int | None = None
    """Open connections per worker (none: CARDTABLE_MAX_STREAMS, else 3000, + 1000: idle
    keep-alives, long-polls, streams included); beyond it new connections wait unanswered
    in the listen backlog."""
    read_timeout: float = 10.0
    """A request, headers and body, must arrive within this many seconds of its first byte;
    a new connection must send within it."""
    write_timeout: float = 30.0
    """A single send to a client may block this long."""
    keepalive: int = 75
    """Idle keep-alive; above the proxy's upstream idle timeout."""
    graceful_timeout: int = 20
    """Longest time requests get to finish after SIGTERM (idle connections are closed at
    once)."""
    worker_timeout: int = 30
    """A worker silent this long is replaced."""
    max_requests: int = 200_000
    """A worker is recycled after this many requests (plus a jitter): a backstop against
    memory growth. It stops as on SIGTERM (streams end with `retry:`, long-polls answer, the
    master starts a new worker); 0: never."""
    max_requests_jitter: int = 20_000
    """Up to this many requests more, drawn per worker, so that a pod's workers are not
    recycled together."""
    worker_tmp_dir: str | None = None
    """Where gunicorn keeps its temporary files (none: /dev/shm when there is one)."""
    ops_port: int | None = None
    """A second port for `/metrics` and the docs (9000 in k8s); they are then refused on the
    main port."""
    public_docs: bool = False
    """With an ops port: keep `/docs` and `/openapi.json` on the main port too."""
    log_format: str = "json"
    """`text` for a terminal."""
    access_log: bool = True
    """One line per request."""
    log_probes: bool = False
    """Also log `/livez`, `/readyz` and `/metrics`."""
    watch_seconds: float = 10.0
    """How often each worker checks Redis (`cardtable_redis_up`, data loss) and its own
    memory and CPU."""
    prometheus_multiproc_dir: str | None = None
    """The Prometheus client's folder for the workers' metrics (the variable is
    `PROMETHEUS_MULTIPROC_DIR`, which the client reads itself too); none: one process."""

    def __post_init__(self) -> None:
        # A TTL of 0 would make Redis delete every game as soon as it is written.
        for name in ("game_ttl_seconds", "finished_ttl_seconds", "max_body_bytes",
                     "redis_max_connections", "stored_per_client",
                     "bot_moves_per_request", "waiting_ttl_seconds",
                     "takeover_timeouts", "idempotency_ttl_seconds",
                     "redis_wait_timeout_ms", "streams_per_address"):  # fmt: skip
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")
        for name in ("bot_budget_seconds", "redis_timeout_seconds",
                     "redis_connect_timeout_seconds", "start_wait_seconds"):  # fmt: skip
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")
        if self.redis_cluster and self.redis_wait_replicas not in (0, AUTO):
            raise ValueError("redis_wait_replicas (WAIT) is for one master with replicas "
                             "(Sentinel), not a Redis Cluster")  # fmt: skip
        for name in ("max_requests", "max_requests_jitter"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be 0 or more, not {getattr(self, name)}")
        if self.redis_write_resends < 0:
            raise ValueError(
                f"redis_write_resends must be 0 or more, not {self.redis_write_resends}"
            )
        if self.redis_wait_replicas != AUTO and not (
            isinstance(self.redis_wait_replicas, int) and self.redis_wait_replicas >= 0
        ):
            raise ValueError(
                f"redis_wait_replicas must be auto or 0 or more, not {self.redis_wait_replicas!r}"
            )
        if self.write_schema not in (3, 4, 5):
            raise ValueError(
                f"write_schema (CARDTABLE_WRITE_SCHEMA) must be 3, 4 or 5, not {self.write_schema}"
            )
        if not 1 <= self.rate_limit_lease <= 64:
            raise ValueError(f"rate_limit_lease must be from 1 to 64, not {self.rate_limit_lease}")
        if not 1 <= self.rate_limit_ipv6_prefix <= 128:
            raise ValueError(
                f"rate_limit_ipv6_prefix must be from 1 to 128, not {self.rate_limit_ipv6_prefix}"
            )
        if self.max_streams is not None and self.max_streams <= 0:
            raise ValueError(f"max_streams must be positive, not {self.max_streams}")
        if not 0 < self.sse_heartbeat_seconds <= 300:
            # Above a few minutes, proxies and browsers drop the idle stream anyway.
            raise ValueError(
                f"sse_heartbeat_seconds must be above 0 and at most 300, "
                f"not {self.sse_heartbeat_seconds}"
            )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        url = env.get("CARDTABLE_REDIS_URL") or env.get("REDIS_URL")
        if url:
            values["redis_url"] = url
        for name in (*STRINGS, *NUMBERS, *BOOLEANS):
            if env.get(variable_of(name), "").strip():
                values[name] = cls.read(name, env)
        if "CARDTABLE_REDIS_CLUSTER" in env:
            values["redis_cluster"] = _bool(env["CARDTABLE_REDIS_CLUSTER"])
        if env.get("CARDTABLE_REDIS_SENTINELS"):
            values["redis_sentinels"] = _list(env["CARDTABLE_REDIS_SENTINELS"])
        if env.get("CARDTABLE_RATE_LIMITS_ENABLED"):
            values["rate_limits_enabled"] = _bool(env["CARDTABLE_RATE_LIMITS_ENABLED"])
        if env.get("CARDTABLE_RATE_LIMITS"):
            # CARDTABLE_RATE_LIMITS=off: no budgets at all, for a server on your own machine
            # (an arena of bots over HTTP); docs/limits.md.
            values["rate_limits_enabled"] = _bool(env["CARDTABLE_RATE_LIMITS"])
        if env.get("CARDTABLE_LOG_LEVEL"):
            values["log_level"] = env["CARDTABLE_LOG_LEVEL"].upper()
        if env.get("CARDTABLE_CORS_ORIGINS"):
            values["cors_origins"] = _list(env["CARDTABLE_CORS_ORIGINS"])
        if values.get("require_redis_url") and not (url or values.get("redis_sentinels")):
            # In a container there is no embedded Redis: refuse to start pointed at nothing.
            raise ValueError(
                "no Redis configured: set CARDTABLE_REDIS_URL (redis:// or rediss://) or "
                "CARDTABLE_REDIS_SENTINELS (see docs/deploying.md)"
            )
        return cls(**values)

    def with_overrides(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    @classmethod
    def read(cls, name: str, env: Mapping[str, str] | None = None) -> Any:
        """One setting from the environment (`os.environ` unless `env`), converted, or its
        default when unset or empty: for the process's code that runs before an app
        exists (gunicorn's settings, logging). ValueError names a variable it cannot read."""
        env = os.environ if env is None else env
        value = env.get(variable_of(name), "").strip()
        if not value and name == "redis_url":
            value = env.get("REDIS_URL", "").strip()  # the name platforms give it
        if not value:
            return _DEFAULTS[name]
        if name in BOOLEANS:
            return _bool(value)
        if name in NUMBERS:
            return _number(variable_of(name), value, NUMBERS[name])
        return value


def _number(variable: str, value: str, convert: Callable[[str], Any]) -> Any:
    try:
        return convert(value)
    except ValueError:
        kind = getattr(convert, "expected", "a whole number" if convert is int else "a number")
        raise ValueError(f"{variable} must be {kind}, not {value!r}") from None


def variable_of(field: str) -> str:
    """The environment variable of a setting: CARDTABLE_ and the field's name in capitals
    (a few have the names their platforms give them: `PORT`, `PROMETHEUS_MULTIPROC_DIR`)."""
    return VARIABLES.get(field, f"CARDTABLE_{field.upper()}")


VARIABLES = {"port": "PORT", "prometheus_multiproc_dir": "PROMETHEUS_MULTIPROC_DIR"}


# Plain settings read from the environment as they are (see `_variable`).
STRINGS = (
    "redis_password",
    "redis_username",
    "idempotency_secret",
    "redis_ca_file",
    "redis_sentinel_service",
    "redis_sentinel_password",
    "key_prefix",
    # Rate limits, in the `limits` notation ("30/minute"): docs/deploying.md, "Limits and quotas".
    "rate_limit_create",
    "rate_limit_moves",
    "rate_limit_reads",
    "rate_limit_seat_moves",
    "rate_limit_seat_reads",
    "rate_limit_tables",
    "rate_limit_ops",
    "rate_limit_players",
    "rate_limit_queue",
    "rate_limit_chat",
    "rate_limit_seat_chat",
    "rate_limit_analysis",
    # The process's.
    "bind",
    "host",
    "worker_class",
    "worker_tmp_dir",
    "log_format",
    "prometheus_multiproc_dir",
)
# Yes/no settings (1, true, yes, on / 0, false, no, off).
BOOLEANS = (
    "require_redis_url",
    "public_docs",
    "access_log",
    "log_probes",
    "return_freed_memory",
    "tracing",
)
# Numeric settings, read the same way: field -> conversion.
NUMBERS: dict[str, Callable[[str], Any]] = {
    "game_ttl_seconds": int,
    "finished_ttl_seconds": int,
    "waiting_ttl_seconds": int,
    "takeover_timeouts": int,
    "queue_expire_seconds": float,
    "settle_sweep_seconds": float,
    "max_body_bytes": int,
    "redis_max_connections": int,
    "redis_timeout_seconds": float,
    "redis_connect_timeout_seconds": float,
    "start_wait_seconds": float,
    "bot_budget_seconds": float,
    "stored_per_client": int,
    "trusted_proxies": int,
    "rate_limit_ipv6_prefix": int,
    "rate_limit_lease": int,
    "bot_moves_per_request": int,
    "write_schema": int,
    # Push: CARDTABLE_MAX_STREAMS, CARDTABLE_SSE_HEARTBEAT_SECONDS,
    # CARDTABLE_STREAMS_PER_ADDRESS.
    "max_streams": int,
    "sse_heartbeat_seconds": float,
    # Writes: docs/consistency.md.
    "idempotency_ttl_seconds": int,
    "redis_write_resends": int,
    "redis_wait_replicas": _replicas,
    "redis_wait_timeout_ms": int,
    "streams_per_address": int,
    # The process's.
    "port": int,
    "workers": int,
    "threads": int,
    "worker_connections": int,
    "read_timeout": float,
    "write_timeout": float,
    "keepalive": int,
    "graceful_timeout": int,
    "worker_timeout": int,
    "max_requests": int,
    "max_requests_jitter": int,
    "ops_port": int,
    "watch_seconds": float,
}
_DEFAULTS: dict[str, Any] = {
    item.name: item.default_factory() if callable(item.default_factory) else item.default
    for item in fields(Settings)
}


def gunicorn_script_name() -> str:
    """gunicorn's own `SCRIPT_NAME` variable (a mount prefix it takes off every path; not a
    Cardtable setting): the worker's early refusals keep out of its way when it is set."""
    return os.environ.get("SCRIPT_NAME", "")


OTEL_SANITIZE_HEADERS = "OTEL_INSTRUMENTATION_HTTP_CAPTURE_HEADERS_SANITIZE_FIELDS"


def otel_variables() -> dict[str, str]:
    """The standard OTEL_* variables: OpenTelemetry reads them itself (they are not
    Cardtable settings); cardtable.tracing looks at a few to decide and to say what it does."""
    return {name: value for name, value in os.environ.items() if name.startswith("OTEL_")}


def mask_otel_headers(names: tuple[str, ...]) -> None:
    """Add `names` to the request headers OpenTelemetry's HTTP instrumentation masks (it
    reads OTEL_INSTRUMENTATION_HTTP_CAPTURE_HEADERS_SANITIZE_FIELDS on each request), so
    an operator who captures every header (`.*`) still records none of these."""
    asked = [item.strip() for item in os.environ.get(OTEL_SANITIZE_HEADERS, "").split(",")]
    masked = [item for item in asked if item]
    known = {item.lower() for item in masked}
    os.environ[OTEL_SANITIZE_HEADERS] = ",".join(masked + [n for n in names if n not in known])
