"""A TCP proxy in front of a real HTTP server that loses the answers of writes: of every
three POST, PUT or DELETE requests, the first is cut before it reaches the server, the
second reaches it (the write happens) and its answer is cut on the way back, the third
passes. A client that retries each write with its Idempotency-Key ends with each write
made exactly once; one that resends without a key makes it twice."""

from __future__ import annotations

import itertools
import threading

from tests.support.tcp_proxy import TcpProxy

WRITES = (b"POST ", b"PUT ", b"DELETE ")


class LossyHttpProxy(TcpProxy):
    def __init__(self, upstream_port: int):
        super().__init__(upstream_port)
        self._writes = itertools.count()
        self._lock = threading.Lock()
        self.cut_before = 0
        self.cut_after = 0

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def forward(self, data: bytes, to_server: bool, link: threading.Event) -> bytes | None:
        if not to_server:
            return None if link.is_set() else data  # the write's answer is lost
        if data.startswith(WRITES):
            with self._lock:
                turn = next(self._writes) % 3
            if turn == 0:
                self.cut_before += 1
                return None  # never reaches the server
            if turn == 1:
                self.cut_after += 1
                link.set()  # reaches the server; its answer will not come back
        return data
