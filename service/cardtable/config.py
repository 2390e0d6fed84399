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
    waiting_ttl_seconds: int = 3600
    """Expiry of a game still waiting for players (open seats)."""
    takeover_timeouts: int = 3
    """Turn-timer timeouts in a row after which the greedy bot keeps the seat."""
    """Requests per process that may hold a thread while long-polling (`?wait=`); the others
    answer at once, so waiting clients can never take every thread from the rest."""

    def __post_init__(self) -> None:
        # A TTL of 0 would make Redis delete every game as soon as it is written.
        for name in ("game_ttl_seconds", "finished_ttl_seconds", "max_body_bytes",
                     "long_poll_slots", "waiting_ttl_seconds", "takeover_timeouts"):  # fmt: skip
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)}")
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
            ("waiting_ttl_seconds", "CARDTABLE_WAITING_TTL_SECONDS"),
            ("takeover_timeouts", "CARDTABLE_TAKEOVER_TIMEOUTS"),
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
        if env.get("CARDTABLE_LOG_LEVEL"):
            values["log_level"] = env["CARDTABLE_LOG_LEVEL"].upper()
        if env.get("CARDTABLE_CORS_ORIGINS"):
            origins = (o.strip() for o in env["CARDTABLE_CORS_ORIGINS"].split(","))
            values["cors_origins"] = tuple(o for o in origins if o)
        return cls(**values)

    def with_overrides(self, **changes: Any) -> Settings:
        return replace(self, **changes)
