"""Process-wide lifecycle: whether this process is shutting down, for code that waits.

gunicorn's worker sets it on SIGTERM (cardtable.server.worker); long-polls and streams check it and
answer at once with what they have, so a rolling update never cuts a waiting client off.
Created at import, which happens in the worker after gevent's monkey patching, so waiting on
it yields to other greenlets rather than blocking the process.
"""

from __future__ import annotations

import threading

_SHUTTING_DOWN = threading.Event()
_SERVING = threading.Event()


def mark_serving() -> None:
    """This process is a server worker (gunicorn's post_worker_init): run background loops."""
    _SERVING.set()


def serving() -> bool:
    return _SERVING.is_set()


def begin_shutdown() -> None:
    _SHUTTING_DOWN.set()


def shutting_down() -> bool:
    return _SHUTTING_DOWN.is_set()


def pause(seconds: float) -> bool:
    """Sleep up to `seconds`, waking early when shutdown begins; True when it has."""
    return _SHUTTING_DOWN.wait(max(0.0, seconds))
