"""Operator metrics and the per-process watch loop: requests in flight, waiting clients,
Redis errors by kind, 429s, Redis reachability and data loss; at each scrape, the standard
`process_*` metrics of every gunicorn process (one series per `pid`) and the container's
memory against its limit.

Data loss: the loop keeps a marker key in Redis (no expiry). A marker that disappears while
this process runs means Redis came back empty (restarted without persistence, a failover
to an empty replica, a FLUSHALL): every game is gone, which clients would otherwise only see
as 404s. The first process to notice logs `redis_data_loss` at ERROR, counts it in
`cardtable_redis_data_loss_total` and writes the marker again.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prometheus_client import REGISTRY, Counter, Gauge, ProcessCollector
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from cardtable.config import Settings
from cardtable.server import lifecycle
from cardtable.server.pending_metrics import PENDING

if TYPE_CHECKING:
    from flask import Flask, Response

log = logging.getLogger("cardtable.server.monitoring")

IN_FLIGHT = Gauge(
    "cardtable_http_requests_in_flight",
    "Requests being served now (long-polls included).",
    multiprocess_mode="livesum",
)
WAITING = Gauge(
    "cardtable_waiting_clients",
    "Clients waiting for a game to change, by kind (long_poll, stream).",
    ["kind"],
    multiprocess_mode="livesum",
)
REDIS_ERRORS = Counter(
    "cardtable_redis_errors_total",
    "Redis calls that failed, by error class (TimeoutError, ConnectionError, ...).",
    ["kind"],
)
RATE_LIMITED = Counter(
    "cardtable_rate_limited_total", "Requests refused with 429, by route.", ["endpoint"]
)
REDIS_UP = Gauge(
    "cardtable_redis_up",
    "1 when the last check of Redis (every CARDTABLE_WATCH_SECONDS) succeeded.",
    multiprocess_mode="livemin",
)
DATA_LOSS = Counter(
    "cardtable_redis_data_loss_total",
    "Times Redis was found empty (its marker key gone) while the service ran.",
)


def record_redis_error(error: BaseException) -> None:
    REDIS_ERRORS.labels(kind=type(error).__name__).inc()


@contextmanager
def waiting(kind: str) -> Iterator[None]:
    """Count a client as waiting while the block runs."""
    gauge = WAITING.labels(kind=kind)
    gauge.inc()
    try:
        yield
    finally:
        gauge.dec()


class ServerProcesses(Collector):
    """The standard `process_*` metrics (prometheus_client's ProcessCollector, read from
    /proc) of the gunicorn master and each of its workers, labelled by `pid`: the client's
    own collector reports the process that answers the scrape only, and its multiprocess
    mode has none. A recycled worker's series ends and its successor's begins (a counter per
    pid: `rate(process_cpu_seconds_total[5m])` is right across recycles)."""

    def __init__(self, proc: str = "/proc"):
        self.proc = proc

    def collect(self) -> Iterator[Metric]:
        families: dict[str, Metric] = {}
        for pid in self.server_pids():
            try:
                own = list(
                    ProcessCollector(
                        pid=functools.partial(int, pid), proc=self.proc, registry=None
                    ).collect()
                )
            except OSError:  # exited meanwhile
                continue
            for family in own:
                merged = families.setdefault(
                    family.name, Metric(family.name, family.documentation, family.type)
                )
                for sample in family.samples:
                    merged.add_sample(sample.name, {**sample.labels, "pid": str(pid)}, sample.value)
        yield from families.values()

    def server_pids(self) -> list[int]:
        """This process's parent (gunicorn's master) and its children (the workers), or this
        process alone when it runs without a master."""
        master = os.getppid()
        pids = [master]
        for entry in Path(self.proc).iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
                if int(stat.rpartition(")")[2].split()[1]) == master:
                    pids.append(int(entry.name))
        return pids if len(pids) > 1 else [os.getpid()]


class ContainerMemory(Collector):
    """The container's memory as the kernel counts it against the limit (cgroup v2 or v1):
    the working set (usage less inactive file pages, what kubelet and cAdvisor report, and
    near what the OOM killer compares) and the limit (no sample without one). The
    `CardtableMemoryNearLimit` alert divides them."""

    def __init__(self, root: str = "/sys/fs/cgroup"):
        self.root = Path(root)

    def collect(self) -> Iterator[Metric]:
        used = GaugeMetricFamily(
            "cardtable_container_memory_working_set_bytes",
            "The container's memory in use less inactive file pages (its cgroup).",
        )
        limit = GaugeMetricFamily(
            "cardtable_container_memory_limit_bytes", "The container's memory limit (its cgroup)."
        )
        figures = self.read()
        if figures is not None:
            working_set, maximum = figures
            used.add_metric([], working_set)
            if maximum is not None:
                limit.add_metric([], maximum)
        yield used
        yield limit

    def read(self) -> tuple[float, float | None] | None:
        for current, maximum, stat, inactive in (
            ("memory.current", "memory.max", "memory.stat", "inactive_file"),  # v2
            (
                "memory/memory.usage_in_bytes",
                "memory/memory.limit_in_bytes",
                "memory/memory.stat",
                "total_inactive_file",
            ),  # v1
        ):
            try:
                usage = int((self.root / current).read_text())
                limit_text = (self.root / maximum).read_text().strip()
                stats = dict(line.split() for line in (self.root / stat).read_text().splitlines())
            except (OSError, ValueError):
                continue
            working_set = max(0, usage - int(stats.get(inactive, 0)))
            # v2 says "max"; v1 a huge number (a page-rounded 2^63) when there is no limit.
            limit = None if limit_text == "max" or int(limit_text) >= 2**60 else int(limit_text)
            return working_set, limit
        return None


CONTAINER_MEMORY = ContainerMemory()
REGISTRY.register(CONTAINER_MEMORY)


class Watch:
    """The loop's state: whether this process has seen the marker already."""

    def __init__(self, client: Any, marker_key: str):
        self.client = client
        self.marker_key = marker_key
        self.seen_marker = False

    def check_redis(self) -> None:
        try:
            created = self.client.set(self.marker_key, str(int(time.time())), nx=True)
        except Exception as error:  # any failure means "down" here (cluster errors too)
            REDIS_UP.set(0)
            record_redis_error(error)
            log.warning("redis check failed: %s", type(error).__name__)
            return
        REDIS_UP.set(1)
        if created and self.seen_marker:
            DATA_LOSS.inc()
            log.error(
                "redis came back empty: its marker key was gone, so every stored game and "
                "score sheet was lost",
                extra={"event": "redis_data_loss", "marker_key": self.marker_key},
            )
        self.seen_marker = True

    def run(self, interval: float) -> None:
        while not lifecycle.shutting_down():
            self.check_redis()
            if lifecycle.pause(interval):
                return


class InFlightMiddleware:
    """WSGI middleware counting requests in flight (a long-poll counts while it waits). The
    steps are queued (`pending_metrics`): a request come and gone within the second nets
    nothing to write."""

    def __init__(self, app: Callable[..., Iterable[bytes]]):
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        PENDING.inc(IN_FLIGHT, 1)
        try:
            return self.app(environ, start_response)
        finally:
            PENDING.inc(IN_FLIGHT, -1)


def init_app(app: Flask, client: Any, key_prefix: str) -> None:
    """Count requests and 429s, and start the watch loop with the first request."""
    from flask import request  # here: the service layer imports this module without Flask

    interval = float(Settings.read("watch_seconds"))
    watch = Watch(client, f"{key_prefix}:marker")
    started = threading.Lock()
    app.wsgi_app = InFlightMiddleware(app.wsgi_app)  # type: ignore[method-assign]

    watching = False

    @app.before_request
    def _start_watch() -> None:
        # Only in a server worker (not in tests or tools that build the app in-process).
        # The flag first: a lock (gevent's, in a worker) is dear to take on every request.
        nonlocal watching
        if watching or interval <= 0 or not lifecycle.serving():
            return
        if started.acquire(blocking=False):
            watching = True
            threading.Thread(target=watch.run, args=(interval,), daemon=True).start()

    @app.after_request
    def _count_rate_limited(response: Response) -> Response:
        if response.status_code == 429:
            rule = request.url_rule.rule if request.url_rule is not None else "unmatched"
            RATE_LIMITED.labels(endpoint=rule).inc()
        return response
