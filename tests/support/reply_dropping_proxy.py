"""A TCP proxy in front of a real Redis that, when armed, lets the next command containing a
marker (e.g. EVALSHA) through but drops every reply after it: the write happens, and the
client never learns it did — a brownout, reproduced without touching the store code."""

from __future__ import annotations

import threading

from tests.support.tcp_proxy import TcpProxy


class ReplyDroppingProxy(TcpProxy):
    def __init__(self, upstream_port: int, marker: bytes = b"EVALSHA"):
        super().__init__(upstream_port)
        self.marker = marker
        self.armed = threading.Event()
        self._dropping = threading.Event()

    def heal(self) -> None:
        """Stop dropping replies (connections opened from now on work normally)."""
        self.armed.clear()
        self._dropping.clear()

    def forward(self, data: bytes, to_server: bool, link: threading.Event) -> bytes | None:
        if to_server and self.armed.is_set() and self.marker in data:
            self._dropping.set()
        if not to_server and self._dropping.is_set():
            return b""  # the reply is lost on the way back
        return data
