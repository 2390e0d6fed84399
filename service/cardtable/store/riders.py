"""Commands of another concern that ride in the store's next round trip to Redis.

A request that is about to read a document may first owe Redis a few commands of its own
(the rate limits' counters): rather than pay a round trip for them and another for the
read, the caller arms a `Rider` for the current request (`riding`), and the store's first
command of that request carries it: `DocumentStore.load` sends the rider's commands and
its HMGET in one pipeline; any other store command sends the rider's commands alone first.
The rider judges its replies before the store goes on, and may raise to refuse the request:
nothing of the store's work has happened then (a read's reply is dropped, a write is not
sent). Whatever happens, the rider is judged exactly once per request: if the store is never
reached, `riding` sends it alone on its way out.

The pipeline is not a transaction, so it works on a Redis Cluster too (redis-py's cluster
pipeline sends each node its own commands, whatever their slots).

The current rider lives in a context variable: one per thread and per gevent greenlet, so
concurrent requests never take each other's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Rider:
    """`queue(pipeline)` adds the commands; `settle(replies)` gets their replies (an
    exception in place of a failed command's) and may raise to refuse the request;
    `failed(error)` is told when the round trip itself failed (the store's own command then
    fails too, or is retried alone)."""

    queue: Callable[[Any], None]
    settle: Callable[[list[Any]], None]
    failed: Callable[[Exception], None]
    sent: bool = field(default=False, init=False)


_CURRENT: ContextVar[Rider | None] = ContextVar("cardtable_store_rider", default=None)


@contextmanager
def riding(client: Any, rider: Rider) -> Iterator[None]:
    """Let `rider` ride with the store's first command inside the block; if the block ends
    without one (the request was refused before it read anything), it is sent alone then
    (so its refusal, if any, replaces the block's outcome)."""
    token = _CURRENT.set(rider)
    try:
        yield
    finally:
        _CURRENT.reset(token)
        if not rider.sent:
            send_alone(client, rider)


def take() -> Rider | None:
    """The rider waiting for the current request's first store command, now taken (None
    when there is none or it has gone already)."""
    rider = _CURRENT.get()
    if rider is None or rider.sent:
        return None
    rider.sent = True
    return rider


def send_alone(client: Any, rider: Rider) -> None:
    """The rider's commands in a round trip of their own, judged."""
    rider.sent = True
    pipe = client.pipeline(transaction=False)
    rider.queue(pipe)
    try:
        replies = pipe.execute(raise_on_error=False)
    except Exception as error:  # the rider decides what a failure means
        rider.failed(error)
        return
    rider.settle(replies)


def flush(client: Any) -> None:
    """Before a store command that cannot carry the rider: send it alone first."""
    rider = take()
    if rider is not None:
        send_alone(client, rider)
