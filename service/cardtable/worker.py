"""gunicorn's gevent worker with read deadlines, so slow or idle clients cannot hold the server.

Under gevent a connection costs a greenlet, not a thread: thousands of idle keep-alive
connections and long-polls fit in one process (`worker_connections` caps them). What a
greenlet per connection does not stop is a client that trickles its request in (slowloris)
and keeps its slot forever. gunicorn's own gevent worker bounds reading the request headers
by the keep-alive time, so a keep-alive long enough for a load balancer (60 s and more) would
let such a client hold a slot that long, and it never bounds reading the body. Here:

- the wait for a request is bounded by `keepalive` (by `read_timeout` for the first request
  of a connection: a client that connects and sends nothing is dropped quickly);
- once its first byte has arrived, the whole request, headers and body, must arrive within
  `read_timeout` seconds, however slowly it trickles; past that the connection reads as
  closed (the app answers 400 to a cut body, an unfinished header gets no answer);
- writing a response may block at most `write_timeout` seconds per send;
- a response's headers go out in one send with the start of its body (gunicorn writes them
  apart: a second system call and a second packet for every answer, the costliest part of
  a small answer on a busy server);
- the errors gunicorn answers itself (a malformed request line, a URI or headers too long)
  carry the service's JSON error body instead of gunicorn's HTML page.
"""

from __future__ import annotations

import json
import os
import socket
import time
from typing import Any

from gunicorn import util
from gunicorn.workers.ggevent import GeventWorker

# Codes for the statuses gunicorn answers before the app sees a request.
CODE_BY_SERVER_STATUS = {
    400: "bad_request",
    403: "forbidden",
    414: "uri_too_long",
    417: "expectation_failed",
    431: "headers_too_large",
    500: "internal_error",
    501: "not_implemented",
}


def write_json_error(sock: Any, status: int, reason: str, message: str) -> None:
    """gunicorn's `util.write_error`, answering with the service's error body."""
    body = json.dumps(
        {
            "code": CODE_BY_SERVER_STATUS.get(status, "bad_request"),
            "message": f"{reason}: {message}" if message else reason,
            "status": status,
        }
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin1") + body)


def _seconds(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default


class DeadlineSocket:
    """A client socket whose reads follow the deadlines above; everything else is delegated."""

    def __init__(self, sock: Any, *, first_idle: float, idle: float, read: float, write: float):
        self._sock = sock
        self._idle = first_idle
        self._next_idle = idle
        self._read = read
        self._write = write
        self._deadline: float | None = None
        self._holding = False
        self._held = b""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)

    def next_request(self) -> None:
        """The response is sent: the next read waits for a new request (keep-alive)."""
        self._deadline = None
        self._idle = self._next_idle

    def hold_headers(self) -> None:
        """Keep the next `sendall` (a response's headers: gunicorn writes them first) to
        send it with the one after (the body's start), or at `flush`."""
        self._holding = True

    def flush(self) -> None:
        """Send what is held, and hold nothing more."""
        self._holding = False
        if self._held:
            held, self._held = self._held, b""
            self.sendall(held)

    def recv(self, size: int) -> bytes:
        if self._deadline is None:
            timeout = self._idle
        else:
            timeout = self._deadline - time.monotonic()
            if timeout <= 0:
                return b""  # too slow: read as if the client had closed
        self._sock.settimeout(timeout)
        try:
            data: bytes = self._sock.recv(size)
        except TimeoutError:
            return b""
        if self._deadline is None and data:
            self._deadline = time.monotonic() + self._read
        return data

    def send(self, data: bytes) -> int:
        self.flush()
        self._sock.settimeout(self._write)
        sent: int = self._sock.send(data)
        return sent

    def sendall(self, data: bytes) -> None:
        if self._holding:
            self._holding, self._held = False, bytes(data)
            return
        if self._held:
            data, self._held = self._held + data, b""
        self._sock.settimeout(self._write)
        self._sock.sendall(data)

    def sendfile(self, file: Any, offset: int = 0, count: int | None = None) -> int:
        self.flush()  # the headers before the file
        sent: int = self._sock.sendfile(file, offset, count)
        return sent


class CardtableWorker(GeventWorker):  # type: ignore[misc]
    """The gevent worker with request read deadlines and a process-wide shutdown signal."""

    def init_process(self) -> None:
        self.read_timeout = _seconds("CARDTABLE_READ_TIMEOUT", 10.0)
        self.write_timeout = _seconds("CARDTABLE_WRITE_TIMEOUT", 30.0)
        # gunicorn's worker writes its own error pages through this function.
        util.write_error = write_json_error
        super().init_process()

    def timeout_ctx(self) -> Any:
        # Reads are bounded by DeadlineSocket; gunicorn's header timeout would cut idle
        # keep-alive connections at the same moment as slow requests.
        return _NoTimeout()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        client.setblocking(1)
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        wrapped = DeadlineSocket(
            client,
            first_idle=min(self.read_timeout, self.cfg.keepalive or self.read_timeout),
            idle=self.cfg.keepalive or self.read_timeout,
            read=self.read_timeout,
            write=self.write_timeout,
        )
        super(GeventWorker, self).handle(listener, wrapped, addr)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> None:
        if not isinstance(sock, DeadlineSocket):
            super().handle_request(listener_name, req, sock, addr)
            return
        sock.hold_headers()
        try:
            super().handle_request(listener_name, req, sock, addr)
        finally:
            sock.flush()  # headers of an empty body; and an error page is never held
        sock.next_request()

    def handle_exit(self, sig: int, frame: Any) -> None:
        # SIGTERM: waiting requests answer now (they check this), then gunicorn stops
        # accepting and lets in-flight requests finish within graceful_timeout.
        from cardtable import lifecycle, push

        lifecycle.begin_shutdown()
        push.stop_hubs()
        super().handle_exit(sig, frame)


class _NoTimeout:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
