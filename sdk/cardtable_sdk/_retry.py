"""Calls that fail for a passing reason are sent again: no answer (a refused or cut
connection, a timeout), a 502, 503 (`store_unavailable`, `outcome_unknown`…), 504 or 429,
after an exponential back-off with full jitter that honours the server's Retry-After, for a
bounded total time (`RetryPolicy`). Reads always; a write only when it carries an
`Idempotency-Key`, drawn once per logical call, so that its resend is answered with the
first outcome instead of acting twice (every unsafe call of the SDK sends one).

The pauses are plain data (`Backoff`, `RetryPolicy`), so the sync and async clients share
them and a test can read them without sleeping."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from cardtable_client import AuthenticatedClient, Client
from cardtable_sdk._http import transport_errors
from cardtable_sdk.errors import TransientError

if TYPE_CHECKING:
    from cardtable_sdk._session import Call

READ_METHODS = frozenset({"GET", "HEAD"})
KEY_HEADER = "Idempotency-Key"
T = TypeVar("T")


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
        return _jittered(self.first, self.cap, self.failures, error, self.rng)

    def reset(self) -> None:
        self.failures = 0


def _jittered(
    first: float, cap: float, failures: int, error: TransientError, rng: random.Random
) -> float:
    """A pause drawn from [0, first doubled per failure up to cap], at least Retry-After."""
    ceiling = min(cap, first * 2 ** (failures - 1))
    return max(rng.uniform(0, ceiling), error.retry_after or 0.0)


def is_read(request: Mapping[str, Any]) -> bool:
    """Whether an httpx request (as the generated client's kwargs) only reads."""
    return str(request.get("method", "GET")).upper() in READ_METHODS


def is_retryable(request: Mapping[str, Any]) -> bool:
    """A read, or a write with an Idempotency-Key (its resend cannot act twice)."""
    return is_read(request) or KEY_HEADER in (request.get("headers") or {})


@dataclass(frozen=True)
class RetryPolicy:
    """How one call is sent again after a passing failure: pauses of `first` seconds,
    doubled up to `cap`, each drawn uniformly from [0, that] (full jitter), never shorter
    than the server's Retry-After, while the call's time so far plus the next pause stays
    within `total_seconds` (then the last error is raised). `total_seconds=0`: never."""

    total_seconds: float = 30.0
    first: float = 0.25
    cap: float = 8.0
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)

    def pause(
        self, request: Mapping[str, Any], error: TransientError, failures: int, elapsed: float
    ) -> float | None:
        """Seconds to wait before resending `request` after its `failures`-th failure
        (`elapsed` seconds into the call), or None: raise `error`."""
        if self.total_seconds <= 0 or not is_retryable(request):
            return None
        seconds = _jittered(self.first, self.cap, failures, error, self.rng)
        return seconds if elapsed + seconds <= self.total_seconds else None


NO_RETRIES = RetryPolicy(total_seconds=0)
"""What the runners give their session while they play: they retry every step themselves
(their `max_failures`, `backoff`, `sleep` and `on_wait`), so that one layer retries and
each retry is counted once in `PlayResult.retries`."""


@contextmanager
def retried_by_caller(session: Any) -> Iterator[None]:
    """While in the block, `session` (if it has a retry policy) sends each call once: the
    caller (a runner) retries itself."""
    if not hasattr(session, "retry"):  # local play: nothing is ever lost
        yield
        return
    own, session.retry = session.retry, NO_RETRIES
    try:
        yield
    finally:
        session.retry = own


def perform(client: Client | AuthenticatedClient, call: Call[T], policy: RetryPolicy) -> T:
    """Send `call` and read its answer, sent again as `policy` says after a passing
    failure (the same request: a write keeps its Idempotency-Key)."""
    started, failures = time.monotonic(), 0
    while True:
        try:
            with transport_errors():
                return call.read(client.get_httpx_client().request(**call.request))
        except TransientError as error:
            failures += 1
            seconds = policy.pause(call.request, error, failures, time.monotonic() - started)
            if seconds is None:
                raise
            time.sleep(seconds)


async def perform_async(
    client: Client | AuthenticatedClient, call: Call[T], policy: RetryPolicy
) -> T:
    """The async twin of `perform`."""
    started, failures = time.monotonic(), 0
    while True:
        try:
            with transport_errors():
                response = await client.get_async_httpx_client().request(**call.request)
                return call.read(response)
        except TransientError as error:
            failures += 1
            seconds = policy.pause(call.request, error, failures, time.monotonic() - started)
            if seconds is None:
                raise
            await asyncio.sleep(seconds)


__all__ = [
    "NO_RETRIES",
    "Backoff",
    "RetryPolicy",
    "is_read",
    "is_retryable",
    "perform",
    "perform_async",
    "retried_by_caller",
]
