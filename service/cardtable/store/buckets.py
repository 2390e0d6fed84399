"""Token buckets in Redis, shared by every replica: the rate limits' counting (the policy of
which request draws on which bucket is `cardtable.api.limits`').

A bucket is GCRA: one Redis key holding its theoretical arrival time. A request takes from
its buckets by one run of a Lua script (`store/lua/lease.lua`), riding with the store's read
(`riders`) or alone; a busy client takes several requests at once (`Leases`), so most of its
requests cost no Redis command; a client refused is refused again by this process alone
until its wait ends (`PenaltyBox`). Work charged afterwards (bots a read played) takes more,
even into debt (`store/lua/charge.lua`).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import redis.exceptions
from redis.cluster import RedisCluster
from redis.exceptions import NoScriptError

from cardtable.error_codes import RetryLater
from cardtable.store import riders
from cardtable.store.scripts import lua

log = logging.getLogger("cardtable.store.buckets")

# What a failed count raises: any Redis error, a Cluster without a reachable node or slot
# owner (not a RedisError), a socket error.
COUNTING_FAILED = (
    redis.exceptions.RedisError,
    redis.exceptions.RedisClusterException,
    OSError,
)


@dataclass(frozen=True)
class Limit:
    """One budget: `amount` requests per `period` seconds, as a token bucket."""

    amount: int
    period: int
    text: str

    @property
    def interval_ms(self) -> float:
        return self.period * 1000 / self.amount

    @property
    def script_args(self) -> tuple[float, int]:
        """Its arguments to the scripts: the emission interval and the period, in ms."""
        return self.interval_ms, self.period * 1000

    def __str__(self) -> str:
        return self.text


Hit = tuple[Limit, str]
"""A limit and the Redis key of the bucket it draws on for this request."""


class RateLimited(RetryLater):
    """A request over one of its budgets: `limit` is the one breached."""

    code = "rate_limited"

    def __init__(self, limit: Limit, wait_seconds: float, route: str = ""):
        super().__init__(str(limit))
        self.limit = limit
        self.wait_seconds = wait_seconds
        self.retry_after = retry_after(wait_seconds)
        self.route = route
        """The rule pattern refused (for the metrics)."""

    # The body is built only when the app's error handler answers; the refusal gate (the
    # hot path of a flood) writes its own pre-encoded one and needs neither.
    def __str__(self) -> str:
        return str(refusal_body(self.limit, self.wait_seconds)["message"])

    def details(self) -> dict[str, object]:
        return dict(refusal_body(self.limit, self.wait_seconds)["details"])


def retry_after(wait_seconds: float) -> int:
    return max(1, math.ceil(wait_seconds))


def refusal_body(limit: Limit, wait_seconds: float) -> dict[str, Any]:
    wait = retry_after(wait_seconds)
    return {
        "code": "rate_limited",
        "message": f"too many requests: the limit is {limit}; retry in {wait} s",
        "status": 429,
        "details": {"limit": str(limit), "retry_after": wait},
    }


CHARGE = lua("charge")
"""Work charged to the buckets afterwards, into debt (see the script's own text)."""
LEASE = lua("lease")
"""The same buckets, taken from in leases (see `Leases`, and the script's own text)."""


@dataclass(frozen=True)
class Script:
    text: str

    @functools.cached_property
    def sha(self) -> str:
        return hashlib.sha1(self.text.encode()).hexdigest()


CHARGE_SCRIPT, LEASE_SCRIPT = Script(CHARGE), Script(LEASE)

Call = tuple[Script, tuple[str, ...], tuple[Any, ...]]
"""One run of a script: the script, its keys and its arguments."""
Need = tuple[Hit, int]
"""A bucket a request must ask Redis for, and how many of an expired lease to give back."""


SUSPECT_SECONDS = 10.0
LEASE_SECONDS = 1.0
"""How long a process may keep the requests it took from a bucket (`Leases`)."""
LEASE_SHARE = 32
"""A lease is at most this fraction of its budget's amount (1/32: up to 8 of 240/minute)."""


class Leases:
    """Requests this process took from a bucket ahead of time, still to let through without
    asking Redis: a busy client's requests are counted in Redis a lease at a time (up to
    `most`, and at most 1/LEASE_SHARE of the budget), not one by one. Redis gives a lease
    only from what the bucket holds, so no more ever passes than the budget allows.

    None of a lease is lost to the client: what a process holds of a bucket is one lease,
    shared by all its requests (requests that asked Redis at the same time add what each
    was given to it, never replace it; a request refused while another's grant arrived
    passes on it), used within LEASE_SECONDS or given back on its next ask (also when
    that ask is refused). The cost: a client spread over N processes may be refused
    while another holds part of its budget (up to N - 1 leases early). Bounded."""

    MAX_ENTRIES = 10_000

    def __init__(self, most: int):
        self.most = max(1, most)
        self._held: dict[str, list[float]] = {}
        """A bucket's key -> [requests left, until when (monotonic)]."""
        self._lock = threading.Lock()
        """Requests of several threads (gthread workers, tests) take from one lease; under
        gevent a greenlet's lock, never contended."""

    def size(self, limit: Limit) -> int:
        """The lease asked of `limit`'s buckets."""
        return max(1, min(self.most, limit.amount // LEASE_SHARE))

    def take(self, hits: tuple[Hit, ...]) -> tuple[Need, ...]:
        """Take one request from each of `hits`' leases; the buckets that had none left (with
        an expired lease's unused requests to give back), which the request must ask of
        Redis."""
        held, now = self._held, time.monotonic()
        needs: tuple[Need, ...] = ()
        with self._lock:
            for hit in hits:
                lease = held.get(hit[1])
                if lease is None or lease[0] < 1:  # none left: never pass on an empty one
                    held.pop(hit[1], None)
                    needs += ((hit, 0),)
                elif lease[1] <= now:
                    del held[hit[1]]
                    needs += ((hit, int(lease[0])),)
                elif lease[0] > 1:
                    lease[0] -= 1
                else:
                    del held[hit[1]]
        return needs

    def take_all(self, hits: Sequence[Hit]) -> bool:
        """Take one request from each of `hits`' leases if every one holds one (a request
        Redis refused while others of this process were given leases passes on them)."""
        now = time.monotonic()
        with self._lock:
            leases = [self._held.get(key) for _, key in hits]
            if not all(lease is not None and lease[0] >= 1 and lease[1] > now for lease in leases):
                return False
            for (_, key), lease in zip(hits, leases, strict=True):
                assert lease is not None
                lease[0] -= 1
                if lease[0] < 1:  # used up: gone, as `take` leaves it
                    del self._held[key]
        return True

    def holds(self, key: str) -> bool:
        """Whether this process holds a request of the bucket `key` still to use."""
        lease = self._held.get(key)
        return lease is not None and lease[0] >= 1 and lease[1] > time.monotonic()

    def put_back(self, hits: Iterable[Hit]) -> None:
        """A refused request's requests, taken from these buckets' leases, given back."""
        now = time.monotonic()
        with self._lock:
            for _, key in hits:
                lease = self._held.setdefault(key, [0, now + LEASE_SECONDS])
                lease[0] += 1

    def pay(self, hits: Iterable[Hit], cost: int) -> list[tuple[Hit, int]]:
        """Pay `cost` (work beyond the request) from each bucket's lease as far as it
        holds: a lease that covers it keeps the rest, one that does not is used up (a
        charge into debt must not be outlasted by it). Each bucket's cost left to charge
        in Redis (only those above 0)."""
        left: list[tuple[Hit, int]] = []
        with self._lock:
            for hit in hits:
                lease = self._held.get(hit[1])
                unused = int(lease[0]) if lease is not None else 0
                if unused > cost:
                    assert lease is not None
                    lease[0] -= cost
                    continue
                self._held.pop(hit[1], None)
                if cost > unused:
                    left.append((hit, cost - unused))
        return left

    def grant(self, key: str, left: int) -> None:
        """`left` more requests of the bucket `key`, taken from Redis just now: added to
        what this process holds of it (another request's grant may have come first)."""
        if left <= 0:
            return
        now = time.monotonic()
        with self._lock:
            if len(self._held) >= self.MAX_ENTRIES:
                self._held = {k: v for k, v in self._held.items() if v[1] > now}
                if len(self._held) >= self.MAX_ENTRIES:
                    self._held.clear()
            # Added to an expired lease too: its rest not given back yet is kept, not lost.
            lease = self._held.setdefault(key, [0, now])
            lease[0] += left
            lease[1] = now + LEASE_SECONDS


class PenaltyBox:
    """Buckets this process saw refuse, until when: a client refused once is refused again
    without asking Redis until then (its bucket cannot refill sooner). Bounded."""

    MAX_ENTRIES = 10_000

    def __init__(self) -> None:
        self._until: dict[str, tuple[float, Limit]] = {}
        self._latest = -math.inf

    def note(self, key: str, limit: Limit, wait_seconds: float, since: float | None = None) -> None:
        """Box `key` for `wait_seconds` from `since` (the monotonic time the request was sent
        to Redis, which measured the wait: the box never outlasts it)."""
        now = time.monotonic()
        if len(self._until) >= self.MAX_ENTRIES:
            self._until = {k: v for k, v in self._until.items() if v[0] > now}
            if len(self._until) >= self.MAX_ENTRIES:
                self._until.clear()
        until = (now if since is None else since) + wait_seconds
        self._until[key] = (until, limit)
        self._latest = max(self._latest, until)

    def holding(self) -> bool:
        """Whether a bucket may be boxed now (a flood's refusals are answered early)."""
        return self._latest > time.monotonic()

    def refused(self, hits: Sequence[Hit]) -> tuple[Limit, float] | None:
        """The limit and seconds left for a request one of whose buckets is boxed."""
        if not self._until:
            return None
        now = time.monotonic()
        for _, key in hits:
            entry = self._until.get(key)
            if entry is not None and entry[0] > now:
                return entry[1], entry[0] - now
        return None

    def suspect(self, hits: Sequence[Hit]) -> bool:
        """Whether one of the buckets was refused lately (within `SUSPECT_SECONDS`): such
        a client's next request is judged before its route runs, so that refusing it
        again costs no route and no store read."""
        if not self._until:
            return False
        now = time.monotonic()
        for _, key in hits:
            entry = self._until.get(key)
            if entry is not None:
                if entry[0] + SUSPECT_SECONDS > now:
                    return True
                self._until.pop(key, None)
        return False


class Counters:
    """Token buckets in Redis: a request's buckets without a lease left (`Leases`) ride as a
    `riders.Rider`, alone or with the store's read, judged by one script run.

    The scripts go by their hash (EVALSHA: a script's text is not sent nor hashed again by
    Redis on every request); a Redis that does not know one yet (restarted, failed over)
    answers NOSCRIPT, and those runs are sent again with the text, which caches it. On a
    Redis Cluster a request's buckets live in several slots, which one script run may not
    touch: each bucket is judged by a run of its own, and what the others took when one
    refuses stays this process's lease."""

    def __init__(
        self,
        client: Any,
        not_counted: Callable[[Exception, bool], None],
        box: PenaltyBox | None = None,
        lease: int = 1,
    ):
        """`not_counted(error, must_count)` is told when Redis could not count a request's
        budgets: it returns to let the request pass, or raises to refuse it (`must_count`:
        whether the request may pass unchecked at all)."""
        self.client = client
        self.on_not_counted = not_counted
        self.box = box or PenaltyBox()
        self.leases = Leases(lease)
        self.one_run = not isinstance(client, RedisCluster)
        """Whether a request's buckets are judged in one script run (all but a Cluster)."""
        self.calls = functools.lru_cache(maxsize=4096)(self._calls)
        """The script runs of a request's needs (the same few for a client's every
        request: `LimitsMiddleware.hits_for` gives the same tuple again)."""
        self.carpool = riders.Carpool(client)
        """Requests judged before their view share round trips (see `riders.Carpool`)."""

    def _groups(self, items: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return [items] if self.one_run else [(item,) for item in items]

    def _calls(self, needs: tuple[Need, ...]) -> tuple[Call, ...]:
        size = self.leases.size
        return tuple(
            (
                LEASE_SCRIPT,
                tuple(key for (_, key), _ in group),
                tuple(
                    x
                    for (limit, _), credit in group
                    for x in (*limit.script_args, size(limit), credit)
                ),
            )
            for group in self._groups(needs)
        )

    def rider(
        self,
        needs: tuple[Need, ...],
        hits: tuple[Hit, ...],
        route: str = "",
        must_count: bool = True,
    ) -> riders.Rider:
        """The request's `needs` (of its buckets `hits`), each taken from, then judged:
        `RateLimited` if one is empty (nothing is taken then). When Redis cannot count
        them, `not_counted` decides (see `__init__`)."""
        calls, sent = self.calls(needs), [0.0]

        def queue(batch: riders.Batch) -> None:
            sent[0] = time.monotonic()
            _queue(calls, batch)

        return riders.Rider(
            queue=queue,
            settle=functools.partial(self._judge, needs, hits, calls, route, sent, must_count),
            failed=functools.partial(self._not_counted, must_count),
        )

    def _known(self, calls: Sequence[Call], replies: list[Any]) -> list[Any]:
        """`replies`, where Redis did not know the script (NOSCRIPT: it ran nothing), the
        replies of those runs sent again with its text (which caches it)."""
        missing = [i for i, reply in enumerate(replies) if isinstance(reply, NoScriptError)]
        if not missing:
            return replies
        batch = riders.Batch()
        _queue([calls[i] for i in missing], batch, with_text=True)
        replies = list(replies)
        for i, reply in zip(missing, batch.send(self.client), strict=True):
            replies[i] = reply
        return replies

    def charge(self, hits: tuple[Hit, ...], cost: int) -> None:
        """Take `cost` more from each bucket, even into debt: what a request's work cost
        beyond its own turn (the bots' moves it played). Paid first from what this
        process holds of the bucket (its lease), the rest from Redis."""
        owed = tuple(self.leases.pay(hits, cost))
        if not owed:
            return
        calls = tuple(
            (CHARGE_SCRIPT, tuple(key for (_, key), _ in group),
             tuple(x for (limit, _), due in group for x in (due, *limit.script_args)))
            for group in self._groups(owed)
        )  # fmt: skip
        batch = riders.Batch()
        _queue(calls, batch)
        # After the answer: nothing left to refuse, a charge not counted is only told.
        try:
            replies = batch.send(self.client)
        except COUNTING_FAILED as error:
            self._not_counted(False, error)
            return
        self._counted(calls, replies, False)

    def _counted(
        self, calls: Sequence[Call], replies: list[Any], must_count: bool
    ) -> list[Any] | None:
        """The script runs' `replies` (those Redis did not know the script for sent again),
        or None when Redis could not count them (and `not_counted` let the request pass)."""
        try:
            replies = self._known(calls, replies)
        except COUNTING_FAILED as error:
            self._not_counted(must_count, error)
            return None
        failure = next((reply for reply in replies if isinstance(reply, Exception)), None)
        if failure is not None:
            self._not_counted(must_count, failure)
            return None
        return replies

    def _not_counted(self, must_count: bool, error: Exception) -> None:
        if not isinstance(error, COUNTING_FAILED):
            raise error
        self.on_not_counted(error, must_count)

    def _judge(
        self,
        needs: tuple[Need, ...],
        hits: tuple[Hit, ...],
        calls: Sequence[Call],
        route: str,
        sent: list[float],
        must_count: bool,
        replies: list[Any],
    ) -> None:
        counted = self._counted(calls, replies, must_count)
        if counted is None:
            return
        taken = [int(value) for reply in counted for value in reply]
        refused = min(taken) < 0
        for ((_, key), _), count in zip(needs, taken, strict=True):
            self.leases.grant(key, count if refused else count - 1)  # this request's one
        if not refused:
            return
        if self.leases.take_all(tuple(hit for hit, _ in needs)):
            return  # another request of this process was given a lease meanwhile
        asked = {key for (_, key), _ in needs}
        self.leases.put_back(hit for hit in hits if hit[1] not in asked)
        waits = [-count if count < 0 else 0 for count in taken]
        for ((limit, key), _), wait in zip(needs, waits, strict=True):
            if wait and not self.leases.holds(key):  # what it holds is used first
                self.box.note(key, limit, wait / 1000, since=sent[0])
        longest = max(range(len(waits)), key=waits.__getitem__)
        limit, key = needs[longest][0]
        log.debug("rate limit %s exceeded by %s", limit, key)
        raise RateLimited(limit, waits[longest] / 1000, route)


def _commands(calls: Sequence[Call], with_text: bool = False) -> list[tuple[Any, ...]]:
    return [
        ("EVAL", script.text, len(keys), *keys, *args)
        if with_text
        else ("EVALSHA", script.sha, len(keys), *keys, *args)
        for script, keys, args in calls
    ]


@functools.lru_cache(maxsize=4096)
def _packed(calls: tuple[Call, ...]) -> tuple[list[tuple[Any, ...]], bytes]:
    """The EVALSHA runs of `calls` and their packing: a client's every request sends the
    same (its `calls` are cached), so they are packed once, not on every request."""
    commands = _commands(calls)
    return commands, b"".join(riders.packed(*command) for command in commands)


def _queue(calls: Sequence[Call], batch: riders.Batch, with_text: bool = False) -> None:
    if with_text or not isinstance(calls, tuple):
        for command in _commands(calls, with_text):
            batch.execute_command(*command)
    else:
        batch.add_packed(*_packed(calls))
