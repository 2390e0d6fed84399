"""Start-up checks, made once by gunicorn's master before any worker starts.

Every failure is one JSON log line on stderr (`event: start_failed`, a `reason`, the
`exit_code` and a message saying what to fix) and a distinct exit code, instead of a
traceback from each worker and gunicorn's generic "Worker failed to boot" (exit code 3):

| exit code | reason              | what happened                                          |
|-----------|---------------------|--------------------------------------------------------|
| 78        | `bad_setting`       | a setting does not parse or is out of range            |
| 69        | `redis_unreachable` | no answer from Redis within CARDTABLE_START_WAIT_SECONDS |
| 77        | `redis_refused`     | Redis answers but refuses the credentials (AUTH, ACL)  |

(78, 69 and 77 are sysexits' EX_CONFIG, EX_UNAVAILABLE and EX_NOPERM.) The Redis check runs
in a child process (`python -m cardtable.server.startup`): the master must not import the Redis
client before gevent patches the workers' sockets.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import NoReturn

from cardtable.config import Settings

EXIT_BAD_SETTING = 78
EXIT_REDIS_UNREACHABLE = 69
EXIT_REDIS_REFUSED = 77
EXIT_CODES = {
    "bad_setting": EXIT_BAD_SETTING,
    "redis_unreachable": EXIT_REDIS_UNREACHABLE,
    "redis_refused": EXIT_REDIS_REFUSED,
}


def fail(reason: str, message: str) -> NoReturn:
    """Write the one line (the shape of cardtable.logs' lines) and exit with the code."""
    code = EXIT_CODES[reason]
    line = {
        "level": "CRITICAL",
        "logger": "cardtable.server.startup",
        "message": f"cannot start: {message}",
        "time": datetime.now(UTC).isoformat(),
        "event": "start_failed",
        "reason": reason,
        "exit_code": code,
    }
    sys.stderr.write(json.dumps(line) + "\n")
    sys.stderr.flush()
    os._exit(code)  # from gunicorn's master: no worker, no listener exists yet


def settings_or_exit(env: Mapping[str, str] | None = None) -> Settings:
    try:
        return Settings.from_env(env)
    except ValueError as error:  # int("abc") and every range check of Settings
        fail("bad_setting", str(error))


def check_before_workers() -> None:
    """The master's check (gunicorn's on_starting): settings, then Redis in a child."""
    settings = settings_or_exit()
    if not (settings.redis_url or settings.redis_sentinels):
        return  # no Redis configured outside a container: the app serves offline errors
    child = subprocess.run([sys.executable, "-m", "cardtable.server.startup"], check=False)
    if child.returncode != 0:
        # The child wrote the line; the master exits with its code, having started nothing.
        os._exit(child.returncode)


def redis_problem(settings: Settings) -> tuple[str, str] | None:
    """(reason, message) when Redis cannot be used, after waiting start_wait_seconds."""
    import redis

    from cardtable.store.connection import connect

    deadline = time.monotonic() + settings.start_wait_seconds
    where = _where(settings)
    while True:
        try:
            client = connect(settings)
            client.ping()
            client.close()
            return None
        except redis.AuthenticationError as error:
            return "redis_refused", f"Redis at {where} refused the credentials: {error}"
        except redis.ResponseError as error:
            if str(error).startswith(("NOAUTH", "WRONGPASS", "NOPERM")):
                return "redis_refused", f"Redis at {where} refused the credentials: {error}"
            raise
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            if time.monotonic() >= deadline:
                return (
                    "redis_unreachable",
                    f"no answer from Redis at {where} within {settings.start_wait_seconds:g} s "
                    f"(CARDTABLE_START_WAIT_SECONDS): {error}",
                )
        time.sleep(0.5)


def _where(settings: Settings) -> str:
    if settings.redis_sentinels:
        return f"Sentinels {','.join(settings.redis_sentinels)} ({settings.redis_sentinel_service})"
    url = settings.redis_url or ""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}"  # never the password


def main() -> int:
    settings = settings_or_exit()
    problem = redis_problem(settings)
    if problem is not None:
        fail(*problem)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
