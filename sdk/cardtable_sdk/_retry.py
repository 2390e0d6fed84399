"""Retrying reads: a failed read (no answer, a timeout, a 503 or a 429) is sent again after
an exponential back-off with full jitter, honouring the server's Retry-After. Writes are
never retried here: a move chosen against a view may be stale by the time it is resent,
and the server's idempotency key is the tool for those (the runners use it).

The pauses are plain data (`Backoff`), so the sync and async clients share them and a test
can read them without sleeping."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable_sdk.errors import TransientError

READ_METHODS = frozenset({"GET", "HEAD"})


@dataclass
class Backoff:
    """Pauses before each new attempt: `first` seconds, doubled up to `cap`, each drawn
    uniformly from [0, that] (full jitter: clients cut off together do not come back
    together), and never shorter than the server's Retry-After. `attempts`: how many
    failures in a row are retried (None: every one, however long the outage)."""

    attempts: int | None = 6
    first: float = 0.25
    cap: float = 30.0
    rng: random.Random = field(default_factory=random.Random)
    failures: int = 0

    def pause(self, error: TransientError) -> float:
        """Seconds to wait after `error`; re-raises it when no attempt is left."""
        self.failures += 1
        if self.attempts is not None and self.failures > self.attempts:
            raise error
        ceiling = min(self.cap, self.first * 2 ** (self.failures - 1))
        return max(self.rng.uniform(0, ceiling), error.retry_after or 0.0)

    def reset(self) -> None:
        self.failures = 0


def is_read(request: Mapping[str, Any]) -> bool:
    """Whether an httpx request (as the generated client's kwargs) only reads."""
    return str(request.get("method", "GET")).upper() in READ_METHODS


__all__ = ["Backoff", "is_read"]
