"""The SDK's recovery, against a stub transport: back-off with full jitter (honouring
Retry-After); the event iterator resumes
after a cut between the events of one version with that event's id, and keeps trying
through an outage longer than any fixed number of attempts."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from cardtable_sdk import ServiceUnavailable
from cardtable_sdk._retry import Backoff
from cardtable_sdk.events import _Follower, events
from tests.sdk.test_http_stubbed import GAME_ID


def test_backoff_pauses_grow_with_full_jitter_honour_retry_after_and_end() -> None:
    backoff = Backoff(attempts=5, first=0.5, cap=4.0, rng=random.Random(1))
    failure = ServiceUnavailable("down")
    pauses = [backoff.pause(failure) for _ in range(5)]
    ceilings = [0.5, 1.0, 2.0, 4.0, 4.0]
    assert all(0 <= p <= c for p, c in zip(pauses, ceilings, strict=True))
    assert len(set(pauses)) == 5  # jittered, not a fixed schedule
    with pytest.raises(ServiceUnavailable):
        backoff.pause(failure)
    told = ServiceUnavailable("down", retry_after=9.0)
    assert Backoff(rng=random.Random(2)).pause(told) == 9.0
    forever = Backoff(attempts=None, cap=1.0)
    assert all(forever.pause(failure) <= 1.0 for _ in range(1000))


def _sse(*messages: tuple[str, dict[str, Any]]) -> bytes:
    return "".join(
        f"id: {event_id}\ndata: {json.dumps(event)}\n\n" for event_id, event in messages
    ).encode()


def test_events_resume_between_the_events_of_one_version_after_a_long_outage() -> None:
    move = {"version": 5, "type": "move", "seat": 0}
    round_end = {"version": 5, "type": "round_end"}
    game_end = {"version": 5, "type": "game_end"}
    asked: list[str | None] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(request.headers.get("Last-Event-ID"))
        if len(asked) == 1:
            return httpx.Response(200, content=_sse(("5.1", move)), headers=SSE)
        if len(asked) < 15:  # an outage: more failures than the old limit of 8
            raise httpx.ConnectError("refused", request=request)
        return httpx.Response(200, content=_sse(("5.2", round_end), ("5", game_end)), headers=SSE)

    transport = httpx.MockTransport(handler)
    pauses: list[float] = []
    original = _Follower.pause_after

    def quick(self: _Follower, error: Exception) -> float:
        pauses.append(original(self, error))
        return 0.0

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_Follower, "pause_after", quick)
        with httpx.Client(base_url="http://cardtable.test", transport=transport) as client:
            got = list(events(client, GAME_ID, since=4))
    assert got == [move, round_end, game_end]
    assert asked[0] == "4" and set(asked[1:]) == {"5.1"}
    assert len(pauses) == 14 and max(pauses) <= 30.0


SSE = {"Content-Type": "text/event-stream"}
