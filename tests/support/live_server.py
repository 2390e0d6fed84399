"""A real Cardtable server for end-to-end tests: gunicorn (as `cardtable serve` runs it) on a
free loopback port, against a given Redis URL."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field

from cardtable.server.redis_server import free_port
from tests.support import gunicorn_process


@dataclass
class LiveServer:
    redis_url: str
    workers: int = 2
    threads: int = 4
    extra_env: dict[str, str] = field(default_factory=dict)
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    metrics_dir: str | None = None
    config: str = "python:cardtable.server.gunicorn_conf"
    stdout: int = subprocess.DEVNULL
    """Where the server's log goes (stdout, as JSON lines): subprocess.PIPE to read it."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        self.port = self.port or free_port()
        self.metrics_dir = tempfile.mkdtemp(prefix="cardtable-test-metrics-")
        env = {
            **os.environ,
            "CARDTABLE_REDIS_URL": self.redis_url,
            "CARDTABLE_BIND": f"127.0.0.1:{self.port}",
            "CARDTABLE_WORKERS": str(self.workers),
            "CARDTABLE_THREADS": str(self.threads),
            "CARDTABLE_ACCESS_LOG": "false",
            "PROMETHEUS_MULTIPROC_DIR": self.metrics_dir,
            **self.extra_env,
        }
        self.process = gunicorn_process.launch(self.config, env, self.stdout, subprocess.PIPE)
        process = self.process

        def stderr() -> str:
            return process.stderr.read().decode() if process.stderr else ""

        if gunicorn_process.wait_ready(process, f"{self.url}/readyz", stderr):
            return self
        self.stop()
        raise TimeoutError("the live server did not become ready in 30 s")

    def stop(self) -> None:
        gunicorn_process.stop(self.process, timeout=20)
        self.process = None
        if self.metrics_dir:
            shutil.rmtree(self.metrics_dir, ignore_errors=True)
            self.metrics_dir = None

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
