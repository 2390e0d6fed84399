"""A child process with a scratch folder of its own, both gone when it stops: what the private
redis-server (redis_server.py) and the tests' gunicorn servers share."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Self


def stop_process(process: subprocess.Popen[bytes] | None, timeout: float) -> None:
    """SIGTERM, then SIGKILL after `timeout` seconds, for a process still running."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass(kw_only=True)
class ChildProcess:
    """Started by `start()` (each kind its own), stopped by `stop()` or at the end of a
    `with` block."""

    process: subprocess.Popen[bytes] | None = None
    scratch: Path | None = None
    """The folder the process may write in, removed when it stops."""
    stop_seconds: ClassVar[float] = 10
    """How long a SIGTERM has to end the process before SIGKILL does."""

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        stop_process(self.process, self.stop_seconds)
        self.process = None
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
