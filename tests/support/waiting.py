"""Waiting in tests for what a real server does in its own time (a failover, a replica)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def eventually(check: Callable[[], Any], what: str = "", timeout: float = 60) -> Any:
    """Poll `check` until it returns something true, and return that (the waits here are
    the servers' own, not timing assertions: `timeout` only bounds a wait that never ends)."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        assert time.monotonic() < deadline, f"gave up waiting for {what or check}"
        time.sleep(0.1)
