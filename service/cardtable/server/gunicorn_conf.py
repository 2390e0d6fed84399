"""gunicorn settings, shared by `cardtable serve` and the container image.

Every value comes from the environment (through `Settings.read`, which names and documents
each variable) so operators tune workers without a new image.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gunicorn.glogging import Logger

from cardtable.config import GEVENT_MAX_STREAMS, Settings
from cardtable.logs import logging_config


def _read(name: str) -> Any:
    try:
        return Settings.read(name)
    except ValueError as error:
        from cardtable.server.startup import fail

        fail("bad_setting", str(error))


bind: str | list[str] = _read("bind") or f"0.0.0.0:{_read('port')}"
# CARDTABLE_OPS_PORT: a second listener for /metrics and the docs only (cardtable.server.ops_port).
if _read("ops_port") is not None:
    bind = [str(bind), f"{str(bind).rpartition(':')[0]}:{_read('ops_port')}"]
workers = _read("workers")
# gevent: a connection (an idle keep-alive, a long-poll, a stream) costs a greenlet, not a
# thread, so waiting clients cannot take the workers from the rest. CardtableWorker adds
# read deadlines against clients that send slowly (see cardtable.server.worker).
# "gthread" stays available for comparison (bench/), with CARDTABLE_THREADS threads.
worker_class = _read("worker_class")
threads = _read("threads")
# Open connections per worker process, waiting ones included; beyond it new connections
# wait in the listen backlog, unanswered. So by default it leaves room for the streams and
# long-polls a worker may hold (CARDTABLE_MAX_STREAMS; past those they get 503 and
# Retry-After) and 1,000 ordinary connections more. (Redis: CARDTABLE_REDIS_MAX_CONNECTIONS.)
worker_connections = _read("worker_connections") or (
    (_read("max_streams") or GEVENT_MAX_STREAMS) + 1000
)
# The listen backlog: a burst of new connections (thousands of streams reconnecting at
# once) waits here while the workers accept them. gunicorn's 2,048 overflowed at 7,000
# streams asked of one server (1,073 connections reset, bench/fanout_bench.py); the kernel
# caps it at net.core.somaxconn.
backlog = 8192
timeout = _read("worker_timeout")
# A memory backstop: each worker is recycled after max_requests + a random share of the
# jitter (drawn per worker: a pod's workers do not stop together). The worker stops as on
# SIGTERM (cardtable.server.worker): streams end with `retry:`, long-polls answer with what
# they have, and the other workers (and the master's new one) take the clients that resume.
max_requests = _read("max_requests")
max_requests_jitter = _read("max_requests_jitter")
# Kubernetes sends SIGTERM and waits terminationGracePeriodSeconds (35 s: preStop 5 s +
# this + margin). Long-polls and streams answer at once on SIGTERM, so this only has to
# cover ordinary requests (a bots-only creation may take CARDTABLE_BOT_BUDGET_SECONDS).
graceful_timeout = _read("graceful_timeout")
# Above the idle timeout of the load balancer in front (60 s for most ingress controllers),
# so the proxy, not gunicorn, closes an idle upstream connection (no 502 on a reused one).
keepalive = _read("keepalive")
# One JSON shape for every line (cardtable.logs): gunicorn's own, the app's, and the access
# lines, which the app writes itself (with route, latency, game id and request id;
# CARDTABLE_ACCESS_LOG=false turns them off), so gunicorn's access log stays off.
accesslog = None
errorlog = "-"
loglevel = _read("log_level").lower()
logconfig_dict = logging_config(loglevel)


class AppAccessLogger(Logger):  # type: ignore[misc]
    """gunicorn's logger without gunicorn's access lines, which the app writes itself.

    With a logging config (`logconfig_dict`) gunicorn takes its access log as on, and
    formats every request's atoms (headers, times, sizes) for a logger that drops them:
    a sixth of a refused request's CPU, a few percent of a move's.
    """

    access_log_enabled = False

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        return None


logger_class = AppAccessLogger
# Temporary request files go to memory, which also works on a read-only root filesystem.
worker_tmp_dir = _read("worker_tmp_dir") or ("/dev/shm" if os.path.isdir("/dev/shm") else None)
# gunicorn >= 27 opens a control socket in $HOME; we have no use for it.
control_socket_disable = True


def on_starting(server: Any) -> None:
    """Check the settings and Redis (cardtable.server.startup: one JSON line and a distinct exit
    code on failure), then give the Prometheus multiprocess directory a clean start.

    Files left by an earlier master (a container restarted inside the same pod keeps its
    emptyDir) would otherwise be summed into this one's counters.
    """
    from cardtable.server.startup import check_before_workers

    check_before_workers()
    directory = _read("prometheus_multiproc_dir")
    if not directory:
        return
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink(missing_ok=True)


def child_exit(server: Any, worker: Any) -> None:
    """Drop a dead worker's Prometheus multiprocess files so its gauges do not linger."""
    if _read("prometheus_multiproc_dir"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def post_worker_init(worker: Any) -> None:
    """Let the app know it runs in a server worker (it starts its watch loop then)."""
    from cardtable.server import lifecycle

    lifecycle.mark_serving()
