"""A TCP proxy in front of a real Redis that, when armed, lets the next command containing a
marker (e.g. EVALSHA) through but drops every reply after it: the write happens, and the
client never learns it did — a brownout, reproduced without touching the store code."""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType


class ReplyDroppingProxy:
    def __init__(self, upstream_port: int, marker: bytes = b"EVALSHA"):
        self.upstream_port = upstream_port
        self.marker = marker
        self.armed = threading.Event()
        self._dropping = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._closed = False

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def __enter__(self) -> ReplyDroppingProxy:
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._closed = True
        self._listener.close()

    def heal(self) -> None:
        """Stop dropping replies (connections opened from now on work normally)."""
        self.armed.clear()
        self._dropping.clear()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            threading.Thread(target=self._pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, to_server: bool) -> None:
        try:
            while data := source.recv(65536):
                if to_server and self.armed.is_set() and self.marker in data:
                    self._dropping.set()
                if not to_server and self._dropping.is_set():
                    continue  # the reply is lost on the way back
                target.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, target):
                with contextlib.suppress(OSError):
                    sock.close()
