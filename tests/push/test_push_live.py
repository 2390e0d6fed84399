"""Server-Sent Events and long-polls on real gunicorn servers (gevent worker) over real
Redis: resume, cross-process wake-ups, the per-process cap, and SIGTERM."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tests.push.conftest import create_game, first_legal_move, move, sse_messages
from tests.support.live_server import LiveServer

STREAM = {"Accept": "text/event-stream"}


def play_moves(url: str, created: dict[str, Any], count: int) -> None:
    """`count` legal moves by whichever seat may act (Skyjo: setup reveals, then turns)."""
    for _ in range(count):
        view = httpx.get(f"{url}/games/{created['id']}").json()
        token = created["players"][view["active_seats"][0]]["token"]
        move(url, created["id"], token, first_legal_move(url, created["id"], token))


def read_until(messages: Any, version: int) -> list[dict[str, Any]]:
    """The events of the stream's messages up to and including `version`."""
    events = []
    for message in messages:
        if "data" in message:
            assert message["id"] == str(message["data"]["version"])
            events.append(message["data"])
            if message["data"]["version"] >= version:
                return events
    raise AssertionError(f"the stream ended before version {version}")


def test_resume_with_last_event_id_loses_and_repeats_nothing(
    push_servers: Callable[..., LiveServer],
) -> None:
    server = push_servers()
    created = create_game(server.url)
    url = f"{server.url}/games/{created['id']}/events"
    with httpx.Client(timeout=30) as client:
        with client.stream("GET", url, params={"since": 0}, headers=STREAM) as response:
            assert response.headers["content-type"].startswith("text/event-stream")
            play_moves(server.url, created, 6)
            first = read_until(sse_messages(response), 6)
        play_moves(server.url, created, 4)  # while nobody listens
        resume = {**STREAM, "Last-Event-ID": str(first[-1]["version"])}
        with client.stream("GET", url, headers=resume) as response:
            second = read_until(sse_messages(response), 10)
        whole = client.get(url, params={"since": 0}).json()["events"]
    assert first + second == whole
    assert [e["version"] for e in whole] == list(range(1, 11))


@pytest.mark.parametrize("cluster", [False, True], ids=["redis", "cluster"])
def test_a_move_on_one_server_wakes_a_stream_and_a_long_poll_on_another(
    push_servers: Callable[..., LiveServer], cluster: bool
) -> None:
    mover = push_servers(cluster=cluster, workers=1)
    watcher = push_servers(
        cluster=cluster, workers=1, CARDTABLE_KEY_PREFIX=mover.extra_env["CARDTABLE_KEY_PREFIX"]
    )
    created = create_game(mover.url)
    game_id = created["id"]
    polled: list[httpx.Response] = []

    def long_poll() -> None:
        polled.append(
            httpx.get(
                f"{watcher.url}/games/{game_id}",
                params={"wait": 25},
                headers={"If-None-Match": '"0"'},
                timeout=40,
            )
        )

    poller = threading.Thread(target=long_poll)
    with httpx.Client(timeout=30) as client:
        url = f"{watcher.url}/games/{game_id}/events"
        with client.stream("GET", url, headers=STREAM) as response:
            messages = sse_messages(response)
            assert "retry" in next(messages)  # the stream is open (and subscribed)
            poller.start()
            play_moves(mover.url, created, 1)
            events = read_until(messages, 1)
    poller.join(40)
    assert [(e["type"], e["version"]) for e in events] == [("move", 1)]
    assert polled[0].status_code == 200 and polled[0].json()["version"] == 1


def metric(server: LiveServer, name: str) -> float:
    for line in httpx.get(f"{server.url}/metrics", timeout=30).text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_overload_answers_503_with_retry_after_and_a_closed_stream_frees_its_slot(
    push_servers: Callable[..., LiveServer],
) -> None:
    server = push_servers(
        workers=1, CARDTABLE_MAX_STREAMS="2", CARDTABLE_SSE_HEARTBEAT_SECONDS="0.2"
    )
    created = create_game(server.url)
    url = f"{server.url}/games/{created['id']}/events"
    with httpx.Client(timeout=30) as one, httpx.Client(timeout=30) as two:
        held = [
            c.send(c.build_request("GET", url, headers=STREAM), stream=True) for c in (one, two)
        ]
        # Kept: a dropped reader would close its connection (httpcore does on GeneratorExit).
        readers = [sse_messages(response) for response in held]
        for response, reader in zip(held, readers, strict=True):
            assert response.status_code == 200
            next(reader)
        refused = httpx.get(url, headers=STREAM)
        assert refused.status_code == 503
        assert refused.json()["code"] == "too_many_waiting"
        assert int(refused.headers["Retry-After"]) > 0
        poll = httpx.get(
            f"{server.url}/games/{created['id']}",
            params={"wait": 5},
            headers={"If-None-Match": '"0"'},
        )
        assert poll.status_code == 503 and "Retry-After" in poll.headers
        held[0].close()
        one.close()
        held[1].close()
    # The server learns of the closed connection at its next heartbeat: from then on the
    # slot is free again.
    with httpx.Client(timeout=30) as client:
        give_up = time.monotonic() + 20  # a bound on a busy machine, not a measurement
        while True:
            with client.stream("GET", url, headers=STREAM) as response:
                if response.status_code == 200:
                    break
            assert time.monotonic() < give_up, "the closed stream's slot was never freed"
            time.sleep(0.05)
    assert metric(server, "cardtable_push_refused_total") >= 2


def test_sigterm_ends_streams_and_long_polls_within_the_grace_period(
    push_servers: Callable[..., LiveServer],
) -> None:
    server = push_servers(workers=1, CARDTABLE_GRACEFUL_TIMEOUT="20")
    created = create_game(server.url)
    game_id = created["id"]
    polled: list[httpx.Response] = []
    poller = threading.Thread(
        target=lambda: polled.append(
            httpx.get(
                f"{server.url}/games/{game_id}",
                params={"wait": 30},
                headers={"If-None-Match": '"0"'},
                timeout=60,
            )
        )
    )
    with httpx.Client(timeout=60) as client:
        url = f"{server.url}/games/{game_id}/events"
        with client.stream("GET", url, headers=STREAM) as response:
            messages = sse_messages(response)
            assert "retry" in next(messages)
            poller.start()
            for _attempt in range(1000):  # the long-poll is waiting once the gauge says so
                if metric(server, 'cardtable_waiting_clients{kind="long_poll"}') >= 1:
                    break
            assert server.process is not None
            server.process.send_signal(signal.SIGTERM)
            rest = list(messages)  # the stream ends
    poller.join(60)
    assert rest and "retry" in rest[-1] and not any("data" in m for m in rest)
    assert polled[0].status_code == 304
    # Everything ended well before the graceful timeout forced anything.
    assert server.process.wait(timeout=15) == 0
