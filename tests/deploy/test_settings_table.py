"""docs/deploying.md's settings tables say what the code does: the application's table is
generated from `Settings`, the process's defaults are those gunicorn loads."""

from __future__ import annotations

import re
import runpy
from dataclasses import fields
from pathlib import Path

import pytest

import cardtable.gunicorn_conf
from cardtable import settings_table
from cardtable.config import Settings

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
        (row,) = [line for line in table.splitlines() if f"`CARDTABLE_{item.name.upper()}`" in line]
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
    for item in fields(Settings):
        if item.name in {"redis_url", "redis_sentinels", "cors_origins", "write_schema"}:
            continue
        kind = type(item.default) if item.default is not None else str
        if item.name == "max_streams":
            kind = int
        value = samples.get(kind, "x")
        if kind is bool:
            value = "false" if item.default else "true"
        if item.name == "log_level":
            value = "debug"
        env = {f"CARDTABLE_{item.name.upper()}": value}
        assert getattr(Settings.from_env(env), item.name) != getattr(Settings(), item.name), item


def test_the_process_defaults_are_gunicorns(monkeypatch: pytest.MonkeyPatch) -> None:
    documented = documented_rows(PAGE.read_text())
    for name in list(documented):
        if name.startswith("CARDTABLE_") or name == "PORT":
            monkeypatch.delenv(name, raising=False)
    conf = runpy.run_path(cardtable.gunicorn_conf.__file__)
    loaded = {
        "CARDTABLE_WORKERS": conf["workers"],
        "CARDTABLE_THREADS": conf["threads"],
        "CARDTABLE_WORKER_CONNECTIONS": conf["worker_connections"],
        "CARDTABLE_KEEPALIVE": conf["keepalive"],
        "CARDTABLE_GRACEFUL_TIMEOUT": conf["graceful_timeout"],
        "CARDTABLE_WORKER_TIMEOUT": conf["timeout"],
        "CARDTABLE_WORKER_CLASS": conf["worker_class"],
        "PORT": int(str(conf["bind"]).rpartition(":")[2]),
    }
    for name, value in loaded.items():
        assert documented[name] == f"`{value}`", f"{name}: documented {documented[name]}"
    from cardtable.worker import _seconds

    for name, default in (("CARDTABLE_READ_TIMEOUT", 10.0), ("CARDTABLE_WRITE_TIMEOUT", 30.0)):
        assert _seconds(name, default) == default
        assert documented[name] == f"`{int(default)}`"
