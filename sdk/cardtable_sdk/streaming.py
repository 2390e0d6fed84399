"""Watchers that follow a game's Server-Sent Events instead of long-polling: the runners'
default way to wait for the other players.

A watcher keeps one stream open per seat (`GET /games/{id}/events`, resumed with
`Last-Event-ID` by `cardtable_sdk.events`) and wakes the play loop as soon as an event
past the version it waits on arrives; the loop then reads the new view. When the server
offers no stream (an older server: 404/405, or one shedding load for too long) the watcher
falls back to the session's long-poll for good, so a runner works against any server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

import httpx

from cardtable_sdk.errors import CardtableError
from cardtable_sdk.events import aevents, events

log = logging.getLogger("cardtable_sdk.play")

STREAM_READ_TIMEOUT = 60.0
"""Seconds without a byte before a stream counts as lost (the server's heartbeat is 15 s)."""


def stream_client(connection: Any) -> httpx.Client:
    """A blocking httpx client for Server-Sent Events on `connection`'s server."""
    client: httpx.Client = _client_for(connection, asynchronous=False)
    return client


def _stream_client(session: Any, asynchronous: bool) -> Any:
    return _client_for(session.connection, asynchronous)


def _client_for(connection: Any, asynchronous: bool) -> Any:
    options: dict[str, Any] = {
        "base_url": connection.base_url.rstrip("/"),
        "headers": dict(connection.headers),
        "timeout": httpx.Timeout(connection.timeout, read=STREAM_READ_TIMEOUT),
        "verify": connection.verify_ssl,
    }
    options.update({k: v for k, v in connection.httpx_args.items() if k != "event_hooks"})
    return httpx.AsyncClient(**options) if asynchronous else httpx.Client(**options)


@dataclass
class EventStream:
    """A sync watcher: a background thread follows the stream; `wait` blocks on it."""

    session: Any
    heard: int = -1
    failed: bool = False
    _changed: threading.Condition = field(default_factory=threading.Condition)
    _thread: threading.Thread | None = None

    def wait(self, version: int, timeout: float) -> Any:
        if not self.failed and self._thread is None:
            self._thread = threading.Thread(target=self._follow, args=(version,), daemon=True)
            self._thread.start()
        with self._changed:
            self._changed.wait_for(lambda: self.heard > version or self.failed, timeout)
            heard, failed = self.heard > version, self.failed
        if heard:
            return self.session.view()
        if failed:
            return self.session.wait_for_change(timeout)
        return None

    def _follow(self, since: int) -> None:
        token = getattr(self.session, "token", None)
        try:
            with _stream_client(self.session, asynchronous=False) as client:
                for event in events(client, self.session.game_id, token, since=since):
                    with self._changed:
                        self.heard = max(self.heard, int(event["version"]))
                        self._changed.notify_all()
        except (CardtableError, httpx.HTTPError) as error:
            log.info("event stream unavailable (%s); long-polling instead", type(error).__name__)
        with self._changed:
            self.failed = True  # the stream ended (the game did, or it is unavailable)
            self._changed.notify_all()


@dataclass
class AsyncEventStream:
    """The async watcher: a task follows the stream; `wait` awaits it."""

    session: Any
    heard: int = -1
    failed: bool = False
    _changed: asyncio.Condition | None = None
    _task: asyncio.Task[None] | None = None

    async def wait(self, version: int, timeout: float) -> Any:
        if self._changed is None:
            self._changed = asyncio.Condition()
        if not self.failed and self._task is None:
            self._task = asyncio.create_task(self._follow(version))
        changed = self._changed
        async with changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    changed.wait_for(lambda: self.heard > version or self.failed), timeout
                )
            heard, failed = self.heard > version, self.failed
        if heard:
            return await self.session.view()
        if failed:
            return await self.session.wait_for_change(timeout)
        return None

    async def _follow(self, since: int) -> None:
        assert self._changed is not None
        token = getattr(self.session, "token", None)
        try:
            async with _stream_client(self.session, asynchronous=True) as client:
                async for event in aevents(client, self.session.game_id, token, since=since):
                    async with self._changed:
                        self.heard = max(self.heard, int(event["version"]))
                        self._changed.notify_all()
        except (CardtableError, httpx.HTTPError) as error:
            log.info("event stream unavailable (%s); long-polling instead", type(error).__name__)
        async with self._changed:
            self.failed = True
            self._changed.notify_all()

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()


__all__ = ["AsyncEventStream", "EventStream"]
