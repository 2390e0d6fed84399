"""A server secret shared by every replica: given in the settings, else generated once and
kept in Redis (the first replica to ask writes it, every other reads that one), so that a
key derived with it is the same on every replica and derivable by no client."""

from __future__ import annotations

import secrets
import threading
from typing import Any

from cardtable.store.errors import classified

SECRET_BYTES = 32


class SharedSecret:
    """The secret `given`, or the one kept under the Redis key `key` (created if none)."""

    def __init__(self, redis: Any, key: str, given: str | None = None):
        self.redis = redis
        self.key = key
        self._value = given.encode() if given else None
        self._lock = threading.Lock()

    def value(self) -> bytes:
        """The secret (asked of Redis once per process; a refusal is a `StoreRefused`)."""
        if self._value is None:
            with self._lock:
                if self._value is None:
                    self._value = self._shared()
        return self._value

    def _shared(self) -> bytes:
        kept = None
        while not kept:  # again if deleted in between (an operator's FLUSHALL)
            with classified(write=True):
                # SET NX: of replicas starting together, the first one's is everyone's.
                self.redis.set(self.key, secrets.token_hex(SECRET_BYTES), nx=True)
            with classified():
                kept = self.redis.get(self.key)
        return bytes(kept)
