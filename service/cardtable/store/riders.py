"""Commands of another concern that ride in the store's next round trip to Redis.

A request that is about to read a document may first owe Redis a few commands of its own
(the rate limits' counters): rather than pay a round trip for them and another for the
read, the caller hands a `Rider` to that read explicitly (`DocumentStore.load` and
`read_raw_fields` take `rider=`), which sends the rider's commands and its HMGET in one
round trip. The rider judges its replies before the store goes on, and may raise to refuse
the request: nothing of the store's work has happened then (the read's reply is dropped).
A rider is judged exactly once (`take`): whoever armed it sends it alone (`send_alone`)
if no read took it, which the rate limits do when the route returns
(`cardtable.api.limits`).

A round trip (`Batch`) is not a transaction. It is packed and written on a pooled
connection by hand rather than through redis-py's `Pipeline`, whose construction and
bookkeeping cost more than the counting itself in every view, legal-moves read and move
(docs/limits.md); on a Redis Cluster it goes through redis-py's cluster pipeline, which sends
each node its own commands, whatever their slots.

Riders with no store command to ride (a route that is judged before its view runs) share
round trips instead (`Carpool`): a burst of requests sends its counters in a few pipelines
rather than taking one pooled connection each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from threading import Event, Lock
from typing import Any

from redis.cluster import RedisCluster
from redis.exceptions import ResponseError


class Batch:
    """Commands for one round trip, added by `execute_command(*args)` (as on a pipeline),
    or already packed in Redis's protocol (`add_packed`: the same few commands again on
    every request, packed once)."""

    def __init__(self) -> None:
        self.commands: list[tuple[Any, ...]] = []
        self._wire: list[tuple[Any, ...] | bytes] = []
        """What is sent, in order: commands to pack, or packed ones."""

    def execute_command(self, *args: Any) -> None:
        self.commands.append(args)
        self._wire.append(args)

    def add_packed(self, commands: Sequence[tuple[Any, ...]], packed: bytes) -> None:
        """`commands`, whose packing (RESP, as redis-py packs them) is `packed`."""
        self.commands.extend(commands)
        self._wire.append(packed)

    def __len__(self) -> int:
        return len(self.commands)

    def send(self, client: Any) -> list[Any]:
        """The replies, in order, an error reply (`ResponseError`) in place of its command's.
        Retried as redis-py retries a pipeline (its connection's `retry`, on connection
        errors and timeouts); raises when the round trip itself fails."""
        if not self.commands:
            return []
        if isinstance(client, RedisCluster):
            pipe = client.pipeline(transaction=False)  # type: ignore[no-untyped-call]
            for args in self.commands:
                pipe.execute_command(*args)
            return list(pipe.execute(raise_on_error=False))
        pool = client.connection_pool
        connection = pool.get_connection()
        try:
            return list(
                connection.retry.call_with_retry(
                    lambda: self._exchange(connection),
                    lambda _error: connection.disconnect(),
                )
            )
        except BaseException:
            connection.disconnect()  # never give the pool a socket with replies unread
            raise
        finally:
            pool.release(connection)

    def _exchange(self, connection: Any) -> list[Any]:
        wire = b"".join(
            part if isinstance(part, bytes) else b"".join(connection.pack_command(*part))
            for part in self._wire
        )
        connection.send_packed_command([wire])  # one write
        replies: list[Any] = []
        for _ in self.commands:
            try:
                replies.append(connection.read_response())
            except ResponseError as error:  # read whole: the next replies stay in step
                replies.append(error)
        return replies


def packed(*args: str | int | float) -> bytes:
    """A command in Redis's protocol, as redis-py packs it (text as UTF-8, a number as its
    `repr`)."""
    parts = [str(arg).encode() if not isinstance(arg, bytes) else arg for arg in args]
    return b"*%d\r\n" % len(parts) + b"".join(b"$%d\r\n%s\r\n" % (len(p), p) for p in parts)


@dataclass
class Rider:
    """`queue(batch)` adds the commands (to a `Batch`); `settle(replies)` gets their
    replies (an exception in place of a failed command's) and may raise to refuse the request;
    `failed(error)` is told when the round trip itself failed (the store's own command then
    fails too, or is retried alone)."""

    queue: Callable[[Any], None]
    settle: Callable[[list[Any]], None]
    failed: Callable[[Exception], None]
    sent: bool = field(default=False, init=False)


def take(rider: Rider | None) -> Rider | None:
    """`rider`, now taken by the round trip about to carry it (None when there is none or
    it has gone already: a rider is judged once)."""
    if rider is None or rider.sent:
        return None
    rider.sent = True
    return rider


def send_alone(client: Any, rider: Rider) -> None:
    """The rider's commands in a round trip of their own, judged."""
    rider.sent = True
    batch = Batch()
    rider.queue(batch)
    try:
        replies = batch.send(client)
    except Exception as error:  # the rider decides what a failure means
        rider.failed(error)
        return
    rider.settle(replies)


CARPOOL_TRIPS = 4
"""Round trips a carpool has in flight at once: the Redis connections it takes at most."""
CARPOOL_SEATS = 256
"""Riders one round trip carries at most."""


@dataclass
class _Seat:
    rider: Rider
    woken: Event = field(default_factory=Event)
    drives: bool = False
    """Asked to drive a trip (then it carries itself in it): never carried by another."""
    carried: bool = False
    replies: list[Any] = field(default_factory=list)
    error: Exception | None = None


class Carpool:
    """Concurrent riders' commands in shared round trips, at most CARPOOL_TRIPS at once.

    A rider that finds a trip free sends at once, with whoever waits (a quiet server adds
    no wait); otherwise it waits to be carried by the next trip, driven by the first
    waiter when a trip ends. So a burst of 2,000 requests takes CARPOOL_TRIPS pooled
    connections, not 2,000: past the pool's size, the waits for a connection outlast its
    timeout, which fails the counters (not counted then) and the store reads of the
    requests that passed them (503). Each rider is judged in its own request (its
    `settle` may refuse it)."""

    def __init__(self, client: Any):
        self.client = client
        self._lock = Lock()
        self._waiting: list[_Seat] = []
        self._trips = 0

    def send(self, rider: Rider) -> None:
        rider.sent = True
        seat = _Seat(rider)
        with self._lock:
            self._waiting.append(seat)
            if self._trips < CARPOOL_TRIPS:
                self._trips += 1
                seat.drives = True
        while not (seat.carried or seat.drives):
            seat.woken.wait()
            seat.woken.clear()  # the flags, set before each wake-up, are read again
        if not seat.carried:
            self._drive(seat)
        if seat.error is not None:
            rider.failed(seat.error)
        else:
            rider.settle(seat.replies)

    def _drive(self, driver: _Seat) -> None:
        """Carry `driver` and the riders waiting first, then hand the trip on."""
        with self._lock:
            self._waiting.remove(driver)
            seats, kept = [driver], []
            for seat in self._waiting:
                if seat.drives or len(seats) >= CARPOOL_SEATS:
                    kept.append(seat)
                else:
                    seats.append(seat)
            self._waiting = kept
        try:
            self._carry(seats)
        finally:  # whatever happened, the trip is handed on (or given back)
            with self._lock:
                following = next((seat for seat in self._waiting if not seat.drives), None)
                if following is None:
                    self._trips -= 1
                else:
                    following.drives = True
                for seat in seats:
                    seat.carried = True
            for seat in seats:
                seat.woken.set()
            if following is not None:
                following.woken.set()

    def _carry(self, seats: list[_Seat]) -> None:
        batch = Batch()
        ends = []
        for seat in seats:
            seat.rider.queue(batch)
            ends.append(len(batch))
        try:
            replies = batch.send(self.client)
        except Exception as error:  # each rider decides what a failure means
            for seat in seats:
                seat.error = error
            return
        start = 0
        for seat, end in zip(seats, ends, strict=True):
            seat.replies, start = replies[start:end], end
