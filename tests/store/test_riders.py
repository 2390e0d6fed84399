"""Riders against a real redis-server: another concern's commands, handed to the store's
read, go in the same round trip and are judged before the store goes on (a refusal stops
it), once only; sent alone, they are judged as well; concurrent riders with no read to ride
share a carpool's round trips."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from cardtable.store import DocumentStore, NotFound, riders


class Refused(Exception):
    pass


class Counter:
    """A rider that counts its key up and refuses past `limit`; records what it saw."""

    def __init__(self, key: str, limit: int = 10):
        self.key, self.limit = key, limit
        self.replies: list[Any] = []
        self.failures: list[Exception] = []

    def rider(self) -> riders.Rider:
        return riders.Rider(
            queue=lambda batch: batch.execute_command("INCR", self.key),
            settle=self.settle,
            failed=self.failures.append,
        )

    def settle(self, replies: list[Any]) -> None:
        self.replies.append(replies)
        if not isinstance(replies[0], Exception) and replies[0] > self.limit:
            raise Refused


@pytest.fixture
def store(redis_client: redis.Redis) -> DocumentStore:
    store = DocumentStore(redis_client, "game", prefix="riders", ttl_seconds=600)
    store.create("g1", 0, {"n": 1})
    return store


def test_the_rider_goes_with_the_read_in_one_round_trip(
    store: DocumentStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    counter = Counter("riders:count")
    trips: list[int] = []
    send = redis.connection.Connection.send_packed_command

    def counted(self: Any, *args: Any, **kwargs: Any) -> None:
        trips.append(1)
        send(self, *args, **kwargs)  # type: ignore[no-untyped-call]

    monkeypatch.setattr(redis.connection.Connection, "send_packed_command", counted)
    rider = counter.rider()
    assert store.load("g1", rider=rider).document == {"n": 1}
    store.load("g1", rider=rider)  # the rider rides once
    assert counter.replies == [[1]] and len(trips) == 2
    assert store.read_raw_fields("g1", rider=Counter("riders:fields").rider())[0] == 0
    assert len(trips) == 3  # the fields' read carries one too


@pytest.mark.parametrize("doc_id", ["g1", "nope"])
def test_a_refusal_stops_the_read_and_nothing_is_written(store: DocumentStore, doc_id: str) -> None:
    # An unknown document too: the rider is judged before the store's own answer.
    with pytest.raises(Refused):
        store.load(doc_id, rider=Counter(doc_id, limit=0).rider())
    with pytest.raises(Refused):
        store.read_raw_fields(doc_id, "n", rider=Counter(doc_id + ":fields", limit=0).rider())
    assert store.load("g1").version == 0
    with pytest.raises(NotFound):
        store.load("nope", rider=Counter(doc_id + ":ok").rider())


def test_a_rider_no_read_took_is_judged_alone_once(redis_client: redis.Redis) -> None:
    counter = Counter("riders:alone", limit=1)
    rider = counter.rider()
    riders.send_alone(redis_client, rider)
    assert riders.take(rider) is None and riders.take(None) is None  # gone: judged once
    with pytest.raises(Refused):
        riders.send_alone(redis_client, counter.rider())
    assert counter.replies == [[1], [2]]


def test_a_commands_error_is_its_reply_and_the_read_still_answers(store: DocumentStore) -> None:
    counter = Counter("riders:fail")

    def broken(batch: riders.Batch) -> None:
        batch.execute_command("NO-SUCH-COMMAND")

    rider = riders.Rider(queue=broken, settle=counter.settle, failed=counter.failures.append)
    assert store.load("g1", rider=rider).version == 0
    assert isinstance(counter.replies[0][0], redis.ResponseError) and not counter.failures


def test_a_batch_answers_in_order_and_a_failed_one_leaves_no_reply_behind(
    redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch = riders.Batch()
    for args in (("INCR", "riders:batch"), ("NO-SUCH-COMMAND",), ("INCR", "riders:batch")):
        batch.execute_command(*args)
    first, error, second = batch.send(redis_client)
    assert (first, second) == (1, 2) and isinstance(error, redis.ResponseError)

    # A read that fails after the commands were sent (a broken connection) is retried as
    # redis-py retries a pipeline, on a new connection, and no pooled connection keeps the
    # unread replies: the next command on the pool gets its own answer.
    read, failures = redis.connection.Connection.read_response, [0]

    def breaks_once(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not failures[0]:
            failures[0] += 1
            raise redis.ConnectionError("reset")
        return read(self, *args, **kwargs)

    url = redis_client.connection_pool.connection_kwargs
    retrying = redis.Redis(
        host=url["host"], port=url["port"], retry=Retry(NoBackoff(), 1)
    )  # one retry, as the app's client has
    retrying.ping()  # connected: what fails is the batch's own read
    monkeypatch.setattr(redis.connection.Connection, "read_response", breaks_once)
    batch = riders.Batch()
    batch.execute_command("INCR", "riders:batch")
    assert batch.send(retrying) == [4]  # the first send counted too: it was resent
    monkeypatch.undo()
    assert retrying.get("riders:batch") == b"4"
    retrying.close()


def test_a_failed_round_trip_is_reported_and_the_read_tried_alone(
    store: DocumentStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    counter = Counter("riders:down")

    def fail(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise redis.ConnectionError("down")

    # The round trip fails as a whole (as when a Cluster node holding only the rider's
    # keys is down); the read alone still answers.
    monkeypatch.setattr(riders.Batch, "send", fail)
    assert store.load("g1", rider=counter.rider()).version == 0
    assert [type(error) for error in counter.failures] == [redis.ConnectionError]


def test_a_carpool_carries_concurrent_riders_in_shared_trips_each_judged_alone(
    redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    counters = [
        Counter(f"riders:pool:{index}", limit=0 if index == 7 else 10) for index in range(300)
    ]
    trips: list[int] = []
    in_flight, most = [0], [0]
    lock = threading.Lock()
    batch_send = riders.Batch.send

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        with lock:
            trips.append(len(self))
            in_flight[0] += 1
            most[0] = max(most[0], in_flight[0])
        try:
            threading.Event().wait(0.01)  # a slow round trip: the others queue meanwhile
            return batch_send(self, *args, **kwargs)
        finally:
            with lock:
                in_flight[0] -= 1

    monkeypatch.setattr(riders.Batch, "send", counted)
    carpool = riders.Carpool(redis_client)
    refused: list[int] = []
    start = threading.Barrier(len(counters))

    def send(index: int) -> None:
        start.wait()
        try:
            carpool.send(counters[index].rider())
        except Refused:
            refused.append(index)

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(counters))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert [counter.replies for counter in counters] == [[[1]]] * len(counters)
    assert refused == [7]  # judged in its own thread, the others unaffected
    assert sum(trips) == len(counters) and len(trips) < len(counters) / 4
    assert most[0] <= riders.CARPOOL_TRIPS
    carpool.send(counters[0].rider())  # a quiet carpool sends at once
    assert counters[0].replies[-1] == [2]
