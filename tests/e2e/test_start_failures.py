"""Every failure at start is one JSON line and a distinct exit code, from a real gunicorn
started the way the image starts it (cardtable.server.startup)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import redis

from cardtable.server.redis_server import RedisServer, free_port
from cardtable.server.startup import EXIT_BAD_SETTING, EXIT_REDIS_REFUSED, EXIT_REDIS_UNREACHABLE

GUNICORN = [sys.executable, "-m", "gunicorn", "-c", "python:cardtable.server.gunicorn_conf"]


def start(env: dict[str, str], tmp_path: Path) -> tuple[int, list[dict[str, object]], str]:
    """Run the server until it exits: its code, its JSON lines, anything not JSON."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("CARDTABLE_", "REDIS_"))}
    result = subprocess.run(
        [*GUNICORN, "cardtable.wsgi:app"],
        env={
            **clean,
            "CARDTABLE_BIND": f"127.0.0.1:{free_port()}",
            "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines, other = [], []
    for line in (result.stdout + result.stderr).splitlines():
        try:
            lines.append(json.loads(line))
        except ValueError:
            other.append(line)
    return result.returncode, lines, "\n".join(other)


@pytest.mark.parametrize(
    ("env", "code", "reason", "says"),
    [
        (
            {"CARDTABLE_REQUIRE_REDIS_URL": "1"},
            EXIT_BAD_SETTING, "bad_setting", "CARDTABLE_REDIS_URL",
        ),
        (
            {"CARDTABLE_REDIS_URL": "redis://r:1/0", "CARDTABLE_GAME_TTL_SECONDS": "a week"},
            EXIT_BAD_SETTING, "bad_setting", "CARDTABLE_GAME_TTL_SECONDS must be a whole number",
        ),
        ({"CARDTABLE_WORKERS": "two"}, EXIT_BAD_SETTING, "bad_setting", "CARDTABLE_WORKERS"),
        (
            {"CARDTABLE_REDIS_URL": "redis://127.0.0.1:1/0", "CARDTABLE_WRITE_SCHEMA": "9"},
            EXIT_BAD_SETTING, "bad_setting", "write_schema",
        ),
        (
            {"CARDTABLE_REDIS_URL": "redis://:s3cret@127.0.0.1:{closed}/0",
             "CARDTABLE_START_WAIT_SECONDS": "1"},
            EXIT_REDIS_UNREACHABLE, "redis_unreachable", "no answer from Redis at redis://127.0.0.1:",
        ),
    ],
)  # fmt: skip
def test_a_start_failure_is_one_json_line_and_its_own_exit_code(
    env: dict[str, str], code: int, reason: str, says: str, tmp_path: Path
) -> None:
    env = {name: value.replace("{closed}", str(free_port())) for name, value in env.items()}
    exit_code, lines, other = start(env, tmp_path)
    assert exit_code == code, (lines, other)
    assert other == "", "every line is JSON (no traceback, no plain text)"
    (failure,) = [line for line in lines if line.get("level") in {"ERROR", "CRITICAL"}]
    assert failure["event"] == "start_failed" and failure["reason"] == reason
    assert failure["exit_code"] == code
    assert says in str(failure["message"]), failure["message"]
    assert "s3cret" not in json.dumps(lines)
    assert not any("Booting worker" in str(line.get("message")) for line in lines)


def test_redis_refusing_the_password_is_its_own_failure(tmp_path: Path) -> None:
    with RedisServer() as redis_server:
        redis.Redis.from_url(redis_server.url).config_set("requirepass", "right")
        url = redis_server.url.replace("redis://", "redis://:wrong@")
        exit_code, lines, other = start({"CARDTABLE_REDIS_URL": url}, tmp_path)
    assert exit_code == EXIT_REDIS_REFUSED, (lines, other)
    (failure,) = [line for line in lines if line.get("event") == "start_failed"]
    assert failure["reason"] == "redis_refused" and "wrong" not in json.dumps(lines)
    assert len({EXIT_BAD_SETTING, EXIT_REDIS_UNREACHABLE, EXIT_REDIS_REFUSED, 0, 1, 3, 4}) == 7
