"""Metric samples queued in the process and written once a second, not on the hot path.

Each request's, move's and conflict's samples (and the in-flight gauge's steps) are queued
in the process (`PENDING`) and written once a second (`Pending.run`), and by /metrics before
it answers and by a stopping worker before it exits. So a scrape from another worker's
process may see this worker's last second late (at most about 1 s), never lose it: in
multiprocess mode every write takes prometheus_client's lock (a gevent lock under gevent)
and a memory-mapped file write, five or six a request, about 5 % of a move's instructions.
"""

from __future__ import annotations

import bisect
import collections
import logging
import os
import threading
import time
from typing import Any

FLUSH_SECONDS = 1.0
"""How often a process writes its queued samples (a scrape may see them this much late)."""

log = logging.getLogger(__name__)


class Pending:
    """Samples queued in this process, written to the metrics in batches.

    A deque: `append` and `popleft` are atomic, so recording takes no lock whether requests
    run in threads or greenlets, and a flush racing a record loses nothing (what it does not
    pop, the next flush does)."""

    def __init__(self) -> None:
        self._queue: collections.deque[tuple[Any, float, bool]] = collections.deque()
        self._flusher_pid: int | None = None

    def inc(self, child: Any, amount: float = 1) -> None:
        """`child.inc(amount)`, deferred (a Counter's or a Gauge's; a Gauge's may be < 0)."""
        self._queue.append((child, amount, False))
        if self._flusher_pid != os.getpid():
            self._start_flusher()

    def observe(self, child: Any, value: float) -> None:
        """`child.observe(value)`, deferred (a labelled Histogram's child)."""
        self._queue.append((child, value, True))
        if self._flusher_pid != os.getpid():
            self._start_flusher()

    def flush(self) -> None:
        """Write every queued sample: one increment per counter child, and per histogram
        child one per bucket hit plus its sum, as as many `observe` calls would."""
        counts: dict[Any, float] = {}
        observed: dict[Any, list[float]] = {}
        pop = self._queue.popleft
        while True:
            try:
                child, value, is_observation = pop()
            except IndexError:
                break
            if is_observation:
                observed.setdefault(child, []).append(value)
            else:
                counts[child] = counts.get(child, 0) + value
        for child, amount in counts.items():
            if amount:  # a gauge's steps may net nothing
                child.inc(amount)
        for child, values in observed.items():
            _observe_all(child, values)

    def run(self) -> None:
        while True:
            time.sleep(FLUSH_SECONDS)
            try:
                self.flush()
            except Exception:  # a metrics write must never stop the flusher
                log.exception("could not write the queued metrics")

    def _start_flusher(self) -> None:
        # Once per process (a fork has none: the pid differs); a daemon thread, a greenlet
        # under gevent's patching.
        self._flusher_pid = os.getpid()
        threading.Thread(target=self.run, name="metrics-flush", daemon=True).start()


def _observe_all(child: Any, values: list[float]) -> None:
    """`child.observe(v)` for each of `values`: the same bucket counts and sum, written
    once each. (prometheus_client's Histogram keeps a raw count per bucket, the first
    whose upper bound is at least the value, and sums them when collected.)"""
    bounds, hits = child._upper_bounds, collections.Counter[int]()
    for value in values:
        hits[bisect.bisect_left(bounds, value)] += 1
    child._sum.inc(sum(values))
    for index, count in hits.items():
        child._buckets[index].inc(count)


PENDING = Pending()
