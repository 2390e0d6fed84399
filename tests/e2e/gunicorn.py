"""A real gunicorn serving Cardtable (as the image runs it), its log kept in a file."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from cardtable.server.child_process import ChildProcess
from cardtable.server.redis_server import free_port
from tests.support import gunicorn_process


@dataclass
class Gunicorn(ChildProcess):
    stop_seconds = 30
    env: dict[str, str] = field(default_factory=dict)
    workers: int = 1
    ready_path: str = "/livez"
    port: int = 0
    config: str = "python:cardtable.server.gunicorn_conf"
    """gunicorn's -c: the image's settings, or a test's own file that imports them."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        assert self.scratch is not None
        return self.scratch / "server.log"

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def start(self, wait: bool = True) -> Gunicorn:
        """Launch gunicorn and (unless not `wait`) return once `ready_path` answers."""
        self.port = self.port or free_port()
        self.scratch = Path(tempfile.mkdtemp(prefix="cardtable-e2e-"))
        env = {
            **os.environ,
            "CARDTABLE_BIND": f"127.0.0.1:{self.port}",
            "CARDTABLE_WORKERS": str(self.workers),
            "PROMETHEUS_MULTIPROC_DIR": str(self.scratch / "metrics"),
            **self.env,
        }
        with self.log_path.open("wb") as log:
            self.process = gunicorn_process.launch(self.config, env, log, subprocess.STDOUT)
        ready = self.url + self.ready_path
        if not wait or gunicorn_process.wait_ready(self.process, ready, self.log_text):
            return self
        self.stop()
        raise TimeoutError("gunicorn did not answer in 30 s")

    def metric(self, name: str) -> float:
        """The value of a metric line starting with `name` (0 when absent)."""
        text = httpx.get(self.url + "/metrics", timeout=10).text
        match = re.search(rf"^{re.escape(name)} ([0-9.e+-]+)$", text, re.MULTILINE)
        return float(match.group(1)) if match else 0.0

    def wait_for_metric(self, name: str, at_least: float, timeout: float = 30) -> float:
        deadline = time.monotonic() + timeout
        while True:
            value = self.metric(name)
            if value >= at_least or time.monotonic() > deadline:
                return value
            time.sleep(0.1)

    def terminate(self, timeout: float = 60) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout)
