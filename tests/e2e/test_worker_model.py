"""The worker model against a real gunicorn: slow clients, a frozen Redis and SIGTERM during a
long-poll never take the service down or cut an answer."""

from __future__ import annotations

import contextlib
import json
import select
import signal
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from cardtable.server.redis_server import RedisServer
from tests.e2e.gunicorn import Gunicorn
from tests.support.waiting import eventually

PLAYERS = [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]


def create_game(server: Gunicorn) -> dict[str, object]:
    created = httpx.post(server.url + "/games", json={"game": "skyjo", "players": PLAYERS})
    assert created.status_code == 201, created.text
    return dict(created.json())


def closed_by_server(sock: socket.socket) -> bool:
    readable, _, _ = select.select([sock], [], [], 0)
    if not readable:
        return False
    try:
        return sock.recv(4096) == b""
    except OSError:
        return True


class Slowloris:
    """Connections that send a request line, then one header line every `pause` seconds."""

    def __init__(self, port: int, count: int, pause: float):
        self.sockets = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
        self.pause = pause
        self.stop = threading.Event()
        for sock in self.sockets:
            sock.sendall(b"GET /livez HTTP/1.1\r\nHost: x\r\n")
        self.thread = threading.Thread(target=self._trickle, daemon=True)
        self.thread.start()

    def _trickle(self) -> None:
        n = 0
        while not self.stop.wait(self.pause):
            n += 1
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.sendall(f"X-Slow-{n}: a\r\n".encode())

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        for sock in self.sockets:
            sock.close()


@pytest.fixture
def slow_server(redis_server: RedisServer) -> Iterator[Gunicorn]:
    # One worker, a read deadline longer than the test: the slow connections stay held.
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_READ_TIMEOUT": "120"}
    with Gunicorn(env=env) as server:
        yield server


def test_livez_answers_while_slow_clients_hold_connections(slow_server: Gunicorn) -> None:
    # gthread (4 threads) was starved by 8 such connections; 200 are held here.
    loris = Slowloris(slow_server.port, count=200, pause=1.0)
    try:
        for _ in range(10):
            assert httpx.get(slow_server.url + "/livez", timeout=10).status_code == 200
            time.sleep(0.3)
        game = create_game(slow_server)
        assert httpx.get(f"{slow_server.url}/games/{game['id']}", timeout=10).status_code == 200
        # They were still held all along: the server answered beside them, not after them.
        assert not any(closed_by_server(sock) for sock in loris.sockets)
    finally:
        loris.close()


def test_a_trickled_request_is_cut_at_the_read_deadline(redis_server: RedisServer) -> None:
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_READ_TIMEOUT": "1"}
    with Gunicorn(env=env) as server:
        loris = Slowloris(server.port, count=3, pause=0.2)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if all(closed_by_server(sock) for sock in loris.sockets):
                    break
                time.sleep(0.2)
            assert all(closed_by_server(sock) for sock in loris.sockets)
        finally:
            loris.close()
        # A request sent at a normal pace on a fresh connection is still served.
        assert httpx.get(server.url + "/livez").status_code == 200


def test_sigterm_during_a_long_poll_answers_it_at_once(redis_server: RedisServer) -> None:
    # The graceful timeout (10 s) is shorter than the wait (25 s): without the shutdown
    # signal the poll would be cut off with no answer when the worker is killed.
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_GRACEFUL_TIMEOUT": "10"}
    server = Gunicorn(env=env).start()
    try:
        game = create_game(server)
        url = f"{server.url}/games/{game['id']}"
        etag = httpx.get(url).headers["ETag"]
        with ThreadPoolExecutor(1) as pool:
            started = time.monotonic()
            poll = pool.submit(
                httpx.get, url + "?wait=25", headers={"If-None-Match": etag}, timeout=60
            )
            waiting = 'cardtable_waiting_clients{kind="long_poll"}'
            assert server.wait_for_metric(waiting, 1) == 1
            assert server.terminate() == 0
            answer = poll.result()
            elapsed = time.monotonic() - started
        assert answer.status_code == 304
        assert answer.headers["ETag"] == etag
        assert elapsed < 25, "answered when the wait ran out, not at SIGTERM"
    finally:
        server.stop()


def test_livez_answers_while_redis_is_frozen() -> None:
    with RedisServer() as redis_server:
        env = {
            "CARDTABLE_REDIS_URL": redis_server.url,
            "CARDTABLE_REDIS_MAX_CONNECTIONS": "4",
            "CARDTABLE_REDIS_TIMEOUT_SECONDS": "3",
        }
        with Gunicorn(env=env) as server:
            game = create_game(server)
            assert redis_server.process is not None
            redis_server.process.send_signal(signal.SIGSTOP)
            try:
                with ThreadPoolExecutor(24) as pool:
                    reads = [
                        pool.submit(httpx.get, f"{server.url}/games/{game['id']}", timeout=60)
                        for _ in range(24)
                    ]
                    # Every one of them reached the server: blocked on Redis or on the pool
                    # (in flight, besides the scrape itself), or already refused because its
                    # budget could not be counted with Redis frozen (limits never pass a
                    # request unchecked).
                    eventually(
                        lambda: (
                            server.metric("cardtable_http_requests_in_flight")
                            - 1
                            + sum(read.done() for read in reads)
                            >= 24
                        ),
                        "the 24 reads in the server or answered",
                    )
                    for _ in range(5):
                        assert httpx.get(server.url + "/livez", timeout=10).status_code == 200
                    answers = [read.result() for read in reads]
            finally:
                redis_server.process.send_signal(signal.SIGCONT)
            assert {a.status_code for a in answers} == {503}
            assert {a.json()["code"] for a in answers} == {"store_unavailable"}
            assert all(a.headers["Retry-After"] for a in answers)
            assert server.metric('cardtable_redis_errors_total{kind="TimeoutError"}') >= 1
            assert httpx.get(f"{server.url}/games/{game['id']}").status_code == 200


def test_many_long_polls_wait_together_and_a_move_wakes_them(slow_server: Gunicorn) -> None:
    # Far more waiting clients than gthread had threads (4): each costs a greenlet here.
    players = [{"name": "Ann"}, {"name": "Bob"}]
    created = httpx.post(slow_server.url + "/games", json={"game": "skyjo", "players": players})
    game = created.json()
    url = f"{slow_server.url}/games/{game['id']}"
    auth = {"Authorization": f"Bearer {game['players'][0]['token']}"}
    etag = httpx.get(url).headers["ETag"]
    with ThreadPoolExecutor(60) as pool:
        polls = [
            pool.submit(httpx.get, url + "?wait=30", headers={"If-None-Match": etag}, timeout=60)
            for _ in range(60)
        ]
        waiting = 'cardtable_waiting_clients{kind="long_poll"}'
        assert slow_server.wait_for_metric(waiting, 60) == 60
        move = httpx.get(url + "/legal-moves", headers=auth).json()["moves"][0]
        assert httpx.post(url + "/moves", json={"move": move}, headers=auth).status_code == 200
        answers = [poll.result() for poll in polls]
    assert {answer.status_code for answer in answers} == {200}
    assert {answer.headers["ETag"] for answer in answers} != {etag}


def test_a_trickled_body_is_cut_and_refused_not_a_500(redis_server: RedisServer) -> None:
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_READ_TIMEOUT": "1"}
    with Gunicorn(env=env) as server, socket.create_connection(("127.0.0.1", server.port)) as c:
        c.sendall(
            b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        c.settimeout(60)
        answer = b""
        while b"\r\n\r\n" not in answer:
            for _ in range(4):  # one byte now and then: never the whole body
                if closed_by_server(c):
                    break
                with contextlib.suppress(OSError):
                    c.sendall(b" ")
            readable, _, _ = select.select([c], [], [], 0.5)
            if readable:
                chunk = c.recv(65536)
                if not chunk:
                    break
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]


def test_errors_gunicorn_answers_itself_carry_the_json_body(slow_server: Gunicorn) -> None:
    host, port = slow_server.url.removeprefix("http://").split(":")
    # (Requests gunicorn refuses after reading all of them: one it leaves half read, like
    # a too long URI, is answered the same way but may be reset before the client reads.)
    for request, status, code in (
        (b"NOT A REQUEST LINE\r\n\r\n", 400, "bad_request"),
        (b"GET / HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n", 400, "bad_request"),
    ):
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(request)
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(f"HTTP/1.1 {status} ".encode()), head
        assert b"Content-Type: application/json" in head
        assert json.loads(body) == {**json.loads(body), "status": status, "code": code}
