"""Settings for Redis topologies and the container's fail-fast, read from the environment."""

from __future__ import annotations

import pytest

from cardtable.config import Settings


def test_sentinel_tls_and_acl_settings() -> None:
    settings = Settings.from_env(
        {
            "CARDTABLE_REDIS_SENTINELS": "s0:26379, s1:26380,,",
            "CARDTABLE_REDIS_SENTINEL_SERVICE": "games",
            "CARDTABLE_REDIS_SENTINEL_PASSWORD": "sp",
            "CARDTABLE_REDIS_USERNAME": "cardtable",
            "CARDTABLE_REDIS_PASSWORD": "pw",
            "CARDTABLE_REDIS_CA_FILE": "/etc/ca.pem",
            "CARDTABLE_REDIS_MAX_CONNECTIONS": "12",
            "CARDTABLE_REDIS_TIMEOUT_SECONDS": "0.75",
        }
    )
    assert settings.redis_sentinels == ("s0:26379", "s1:26380")
    assert (settings.redis_sentinel_service, settings.redis_sentinel_password) == ("games", "sp")
    assert (settings.redis_username, settings.redis_password) == ("cardtable", "pw")
    assert settings.redis_ca_file == "/etc/ca.pem"
    assert (settings.redis_max_connections, settings.redis_timeout_seconds) == (12, 0.75)


def test_short_redis_timeouts_by_default() -> None:
    settings = Settings()
    assert settings.redis_timeout_seconds <= 1 and settings.redis_connect_timeout_seconds <= 1


@pytest.mark.parametrize(
    "env",
    [
        {"CARDTABLE_REQUIRE_REDIS_URL": "1"},
        {"CARDTABLE_REQUIRE_REDIS_URL": "true", "CARDTABLE_REDIS_URL": ""},
    ],
)
def test_a_container_without_redis_fails_at_once(env: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="no Redis configured"):
        Settings.from_env(env)


@pytest.mark.parametrize(
    "env",
    [
        {"CARDTABLE_REQUIRE_REDIS_URL": "1", "CARDTABLE_REDIS_URL": "redis://r:6379/0"},
        {"CARDTABLE_REQUIRE_REDIS_URL": "1", "REDIS_URL": "rediss://r:6380/0"},
        {"CARDTABLE_REQUIRE_REDIS_URL": "1", "CARDTABLE_REDIS_SENTINELS": "s:26379"},
        {},  # a laptop: `cardtable serve` starts its own redis-server
    ],
)
def test_a_redis_location_satisfies_the_requirement(env: dict[str, str]) -> None:
    Settings.from_env(env)


def test_pool_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="redis_max_connections"):
        Settings(redis_max_connections=0)
