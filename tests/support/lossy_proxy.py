"""A TCP proxy in front of a real Redis that loses some replies of chosen commands: a command
whose bytes contain one of the markers (e.g. the SHA1 of the compare-and-set script) goes
through and is executed, then its reply is dropped and the connection closed, the way a
brownout or a broken link loses it. Which commands lose their reply is drawn from a seeded
RNG (`drop_rate`), so a run can be repeated; `dropped` counts the replies lost."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable

from tests.support.tcp_proxy import TcpProxy


class LossyProxy(TcpProxy):
    def __init__(
        self,
        upstream_port: int,
        markers: Iterable[bytes],
        drop_rate: float = 0.2,
        seed: int = 5,
    ):
        super().__init__(upstream_port)
        self.markers = tuple(markers)
        self.drop_rate = drop_rate
        self.rng = random.Random(seed)
        self.dropped = 0
        self.enabled = threading.Event()
        self.enabled.set()
        self._lock = threading.Lock()

    def _draw(self) -> bool:
        with self._lock:
            return self.enabled.is_set() and self.rng.random() < self.drop_rate

    def forward(self, data: bytes, to_server: bool, link: threading.Event) -> bytes | None:
        # `link` set: this connection's next reply is to be lost.
        if to_server and any(m in data for m in self.markers) and self._draw():
            link.set()
        if not to_server and link.is_set():
            # The command ran (its reply is here): lose the reply, cut the link.
            with self._lock:
                self.dropped += 1
            return None
        return data
