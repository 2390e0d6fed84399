"""A real Cardtable server for end-to-end tests: gunicorn (as `cardtable serve` runs it) on a
free loopback port, against a given Redis URL."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

import httpx

from cardtable.server.redis_server import free_port


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
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", self.config,
             "cardtable.wsgi:app"],
            env=env,
            stdout=self.stdout,
            stderr=subprocess.PIPE,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"gunicorn exited early:\n{err[-3000:]}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise TimeoutError("the live server did not become ready in 30 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self.metrics_dir:
            shutil.rmtree(self.metrics_dir, ignore_errors=True)
            self.metrics_dir = None

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
