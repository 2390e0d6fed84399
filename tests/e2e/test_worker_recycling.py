"""The memory backstop against a real gunicorn: a worker recycled after
CARDTABLE_MAX_REQUESTS stops as on SIGTERM (its event stream ends with `retry:`, its
long-poll answers), the master starts another, and the clients resume on it; and /metrics
gives the standard process metrics of the master and of each worker, one series per pid."""

from __future__ import annotations

import re
import threading
from typing import Any

import httpx

from cardtable.server.redis_server import RedisServer
from tests.e2e.gunicorn import Gunicorn
from tests.push.conftest import create_game, sse_messages
from tests.support.waiting import eventually

STREAM = {"Accept": "text/event-stream"}


def worker_pids(server: Gunicorn) -> set[str]:
    """The pids of the `process_cpu_seconds_total` series other than the master's."""
    text = httpx.get(server.url + "/metrics", timeout=10).text
    assert server.process is not None
    pids = set(re.findall(r'^process_cpu_seconds_total\{pid="(\d+)"\} ', text, re.MULTILINE))
    return pids - {str(server.process.pid)}


def test_a_recycled_worker_ends_its_stream_and_long_poll_cleanly(redis_server: RedisServer) -> None:
    env = {
        "CARDTABLE_REDIS_URL": redis_server.url,
        "CARDTABLE_KEY_PREFIX": "recycle",
        "CARDTABLE_MAX_REQUESTS": "40",
        "CARDTABLE_MAX_REQUESTS_JITTER": "0",
        "CARDTABLE_GRACEFUL_TIMEOUT": "30",
        "CARDTABLE_RATE_LIMITS": "off",
    }
    with Gunicorn(env=env, workers=1) as server:
        first = worker_pids(server)
        assert len(first) == 1
        game_id = create_game(server.url)["id"]
        polled: list[httpx.Response] = []

        def long_poll() -> None:
            polled.append(
                httpx.get(
                    f"{server.url}/games/{game_id}",
                    params={"wait": 30},
                    headers={"If-None-Match": '"0"'},
                    timeout=60,
                )
            )

        poller = threading.Thread(target=long_poll)
        with httpx.Client(timeout=60) as client:
            url = f"{server.url}/games/{game_id}/events"
            with client.stream("GET", url, headers=STREAM) as response:
                messages = sse_messages(response)
                assert "retry" in next(messages)
                poller.start()
                # Requests until the worker's count is reached: gunicorn clears `alive`.
                for _ in range(60):
                    answer = httpx.get(server.url + "/livez", timeout=30)
                    if answer.headers.get("connection") == "close":
                        break
                rest: list[dict[str, Any]] = list(messages)  # the stream ends
        poller.join(60)
        # A clean end: a last `retry:` and no event; the long-poll answered (not cut).
        assert rest and "retry" in rest[-1] and not any("data" in m for m in rest)
        assert polled and polled[0].status_code == 304
        # A new worker serves; the stream resumes on it.
        second = eventually(lambda: worker_pids(server) - first, "a new worker")
        assert second
        with (
            httpx.Client(timeout=60) as client,
            client.stream("GET", url, headers=STREAM) as response,
        ):
            assert response.status_code == 200
            assert "retry" in next(sse_messages(response))
        assert "Autorestarting worker" in server.log_text()
        assert "Worker graceful timeout" not in server.log_text()


def test_metrics_give_each_process_its_own_series(redis_server: RedisServer) -> None:
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_KEY_PREFIX": "procmetrics"}
    with Gunicorn(env=env, workers=2) as server:
        assert server.process is not None
        master = str(server.process.pid)
        workers = eventually(
            lambda: len(worker_pids(server)) == 2 and worker_pids(server), "2 workers"
        )
        text = httpx.get(server.url + "/metrics", timeout=10).text
        assert "# TYPE process_cpu_seconds_total counter" in text
        for pid in {master, *workers}:
            for name in ("process_cpu_seconds_total", "process_resident_memory_bytes",
                         "process_open_fds", "process_start_time_seconds"):  # fmt: skip
                match = re.search(rf'^{name}\{{pid="{pid}"\}} ([0-9.e+]+)$', text, re.MULTILINE)
                assert match, f"{name} of {pid}"
        rss = re.findall(r'^process_resident_memory_bytes\{pid="\d+"\} ([0-9.e+]+)$', text, re.M)
        assert all(float(value) > 1_000_000 for value in rss)
        assert "cardtable_process_cpu_seconds" not in text  # the old gauge fed to rate()
        assert "# TYPE cardtable_container_memory_working_set_bytes gauge" in text
