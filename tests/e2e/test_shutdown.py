"""SIGTERM against a real gunicorn: idle keep-alive clients do not hold the stop, and every
request the server accepted is answered (none reset; the kernel's own race at the listener's
close aside, see the test).

Load runs on fresh connections while the server stops: each is answered, or refused once
the listener is closed (a refused connect was never accepted; behind a Service it goes to
another pod), never accepted and then reset. The bound on the stop is the behaviour under
test, not a speed: without closing idle connections the stop lasts the graceful timeout.
"""

from __future__ import annotations

import errno
import re
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest

from cardtable.server.redis_server import RedisServer
from tests.e2e.gunicorn import Gunicorn

GRACEFUL_TIMEOUT = 30
STOP_BOUND = 5.0
REQUEST = b"GET /livez HTTP/1.1\r\nHost: cardtable\r\n\r\n"


def read_response(sock: socket.socket) -> bytes:
    """One whole response to REQUEST (its body is small JSON with a Content-Length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def one_request(port: int) -> str:
    """'answered', 'refused' (never accepted) or 'reset' (accepted, then no answer)."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    except ConnectionRefusedError:
        return "refused"
    with sock:
        try:
            sock.sendall(REQUEST)
            answer = read_response(sock)
        except OSError as error:
            if error.errno in (errno.ECONNRESET, errno.EPIPE):
                return f"reset-{error.errno}"
            raise
    return "answered" if answer.startswith(b"HTTP/1.1 200 ") else f"reset-{answer[:30]!r}"


@dataclass
class Load:
    """Threads sending REQUEST on fresh connections until stopped, outcomes counted."""

    port: int
    threads: int = 6
    outcomes: Counter[str] = field(default_factory=Counter)
    after_stop: Counter[str] = field(default_factory=Counter)
    stopping: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def _run(self) -> None:
        while not self.done.is_set():
            outcome = one_request(self.port)
            with self.lock:
                self.outcomes[outcome] += 1
                if self.stopping.is_set():
                    self.after_stop[outcome] += 1
            if outcome == "refused":
                time.sleep(0.01)

    def __enter__(self) -> Load:
        self.workers = [threading.Thread(target=self._run, daemon=True) for _ in range(6)]
        for worker in self.workers:
            worker.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        for worker in self.workers:
            worker.join(timeout=30)


def idle_keep_alive_clients(port: int, count: int) -> list[socket.socket]:
    """Connections that had one answer and now sit idle, as a proxy's upstream pool does."""
    clients = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(REQUEST)
        assert read_response(sock).startswith(b"HTTP/1.1 200 ")
        clients.append(sock)
    return clients


def closed_cleanly(sock: socket.socket) -> bool:
    """The server closed the connection with a FIN (recv gives b''), not a reset."""
    sock.settimeout(10)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return False


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_with_idle_clients_stops_at_once_and_resets_nothing(
    redis_server: RedisServer, workers: int
) -> None:
    env = {
        "CARDTABLE_REDIS_URL": redis_server.url,
        "CARDTABLE_GRACEFUL_TIMEOUT": str(GRACEFUL_TIMEOUT),
        "CARDTABLE_KEEPALIVE": "75",
    }
    server = Gunicorn(env=env, workers=workers).start()
    try:
        idle = idle_keep_alive_clients(server.port, 20)
        with Load(server.port) as load:
            while sum(load.outcomes.values()) < 200:
                time.sleep(0.01)
            assert server.process is not None
            started = time.monotonic()
            load.stopping.set()
            code = server.terminate(timeout=GRACEFUL_TIMEOUT + 10)
            stopped = time.monotonic() - started
        log = server.log_text()
    finally:
        server.stop()
    assert code == 0, log[-4000:]
    assert stopped < STOP_BOUND, f"the stop took {stopped:.1f} s (graceful timeout: idle held)"
    # At most one reset, at the instant the listener closes: a connection whose handshake
    # is in flight then is reset by the kernel (its SYN was answered, the listener is gone
    # when its ACK comes), which no server can answer. Seen once in about 35 runs on a
    # loaded machine; without taking the backlog in, 3 to 5 a run are reset.
    resets = sum(count for outcome, count in load.outcomes.items() if outcome.startswith("reset"))
    assert resets <= 1, (load.outcomes, load.after_stop)
    assert load.outcomes["answered"] >= 200
    assert all([closed_cleanly(sock) for sock in idle])
    for sock in idle:
        sock.close()
    assert "graceful timeout" not in log.lower()
    assert "SIGKILL" not in log
    # Closing idle connections is routine: one INFO line per worker, no ERROR, no traceback.
    assert '"level": "ERROR"' not in log and "Traceback" not in log, log[-4000:]
    closed = re.findall(r"Closed (\d+) idle connection\(s\) at stop", log)
    assert 1 <= len(closed) <= workers and sum(map(int, closed)) >= len(idle), log[-4000:]


@pytest.mark.parametrize("after_fork", [0.0, 0.3])
def test_sigterm_while_the_workers_start_stops_them_at_once(
    redis_server: RedisServer, after_fork: float
) -> None:
    """A pod stopped as it starts (a rollout undone at once): SIGTERM reaches workers just
    forked (before they set their signal handlers, 0 s) or still loading the app (0.3 s).
    gunicorn exits 0 (not "Worker failed to boot"), without waiting out the graceful timeout
    (a signal the worker missed)."""
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_GRACEFUL_TIMEOUT": "30"}
    server = Gunicorn(env=env, workers=2).start(wait=False)
    try:
        deadline = time.monotonic() + 30
        while server.log_text().count("Booting worker") < 2:
            assert time.monotonic() < deadline, server.log_text()[-3000:]
            time.sleep(0.005)
        time.sleep(after_fork)
        started = time.monotonic()
        code = server.terminate(timeout=40)
        stopped = time.monotonic() - started
        log = server.log_text()
    finally:
        server.stop()
    assert code == 0, log[-3000:]
    assert "failed to boot" not in log.lower()
    assert stopped < 15, f"the stop took {stopped:.1f} s: a worker missed the signal"


def test_a_request_in_flight_at_sigterm_is_answered_with_connection_close(
    redis_server: RedisServer,
) -> None:
    """A request whose body is still arriving when SIGTERM comes is read and answered."""
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_GRACEFUL_TIMEOUT": "20"}
    server = Gunicorn(env=env).start()
    body = b'{"game": "skyjo", "players": [{"name": "Ann"}, {"name": "Bob"}]}'
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(
                b"POST /games HTTP/1.1\r\nHost: cardtable\r\nContent-Type: application/json\r\n"
                b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body[:10]
            )
            time.sleep(0.3)  # the server has the request's start: it is in flight
            assert server.process is not None
            server.process.send_signal(15)
            time.sleep(0.3)
            sock.sendall(body[10:])
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        assert server.process.wait(timeout=30) == 0
    finally:
        server.stop()
    head = answer.partition(b"\r\n\r\n")[0].lower()
    assert head.startswith(b"http/1.1 201 "), answer[:300]
    assert b"connection: close" in head
