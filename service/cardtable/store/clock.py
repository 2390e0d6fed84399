"""One clock for every replica: Redis's. Turn deadlines, lobby times and score-sheet dates
are compared across replicas, so they are read from Redis `TIME` (the clock the scripts
already stamp notifications with), not from the replica's own clock.

A round trip per reading would cost every request one more: the offset between the local
clock and Redis's is measured instead (one `TIME`, halfway through its round trip) and
measured again every `every` seconds; a reading is the local clock plus that offset. A
replica whose clock is 30 s fast thus still dates a 20 s turn as every other replica does,
within the round trip and the drift of a few seconds.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("cardtable.store.clock")

MAX_ROUND_TRIP_SECONDS = 0.25
"""A measurement whose round trip took longer is not trusted (the previous offset stays)."""


class RedisClock:
    """Seconds since the epoch, by Redis's clock (a callable, like `time.time`)."""

    def __init__(
        self,
        client: Any,
        every: float = 30.0,
        local: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ):
        self.client = client
        self.every = every
        self._local = local
        self._monotonic = monotonic
        self.offset = 0.0
        """Redis's clock minus the local one, as last measured (0 until then)."""
        self._measured_at = -math.inf
        self._lock = threading.Lock()

    def __call__(self) -> float:
        if self._monotonic() - self._measured_at >= self.every:
            self.measure()
        return self._local() + self.offset

    def measure(self) -> None:
        """Measure the offset again (a failure keeps the last one: Redis being away must not
        stop what does not need it; the next attempt comes `every` seconds later)."""
        if not self._lock.acquire(blocking=False):
            return  # another request of this process is measuring it now
        try:
            self._measured_at = self._monotonic()
            before = self._local()
            seconds, micros = self.client.time()
            after = self._local()
            if after - before <= MAX_ROUND_TRIP_SECONDS:
                self.offset = seconds + micros / 1e6 - (before + after) / 2
        except Exception as error:
            log.warning("could not read Redis TIME (%s); the clock offset stays %.3f s",
                        type(error).__name__, self.offset)  # fmt: skip
        finally:
            self._lock.release()
