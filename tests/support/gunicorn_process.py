"""What the two test servers (tests/e2e/gunicorn.py's Gunicorn, this folder's LiveServer)
share: gunicorn launched on a loopback port, waited for until a path answers 200 (both are
stopped as cardtable.server.child_process stops any child)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from typing import IO, Any

import httpx


def launch(
    config: str, env: Mapping[str, str], stdout: int | IO[Any], stderr: int
) -> subprocess.Popen[bytes]:
    """gunicorn serving the app with `-c config` (bind, workers... come from `env`)."""
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", config, "cardtable.wsgi:app"],
        env=env, stdout=stdout, stderr=stderr,
    )  # fmt: skip


def wait_ready(
    process: subprocess.Popen[bytes],
    url: str,
    output: Callable[[], str],
    seconds: float | None = None,
) -> bool:
    """Whether `url` answered 200 within `seconds` (by default 30, or
    CARDTABLE_TEST_READY_SECONDS: more on a crowded machine, where starting the workers
    alone can take that); RuntimeError with the end of `output()` when gunicorn exits first."""
    if seconds is None:
        seconds = float(os.environ.get("CARDTABLE_TEST_READY_SECONDS", "30"))
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited early:\n{output()[-3000:]}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    return False
