"""The metrics the hot path queues (`cardtable.api.metrics.Pending`) are written as the same
samples as direct `inc`/`observe` calls, and a scrape includes its own process's queue."""

from __future__ import annotations

import threading

from prometheus_client import CollectorRegistry, Counter, Histogram

from cardtable.server.pending_metrics import Pending
from tests.api.conftest import Api
from tests.api.test_metrics_and_docs import sample

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1)
VALUES = [0.0, 0.001, 0.0011, 0.003, 0.003, 0.05, 0.07, 0.1, 0.2, 7.0, 0.0025]


def _pair(registry: CollectorRegistry) -> tuple[Counter, Histogram]:
    counter = Counter("t_requests_total", "t", ["route"], registry=registry)
    histogram = Histogram("t_seconds", "t", ["route"], buckets=BUCKETS, registry=registry)
    return counter, histogram


def _samples(registry: CollectorRegistry) -> list[tuple[str, dict[str, str], float]]:
    """Every sample but the `_created` timestamps (which differ between two registries)."""
    return [
        (s.name, s.labels, s.value)
        for metric in registry.collect()
        for s in metric.samples
        if not s.name.endswith("_created")
    ]


def test_queued_samples_are_written_as_direct_calls_write_them() -> None:
    direct, queued = CollectorRegistry(), CollectorRegistry()
    (direct_counter, direct_histogram), (counter, histogram) = _pair(direct), _pair(queued)
    pending = Pending()
    for value in VALUES:
        direct_counter.labels("a").inc()
        direct_histogram.labels("a").observe(value)
        pending.inc(counter.labels("a"))
        pending.observe(histogram.labels("a"), value)
    direct_counter.labels("b").inc(3)
    pending.inc(counter.labels("b"), 3)
    before = _samples(queued)
    pending.flush()
    assert _samples(queued) == _samples(direct)
    assert before != _samples(direct)  # nothing written until the flush
    pending.flush()  # an empty queue writes nothing
    assert _samples(queued) == _samples(direct)


def test_samples_queued_from_threads_are_all_written() -> None:
    registry = CollectorRegistry()
    counter, _ = _pair(registry)
    child, pending = counter.labels("x"), Pending()

    def record() -> None:
        for _ in range(2000):
            pending.inc(child)

    threads = [threading.Thread(target=record) for _ in range(4)]
    for thread in threads:
        thread.start()
    for _ in range(50):
        pending.flush()  # flushes racing the records lose nothing
    for thread in threads:
        thread.join()
    pending.flush()
    assert registry.get_sample_value("t_requests_total", {"route": "x"}) == 8000


def test_a_scrape_includes_the_samples_queued_in_its_process(api: Api) -> None:
    before = api.client.get("/metrics").get_data(as_text=True)
    labels = {"endpoint": "/games", "method": "POST", "status": "201"}
    created = api.client.post(
        "/games", json={"game": "skyjo", "players": [{"name": "a"}, {"name": "b"}]}
    )
    assert created.status_code == 201
    after = api.client.get("/metrics").get_data(as_text=True)
    count = "cardtable_http_requests_total"
    assert sample(after, count, **labels) == sample(before, count, **labels) + 1
    assert (
        sample(
            after, "cardtable_http_request_duration_seconds_count", endpoint="/games", method="POST"
        )
        == sample(
            before,
            "cardtable_http_request_duration_seconds_count",
            endpoint="/games",
            method="POST",
        )
        + 1
    )
