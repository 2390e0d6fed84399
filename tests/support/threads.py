"""Races for the tests: calls started together, each in its own thread."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable


def run_at_once(calls: Iterable[Callable[[], object]]) -> None:
    """Start every call in a thread of its own, then wait until all are done."""
    threads = [threading.Thread(target=call) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
