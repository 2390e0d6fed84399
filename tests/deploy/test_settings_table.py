"""docs/deploying.md's settings tables say what the code does: the application's table is
generated from `Settings`, the process's defaults are those gunicorn loads."""

from __future__ import annotations

import re
import runpy
from dataclasses import fields
from pathlib import Path

import pytest

import cardtable.server.gunicorn_conf
from cardtable import config, settings_table
from cardtable.config import GEVENT_MAX_STREAMS, Settings

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs/deploying.md"


def documented_rows(text: str) -> dict[str, str]:
    """Variable -> default cell, for every row of the page's tables."""
    rows = {}
    for line in text.splitlines():
        match = re.match(r"\| `([A-Z_]+)`[^|]*\| ([^|]+) \|", line)
        if match:
            rows[match.group(1)] = match.group(2).strip()
    return rows


def test_the_application_table_is_the_generated_one() -> None:
    text = PAGE.read_text()
    assert settings_table.replace_in(text) == text, (
        "docs/deploying.md's settings table differs from Settings: run "
        "`python -m cardtable.settings_table --write docs/deploying.md`"
    )


def test_every_setting_is_documented_with_a_meaning() -> None:
    table = settings_table.table()
    for item in fields(Settings):
        variable = config.variable_of(item.name)
        (row,) = [line for line in table.splitlines() if f"| `{variable}`" in line]
        assert not row.endswith("|  |"), f"{item.name} has no docstring in config.py"


def test_a_changed_default_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    text = PAGE.read_text()
    drifted = text.replace(
        "| `CARDTABLE_REDIS_TIMEOUT_SECONDS` | `1` |", "| `CARDTABLE_REDIS_TIMEOUT_SECONDS` | `2` |"
    )
    assert drifted != text
    assert settings_table.replace_in(drifted) != drifted


def test_every_documented_variable_is_read_by_from_env() -> None:
    """Setting each documented variable changes its field: the name in the table is real."""
    samples = {int: "7", float: "7.5", str: "x", bool: "false"}
    skipped = {"redis_url", "redis_sentinels", "cors_origins", "write_schema"}
    # Without a Redis URL, CARDTABLE_REQUIRE_REDIS_URL refuses (tests/deploy: test_startup).
    for item in fields(Settings):
        if item.name in skipped | {"require_redis_url"}:
            continue
        kind = config.NUMBERS.get(item.name) or (
            type(item.default) if item.default is not None else str
        )
        value = samples.get(kind, "x")
        if kind is bool:
            value = "false" if item.default else "true"
        if item.name == "log_level":
            value = "debug"
        if item.name == "redis_wait_replicas":
            value = "2"  # auto or a number
        env = {config.variable_of(item.name): value}
        assert getattr(Settings.from_env(env), item.name) != getattr(Settings(), item.name), item


def test_the_process_defaults_are_gunicorns(monkeypatch: pytest.MonkeyPatch) -> None:
    documented = documented_rows(PAGE.read_text())
    for name in list(documented):
        if name.startswith("CARDTABLE_") or name in config.VARIABLES.values():
            monkeypatch.delenv(name, raising=False)
    conf = runpy.run_path(cardtable.server.gunicorn_conf.__file__)
    loaded = {
        "CARDTABLE_WORKERS": conf["workers"],
        "CARDTABLE_THREADS": conf["threads"],
        "CARDTABLE_KEEPALIVE": conf["keepalive"],
        "CARDTABLE_GRACEFUL_TIMEOUT": conf["graceful_timeout"],
        "CARDTABLE_WORKER_TIMEOUT": conf["timeout"],
        "CARDTABLE_WORKER_CLASS": conf["worker_class"],
        "PORT": int(str(conf["bind"]).rpartition(":")[2]),
    }
    for name, value in loaded.items():
        assert documented[name] == f"`{value}`", f"{name}: documented {documented[name]}"
    assert documented["CARDTABLE_WORKER_CONNECTIONS"] == "none"
    assert conf["worker_connections"] == GEVENT_MAX_STREAMS + 1000

    for name, default in (("read_timeout", 10.0), ("write_timeout", 30.0)):
        assert Settings.read(name) == default
        assert documented[config.variable_of(name)] == f"`{int(default)}`"


def test_no_module_but_config_reads_the_environment() -> None:
    """Every setting goes through `Settings` (named, converted, documented once): no other
    service module reads os.environ (`cli.serve` copies it whole, to hand it to gunicorn)."""
    service = ROOT / "service"
    reads = re.compile(r"os\.environ\b(?!\))|os\.getenv|environ\.get\(\s*\"(CARDTABLE_|PORT)")
    stray = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(service.rglob("*.py"))
        if path.name != "config.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if reads.search(line)
    ]
    assert stray == []
