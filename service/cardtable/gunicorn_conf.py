"""gunicorn settings, shared by `cardtable serve` and the container image.

Every value comes from the environment so operators tune workers without a new image.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


bind = os.environ.get("CARDTABLE_BIND", f"0.0.0.0:{_int('PORT', 8000)}")
workers = _int("CARDTABLE_WORKERS", 2)
threads = _int("CARDTABLE_THREADS", 4)
worker_class = "gthread"
timeout = _int("CARDTABLE_WORKER_TIMEOUT", 30)
# Kubernetes sends SIGTERM and waits terminationGracePeriodSeconds; finish requests first.
graceful_timeout = _int("CARDTABLE_GRACEFUL_TIMEOUT", 20)
keepalive = 5
accesslog = "-" if os.environ.get("CARDTABLE_ACCESS_LOG", "true").lower() != "false" else None
errorlog = "-"
loglevel = os.environ.get("CARDTABLE_LOG_LEVEL", "info").lower()
# Temporary request files go to memory, which also works on a read-only root filesystem.
worker_tmp_dir = os.environ.get(
    "CARDTABLE_WORKER_TMP_DIR", "/dev/shm" if os.path.isdir("/dev/shm") else None
)
# gunicorn >= 27 opens a control socket in $HOME; we have no use for it.
control_socket_disable = True


def on_starting(server: Any) -> None:
    """Give the Prometheus multiprocess directory a clean start.

    Files left by an earlier master (a container restarted inside the same pod keeps its
    emptyDir) would otherwise be summed into this one's counters.
    """
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        return
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink(missing_ok=True)


def child_exit(server: Any, worker: Any) -> None:
    """Drop a dead worker's Prometheus multiprocess files so its gauges do not linger."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
