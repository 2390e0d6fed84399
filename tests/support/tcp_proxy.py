"""What the test proxies in front of a real Redis share: a listener on a free loopback port
that opens one upstream connection per client and pumps bytes both ways in threads."""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType
from typing import Self


class TcpProxy:
    def __init__(self, upstream_port: int):
        self.upstream_port = upstream_port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._closed = False

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def __enter__(self) -> Self:
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._closed = True
        self._listener.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            link = self.new_link()
            for source, target, to_server in ((client, upstream, True), (upstream, client, False)):
                threading.Thread(
                    target=self._pump, args=(source, target, to_server, link), daemon=True
                ).start()

    def new_link(self) -> threading.Event:
        """State of one client's connection, shared by its two directions."""
        return threading.Event()

    def forward(self, data: bytes, to_server: bool, link: threading.Event) -> bytes | None:
        """What to pass on of `data` (b"": nothing); None cuts the connection."""
        return data

    def _pump(
        self, source: socket.socket, target: socket.socket, to_server: bool, link: threading.Event
    ) -> None:
        try:
            while data := source.recv(65536):
                passed = self.forward(data, to_server, link)
                if passed is None:
                    break
                target.sendall(passed)
        except OSError:
            pass
        finally:
            for sock in (source, target):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                with contextlib.suppress(OSError):
                    sock.close()
