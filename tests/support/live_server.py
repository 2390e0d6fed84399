"""A real Cardtable server for end-to-end tests: gunicorn (as `cardtable serve` runs it) on a
free loopback port, against a given Redis URL."""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.server.child_process import ChildProcess
from cardtable.server.redis_server import free_port
from tests.support import gunicorn_process


@dataclass
class LiveServer(ChildProcess):
    stop_seconds = 20  # gunicorn lets its workers finish their requests first
    redis_url: str
    workers: int = 2
    threads: int = 4
    extra_env: dict[str, str] = field(default_factory=dict)
    port: int = 0
    config: str = "python:cardtable.server.gunicorn_conf"
    stdout: int = subprocess.DEVNULL
    """Where the server's log goes (stdout, as JSON lines): subprocess.PIPE to read it."""
    ready_seconds: float = 90
    """How long it may take to answer /readyz (a shared 2-core machine at load 20 took
    over 30 s to start gunicorn; only a failing start waits this long)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.port = self.port or free_port()
        self.scratch = Path(tempfile.mkdtemp(prefix="cardtable-test-metrics-"))
        env = {
            **os.environ,
            "CARDTABLE_REDIS_URL": self.redis_url,
            "CARDTABLE_BIND": f"127.0.0.1:{self.port}",
            "CARDTABLE_WORKERS": str(self.workers),
            "CARDTABLE_THREADS": str(self.threads),
            "CARDTABLE_ACCESS_LOG": "false",
            "PROMETHEUS_MULTIPROC_DIR": str(self.scratch),
            **self.extra_env,
        }
        self.process = gunicorn_process.launch(self.config, env, self.stdout, subprocess.PIPE)
        process = self.process

        def stderr() -> str:
            return process.stderr.read().decode() if process.stderr else ""

        if gunicorn_process.wait_ready(process, f"{self.url}/readyz", stderr, self.ready_seconds):
            return self
        self.stop()
        raise TimeoutError(f"the live server did not become ready in {self.ready_seconds:g} s")
