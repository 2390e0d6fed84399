"""gunicorn's settings come from the environment, and a restart starts metrics afresh."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

import cardtable.server.gunicorn_conf

CONF = Path(cardtable.server.gunicorn_conf.__file__)


def load(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    """The config module's globals as evaluated under `env` (as gunicorn reads them)."""
    for name in list(env):
        monkeypatch.setenv(name, env[name])
    return runpy.run_path(str(CONF))


def test_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CARDTABLE_BIND", "PORT", "CARDTABLE_WORKERS", "CARDTABLE_THREADS"):
        monkeypatch.delenv(name, raising=False)
    conf = load(monkeypatch)
    assert conf["bind"] == "0.0.0.0:8000"
    assert (conf["workers"], conf["worker_class"]) == (2, "cardtable.server.worker.CardtableWorker")
    # Room for the streams a worker may hold (3,000) and 1,000 ordinary connections more.
    assert (conf["worker_connections"], conf["keepalive"]) == (4000, 75)
    assert conf["graceful_timeout"] == 20
    assert conf["accesslog"] is None, "the app writes the access lines (cardtable.logs)"
    assert conf["logconfig_dict"]["formatters"]["main"] == {"()": "cardtable.logs.JsonFormatter"}
    assert conf["control_socket_disable"] is True


def test_environment_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDTABLE_BIND", raising=False)
    conf = load(
        monkeypatch,
        PORT="9123",
        CARDTABLE_WORKERS="5",
        CARDTABLE_THREADS="8",
        CARDTABLE_GRACEFUL_TIMEOUT="45",
        CARDTABLE_ACCESS_LOG="false",
        CARDTABLE_LOG_LEVEL="WARNING",
    )
    assert conf["bind"] == "0.0.0.0:9123"
    assert (conf["workers"], conf["threads"], conf["graceful_timeout"]) == (5, 8, 45)
    assert conf["loglevel"] == "warning"
    assert conf["logconfig_dict"]["root"]["level"] == "WARNING"


def test_on_starting_clears_stale_metrics_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    metrics = tmp_path / "metrics"
    conf = load(monkeypatch, PROMETHEUS_MULTIPROC_DIR=str(metrics))
    conf["on_starting"](None)
    assert metrics.is_dir()
    (metrics / "counter_123.db").write_bytes(b"stale")
    (metrics / "keep.txt").write_text("not ours")
    conf["on_starting"](None)
    assert sorted(p.name for p in metrics.iterdir()) == ["keep.txt"]


def test_gunicorn_formats_no_access_line_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app writes the access lines; gunicorn's logger, given the logging config, would
    still build every request's atoms for a line it then drops."""
    from gunicorn.config import Config

    conf = load(monkeypatch)
    cfg = Config()
    cfg.set("logconfig_dict", conf["logconfig_dict"])
    cfg.set("logger_class", conf["logger_class"])
    logger = cfg.logger_class(cfg)
    assert not logger.access_log_enabled
    built: list[Any] = []
    monkeypatch.setattr(logger, "atoms", lambda *args: built.append(args) or {})
    logger.access(None, None, {}, None)
    assert built == []
