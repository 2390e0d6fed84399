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
  carry the service's JSON error body instead of gunicorn's HTML page;
- on SIGTERM (a stop, a rolling update) the worker answers every request it has accepted
  and exits as soon as none is left, instead of waiting out `graceful_timeout` for idle
  keep-alive connections (every proxy keeps some): it stops accepting, takes in the
  connections already queued in the listen backlog (closing the listener would reset
  them), closes the connections idle between two requests at once and gives new ones a
  moment to send their first request. Requests in flight finish with `Connection: close`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import select
import signal
import socket
import sys
import time
from functools import partial
from typing import Any

from gunicorn import SERVER, util
from gunicorn.sock import ssl_context
from gunicorn.workers.ggevent import GeventWorker

from cardtable.config import Settings, gunicorn_script_name

# How long a connection accepted before SIGTERM but without any request byte yet may still
# send its first request (a client that connected just before is about to).
NEW_CONNECTION_GRACE_SECONDS = 1.0
# The stop loop's step: how soon after the last request the worker exits.
STOP_POLL_SECONDS = 0.05

# Codes for the statuses gunicorn answers before the app sees a request.
EARLY_HEADERS = {
    "AUTHORIZATION": "HTTP_AUTHORIZATION",
    "X-FORWARDED-FOR": "HTTP_X_FORWARDED_FOR",
    "X-REQUEST-ID": "HTTP_X_REQUEST_ID",
    "ORIGIN": "HTTP_ORIGIN",
}
"""The headers the refusal gate reads (gunicorn's names -> the environ's)."""
BODY_HEADERS = ("CONTENT-LENGTH", "TRANSFER-ENCODING")
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
        self.served = 0
        self.closed_idle = False
        """Closed by `close_if_idle` (the worker's stop): its reader's error is that close."""

    @property
    def idle(self) -> bool:
        """Between requests: no byte of the next one has been read."""
        return self._deadline is None

    def close_if_idle(self) -> bool:
        """Close the connection if it waits for a request and none has arrived; True if so.

        A request already in the socket's buffer keeps it open (it will be answered, with
        `Connection: close`). Closing with `shutdown` wakes the greenlet blocked reading it.
        """
        if not self.idle or _readable(self._sock.fileno()):
            return False
        self.closed_idle = True
        with contextlib.suppress(OSError):  # the client may have gone first
            self._sock.shutdown(socket.SHUT_RDWR)
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)

    def next_request(self) -> None:
        """The response is sent: the next read waits for a new request (keep-alive)."""
        self._deadline = None
        self._idle = self._next_idle
        self.served += 1

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
        except OSError:
            # gevent wakes a reader blocked on a socket shut down by another greenlet with
            # EBADF: for one `close_if_idle` closed, an end like the client's (gunicorn
            # would log it at ERROR with a traceback, once per idle connection at stop).
            if self.closed_idle:
                return b""
            raise
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

    alive: bool  # gunicorn's: False once the worker is to stop
    _gate_looked_up = False
    _gate_layer: Any = None

    def init_process(self) -> None:
        self.read_timeout = float(Settings.read("read_timeout"))
        self.write_timeout = float(Settings.read("write_timeout"))
        self.connections: set[DeadlineSocket] = set()
        # gunicorn's worker writes its own error pages through this function.
        util.write_error = write_json_error
        super().init_process()

    def init_signals(self) -> None:
        # A signal sent between the fork and here reached the master's handler, which this
        # process inherited: it only queued the signal, in this process's copy of the
        # master's queue. Read from there, or a pod stopped as it starts (a rollout undone at
        # once) would keep its workers until the graceful timeout kills them.
        inherited = getattr(signal.getsignal(signal.SIGTERM), "__self__", None)
        super().init_signals()
        queued = getattr(inherited, "SIG_QUEUE", None)
        while queued is not None and not queued.empty():
            sig = queued.get_nowait()
            if sig == signal.SIGTERM:
                self.handle_exit(sig, None)
            elif sig in (signal.SIGINT, signal.SIGQUIT):
                self.handle_quit(sig, None)

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
        self.connections.add(wrapped)
        try:
            super(GeventWorker, self).handle(listener, wrapped, addr)
        finally:
            self.connections.discard(wrapped)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> None:
        if not isinstance(sock, DeadlineSocket):
            super().handle_request(listener_name, req, sock, addr)
            return
        # A request in flight at SIGTERM gets `Connection: close` (gunicorn decides it when
        # the request arrives, and a body may still be coming in then).
        if self._refused_early(req, sock, addr):
            sock.next_request()
            return
        keep_alive_asked = req.should_close
        req.should_close = lambda: keep_alive_asked() or not self.alive
        sock.hold_headers()
        try:
            super().handle_request(listener_name, req, sock, addr)
        finally:
            sock.flush()  # headers of an empty body; and an error page is never held
        sock.next_request()

    def _refused_early(self, req: Any, sock: DeadlineSocket, addr: Any) -> bool:
        """Answer a GET without a body that the app's refusal gate refuses (its client is
        in this process's penalty box: cardtable.api.limits.RefusalGate) here, before
        gunicorn builds the WSGI environ and its response: the same 429 for less CPU. The
        gate reads only the few fields it is given."""
        gate = self._gate()
        if gate is None or not gate.box.holding():
            return False
        if req.method != "GET" or not isinstance(addr, tuple):
            return False
        environ = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": util.unquote_to_wsgi_str(req.path),
            "REMOTE_ADDR": str(addr[0]),
        }
        for name, value in req.headers:
            if name in BODY_HEADERS:
                return False  # a body to read first: gunicorn's way
            key = EARLY_HEADERS.get(name)
            if key is not None:  # repeated: joined as gunicorn joins them
                environ[key] = f"{environ[key]},{value}" if key in environ else value
        answer: list[Any] = []
        body = gate.refusal(
            environ, lambda status, headers, exc_info=None: answer.extend((status, headers))
        )
        if body is None:
            return False
        self.nr += 1
        close = req.should_close() or not self.alive or not self.cfg.keepalive
        status, headers = answer
        head = [
            f"HTTP/{req.version[0]}.{req.version[1]} {status}\r\n",
            f"Server: {SERVER}\r\n",
            f"Date: {util.http_date()}\r\n",
            f"Connection: {'close' if close else 'keep-alive'}\r\n",
            *(f"{name}: {value}\r\n" for name, value in headers),
            "\r\n",
        ]
        sock.sendall("".join(head).encode("latin-1") + b"".join(body))
        if close:
            raise StopIteration  # gunicorn's way to end the connection
        return True

    def _gate(self) -> Any:
        """The app's refusal gate, if its outermost layer is one (rate limits on)."""
        if not self._gate_looked_up:
            from cardtable.api.limits import RefusalGate

            layer = getattr(self.wsgi, "wsgi_app", None)
            # Under a SCRIPT_NAME gunicorn's paths are not the request's: its way only.
            usable = isinstance(layer, RefusalGate) and not gunicorn_script_name()
            self._gate_layer = layer if usable else None
            self._gate_looked_up = True
        return self._gate_layer

    def handle_exit(self, sig: int, frame: Any) -> None:
        # SIGTERM: waiting requests answer now (they check this) and `run` wakes up to stop.
        super().handle_exit(sig, frame)
        self.end_waiting()

    def end_waiting(self) -> None:
        """Streams end with `retry:` and long-polls answer with what they have, so their
        clients resume elsewhere: on SIGTERM, and when gunicorn recycles the worker
        (CARDTABLE_MAX_REQUESTS), which only clears `alive`."""
        # (Imported here, in the worker after gevent's patching: cardtable.server.lifecycle.)
        from cardtable.server import lifecycle

        if lifecycle.shutting_down():
            return
        lifecycle.begin_shutdown()
        # A worker still loading the app has no `wsgi` yet (a pod stopped as it starts):
        # then nothing is streaming, and `run` stops at once once it is reached.
        app = getattr(self, "wsgi", None)
        wired = getattr(app, "extensions", {}).get("cardtable")
        if wired is not None:  # the app's hub: its streams end with `retry:`, its polls answer
            wired.hub.stop_soon()

    def run(self) -> None:
        """gunicorn's gevent loop, with the stop described in the module's docstring."""
        import gevent
        from gevent.pool import Pool
        from gevent.server import StreamServer

        from cardtable.server import lifecycle

        ssl_args = {"ssl_context": ssl_context(self.cfg)} if self.cfg.is_ssl else {}
        servers = []
        for listener in self.sockets:
            listener.setblocking(1)
            server = StreamServer(
                listener,
                handle=partial(self.handle, _NamedListener(listener)),
                spawn=Pool(self.worker_connections),
                **ssl_args,
            )
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append(server)
        while self.alive and not lifecycle.shutting_down():
            self.notify()
            lifecycle.pause(1.0)  # wakes at once on SIGTERM
        self.alive = False
        self.end_waiting()  # a recycle (max_requests) stops as SIGTERM does
        self.stop_servers(servers, gevent)
        self.exit_now()

    def exit_now(self) -> None:
        """Exit without the interpreter's teardown, which took seconds of a stop.

        Every request is answered and the connections closed; what remains is freeing the
        heap object by object (1.7 to 2.2 s of a 2.6 s stop on a busy machine, with no
        Python frame running). Logs are flushed first; the metrics queued in the process are
        written (the files are shared memory maps); queued spans are sent; the kernel closes
        the sockets.
        """
        from cardtable import tracing
        from cardtable.server.pending_metrics import PENDING

        tracing.flush()  # the spans still queued (tracing on; nothing otherwise)
        PENDING.flush()  # the metric samples of its last second
        self.log.info("Worker exiting (pid: %s)", self.pid)
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)

    def stop_servers(self, servers: list[Any], gevent: Any) -> None:
        for server in servers:
            server.stop_accepting()
        for server in servers:
            _take_backlog(server)
            server.close()
        started, closed = time.monotonic(), 0
        while any(server.pool.free_count() != server.pool.size for server in servers):
            waited = time.monotonic() - started
            if waited > self.cfg.graceful_timeout:
                self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
                for server in servers:
                    server.stop(timeout=1)
                return
            for connection in list(self.connections):
                if connection.served or waited >= NEW_CONNECTION_GRACE_SECONDS:
                    closed += connection.close_if_idle()
            self.notify()
            gevent.sleep(STOP_POLL_SECONDS)
        if closed:  # one line for all: routine at every stop, not an error
            self.log.info("Closed %d idle connection(s) at stop (pid: %s)", closed, self.pid)


class _NamedListener:
    """A listening socket whose name outlives it: connections taken from the backlog are
    handled after the listener is closed, and gunicorn asks each for the listener's name."""

    def __init__(self, sock: Any):
        self._sock = sock
        self._name = sock.getsockname()

    def getsockname(self) -> Any:
        return self._name

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def _take_backlog(server: Any) -> None:
    """Accept what waits in the listen backlog: closing the listener would reset it."""
    server.socket.setblocking(False)
    while not server.full():
        try:
            accepted = server.do_read()
        except OSError:
            return
        if not accepted:
            return
        server.do_handle(*accepted)


def _readable(fd: int) -> bool:
    """Bytes (or the peer's close) wait on `fd`, checked without yielding to other greenlets."""
    from gevent import monkey

    poller = monkey.get_original("select", "poll")()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(0))


class _NoTimeout:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
