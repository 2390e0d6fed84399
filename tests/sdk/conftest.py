"""SDK fixtures: a `Cardtable` on the session's live server (gunicorn + real Redis), the
examples folder importable, and a stub HTTP server for answers a real server never gives."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable_sdk import Cardtable
from tests.support.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "sdk" / "examples"


@pytest.fixture
def table(live_server: LiveServer) -> Iterator[Cardtable]:
    with Cardtable(live_server.url, timeout=15) as table:
        yield table


@pytest.fixture
def examples(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The examples import each other as scripts do (their folder first on sys.path)."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    for name in ("skyjo_random", "skyjo_smart", "skipbo_random", "skipbo_smart", "vs_greedy"):
        sys.modules.pop(name, None)
    return EXAMPLES
