"""Settings from the environment, read once by the app factory (and overridable in tests)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any


def _bool(value: str) -> bool:
    if value.strip().lower() in {"1", "true", "yes", "on"}:
        return True
    if value.strip().lower() in {"0", "false", "no", "off", ""}:
        return False
    raise ValueError(f"not a boolean: {value!r}")


@dataclass(frozen=True)
class Settings:
    redis_url: str | None = None
    """redis:// or rediss:// URL; None means `cardtable serve` starts an embedded server."""
    redis_password: str | None = None
    redis_cluster: bool = False
    key_prefix: str = "cardtable"
    game_ttl_seconds: int = 7 * 24 * 3600
    """Idle expiry: refreshed by every move."""
    finished_ttl_seconds: int = 24 * 3600
    """How long a finished game (and its record) is kept."""
    log_level: str = "INFO"
    cors_origins: tuple[str, ...] = field(default_factory=tuple)
    max_body_bytes: int = 64 * 1024
    redis_timeout_seconds: float = 2.0
    bot_budget_seconds: float = 5.0
    """Time a request creating a game of server bots only may spend playing it (such a game
    is played in full at creation; one that does not end in time is refused)."""
    long_poll_slots: int = 2
    """Requests per process that may hold a thread while long-polling (`?wait=`); the others
    answer at once, so waiting clients can never take every thread from the rest."""

    rate_limits_enabled: bool = True
    rate_limit_create: str = "30/minute"
    """Games and sheets one client address may create (Flask-Limiter notation)."""
    rate_limit_moves: str = "600/minute"
    """Moves and sheet rounds one client address may send."""
    rate_limit_reads: str = "1200/minute"
    """Reads and polls one client address may send."""
    rate_limit_seat_moves: str = "240/minute"
    rate_limit_seat_reads: str = "600/minute"
    """Per bearer token (a seat, or a sheet's edit token), whatever the address."""
    stored_per_client: int = 1000
    """Games and sheets one address may create per idle-expiry period (game TTL), which
    bounds what it can keep stored at once."""
    trusted_proxies: int = 0
    """Reverse proxies in front of the service whose X-Forwarded-For is believed."""
    bot_moves_per_request: int = 200
    """Bot moves played per request in a game of server bots only (played lazily)."""

    def __post_init__(self) -> None:
        # A TTL of 0 would make Redis delete every game as soon as it is written.
        for name in ("game_ttl_seconds", "finished_ttl_seconds", "max_body_bytes",
                     "long_poll_slots", "stored_per_client",
                     "bot_moves_per_request"):  # fmt: skip
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")
        if self.trusted_proxies < 0:
            raise ValueError(f"trusted_proxies must be 0 or more, not {self.trusted_proxies}")
        for name in ("bot_budget_seconds", "redis_timeout_seconds"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        url = env.get("CARDTABLE_REDIS_URL") or env.get("REDIS_URL")
        if url:
            values["redis_url"] = url
        if env.get("CARDTABLE_REDIS_PASSWORD"):
            values["redis_password"] = env["CARDTABLE_REDIS_PASSWORD"]
        if "CARDTABLE_REDIS_CLUSTER" in env:
            values["redis_cluster"] = _bool(env["CARDTABLE_REDIS_CLUSTER"])
        if env.get("CARDTABLE_KEY_PREFIX"):
            values["key_prefix"] = env["CARDTABLE_KEY_PREFIX"]
        for name, key in (
            ("game_ttl_seconds", "CARDTABLE_GAME_TTL_SECONDS"),
            ("finished_ttl_seconds", "CARDTABLE_FINISHED_TTL_SECONDS"),
            ("max_body_bytes", "CARDTABLE_MAX_BODY_BYTES"),
        ):
            if env.get(key):
                values[name] = int(env[key])
        if env.get("CARDTABLE_REDIS_TIMEOUT_SECONDS"):
            values["redis_timeout_seconds"] = float(env["CARDTABLE_REDIS_TIMEOUT_SECONDS"])
        if env.get("CARDTABLE_BOT_BUDGET_SECONDS"):
            values["bot_budget_seconds"] = float(env["CARDTABLE_BOT_BUDGET_SECONDS"])
        if env.get("CARDTABLE_LONG_POLL_SLOTS"):
            values["long_poll_slots"] = int(env["CARDTABLE_LONG_POLL_SLOTS"])
        elif env.get("CARDTABLE_THREADS"):
            values["long_poll_slots"] = max(1, int(env["CARDTABLE_THREADS"]) // 2)
        values.update(_limit_settings(env))
        if env.get("CARDTABLE_LOG_LEVEL"):
            values["log_level"] = env["CARDTABLE_LOG_LEVEL"].upper()
        if env.get("CARDTABLE_CORS_ORIGINS"):
            origins = (o.strip() for o in env["CARDTABLE_CORS_ORIGINS"].split(","))
            values["cors_origins"] = tuple(o for o in origins if o)
        return cls(**values)

    def with_overrides(self, **changes: Any) -> Settings:
        return replace(self, **changes)


LIMIT_VARIABLES = {
    "rate_limit_create": "CARDTABLE_RATE_LIMIT_CREATE",
    "rate_limit_moves": "CARDTABLE_RATE_LIMIT_MOVES",
    "rate_limit_reads": "CARDTABLE_RATE_LIMIT_READS",
    "rate_limit_seat_moves": "CARDTABLE_RATE_LIMIT_SEAT_MOVES",
    "rate_limit_seat_reads": "CARDTABLE_RATE_LIMIT_SEAT_READS",
}
COUNT_VARIABLES = {
    "stored_per_client": "CARDTABLE_STORED_PER_CLIENT",
    "trusted_proxies": "CARDTABLE_TRUSTED_PROXIES",
    "bot_moves_per_request": "CARDTABLE_BOT_MOVES_PER_REQUEST",
}


def _limit_settings(env: Mapping[str, str]) -> dict[str, Any]:
    """The rate limits, quotas and bot work settings found in `env`."""
    values: dict[str, Any] = {
        name: env[key] for name, key in LIMIT_VARIABLES.items() if env.get(key)
    }
    values.update({name: int(env[key]) for name, key in COUNT_VARIABLES.items() if env.get(key)})
    if env.get("CARDTABLE_RATE_LIMITS_ENABLED"):
        values["rate_limits_enabled"] = _bool(env["CARDTABLE_RATE_LIMITS_ENABLED"])
    return values
