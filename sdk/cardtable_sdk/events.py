"""Follow a game as it happens: sync and async iterators over its Server-Sent Events.

`events()` and `aevents()` open `GET /games/{id}/events` with `Accept: text/event-stream`
and yield each event (a dict with `version` and `type`, as the server redacts it for the
seat whose token is given, or for a spectator). A lost connection, a 503 or a 429 is not
an error: they reconnect with `Last-Event-ID` (the id of the last event received, which
names it even among several events of one version), so no event is lost or repeated,
after the server's `Retry-After` (or an exponential back-off with full jitter, at most
30 s), however long the outage lasts (`max_failures`, default None: never give up). They
end after the game's `game_end` event, or when the server says the game has nothing more
(204).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import httpx
from httpx_sse import ServerSentEvent, aconnect_sse, connect_sse

from cardtable_sdk.errors import CardtableError, TransientError, error_from_response

Event = dict[str, Any]

DEFAULT_MAX_FAILURES: int | None = None
"""Failures in a row (lost connections, 503s) before the iterator raises the last one
(None: it keeps reconnecting, so a table comes back after an outage of any length)."""


@dataclass
class _Follower:
    """What both iterators share: where to reconnect from, and how long to wait first."""

    game_id: str
    token: str | None
    since: int | None
    max_failures: int | None
    failures: int = 0
    last_id: str | None = None
    """The SSE id of the last event received (`17` or `17.1`): where a reconnection resumes."""
    retry_ms: int | None = None
    rng: random.Random = field(default_factory=random.Random)
    finished: bool = False

    def request(self) -> tuple[str, dict[str, str], dict[str, int]]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        params: dict[str, int] = {}
        if self.since is not None:
            headers["Last-Event-ID"] = self.last_id or str(self.since)
            params["since"] = self.since
        return f"/games/{quote(self.game_id, safe='')}/events", headers, params

    def accept(self, response: httpx.Response) -> bool:
        """False when the stream has nothing to give (204: the game is over)."""
        if response.status_code == 204:
            self.finished = True
            return False
        if response.status_code >= 400:
            raise error_from_response(response)  # the caller has read the body
        return True

    def event(self, sse: ServerSentEvent) -> Event | None:
        if sse.retry is not None:
            self.retry_ms = sse.retry
        if not sse.data:
            return None
        self.failures = 0
        event: Event = json.loads(sse.data)
        self.since = int(event["version"])
        self.last_id = sse.id or str(self.since)
        if event.get("type") == "game_end":
            self.finished = True
        return event

    def pause_after(self, error: Exception) -> float:
        """Seconds to wait before reconnecting; raises when failures keep coming."""
        self.failures += 1
        if self.max_failures is not None and self.failures > self.max_failures:
            raise error
        hint = getattr(error, "retry_after", None)
        if hint is not None:
            return float(hint)
        if self.retry_ms is not None and self.failures == 1:
            return self.retry_ms / 1000
        return self.rng.uniform(0, min(30.0, 0.25 * 2**self.failures))


RECONNECT_ERRORS = (httpx.TransportError, TransientError)


def events(
    client: httpx.Client,
    game_id: str,
    token: str | None = None,
    *,
    since: int | None = None,
    max_failures: int | None = DEFAULT_MAX_FAILURES,
) -> Iterator[Event]:
    """The game's events after `since` (default: from now on), as they happen. `client` is
    an httpx.Client whose `base_url` is the server's (its read timeout must exceed the
    server's heartbeat interval, 15 s by default)."""
    follower = _Follower(game_id, token, since, max_failures)
    while not follower.finished:
        url, headers, params = follower.request()
        try:
            with connect_sse(client, "GET", url, headers=headers, params=params) as source:
                if source.response.status_code >= 400:
                    source.response.read()
                if not follower.accept(source.response):
                    return
                for sse in source.iter_sse():
                    event = follower.event(sse)
                    if event is not None:
                        yield event
                    if follower.finished:
                        return
            raise httpx.RemoteProtocolError("the stream ended")  # a server stopping
        except RECONNECT_ERRORS as error:
            time.sleep(follower.pause_after(error))


async def aevents(
    client: httpx.AsyncClient,
    game_id: str,
    token: str | None = None,
    *,
    since: int | None = None,
    max_failures: int | None = DEFAULT_MAX_FAILURES,
) -> AsyncIterator[Event]:
    """`events()` for an httpx.AsyncClient."""
    follower = _Follower(game_id, token, since, max_failures)
    while not follower.finished:
        url, headers, params = follower.request()
        try:
            async with aconnect_sse(client, "GET", url, headers=headers, params=params) as source:
                if source.response.status_code >= 400:
                    await source.response.aread()
                if not follower.accept(source.response):
                    return
                async for sse in source.aiter_sse():
                    event = follower.event(sse)
                    if event is not None:
                        yield event
                    if follower.finished:
                        return
            raise httpx.RemoteProtocolError("the stream ended")
        except RECONNECT_ERRORS as error:
            await asyncio.sleep(follower.pause_after(error))


def player_events(
    client: httpx.Client,
    player_id: str,
    key: str,
    *,
    max_failures: int | None = DEFAULT_MAX_FAILURES,
) -> Iterator[Event]:
    """A rated player's own events (`GET /players/{id}/events`, its key), as they happen:
    `matched` (a ticket's `game_id`, `seat` and `token`), `turn` (its turn in one of its
    rated games), `game_end`, and `ticket` (a ticket cancelled or expired). The stream also
    keeps the player's waiting ticket alive. It never ends by itself; a lost connection, a
    503 or a 429 reconnects as `events()` does (the feed has no event ids: after a
    reconnection a game where it is still this player's turn is announced again)."""
    follower = _Follower(player_id, key, None, max_failures)
    url = f"/players/{quote(player_id, safe='')}/events"
    headers = {"Authorization": f"Bearer {key}"}
    while True:
        try:
            with connect_sse(client, "GET", url, headers=headers) as source:
                if source.response.status_code >= 400:
                    source.response.read()
                    raise error_from_response(source.response)
                for sse in source.iter_sse():
                    if sse.data:
                        follower.failures = 0
                        yield json.loads(sse.data)
            raise httpx.RemoteProtocolError("the stream ended")  # a server stopping
        except RECONNECT_ERRORS as error:
            time.sleep(follower.pause_after(error))


__all__ = ["CardtableError", "Event", "aevents", "events", "player_events"]
