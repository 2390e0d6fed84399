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

from cardtable_sdk import Cardtable, OutcomeUnknown, RetryPolicy, ServiceUnavailable
from cardtable_sdk._retry import Backoff
from cardtable_sdk.events import _Follower, events
from tests.sdk.test_http_stubbed import GAME_ID, error, view_body


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


def test_reads_and_keyed_writes_are_resent_after_passing_failures_within_the_time_bound() -> None:
    """502, 503 (outcome_unknown too), 504 and a lost connection are retried: a read as it
    is, a write with the Idempotency-Key of its first send; a policy of 0 s never retries,
    and a bound shorter than the server's Retry-After gives up at once."""
    seen: list[httpx.Request] = []
    failures = iter([error(502, "bad_gateway"), error(504, "timeout"), "cut", None] * 2)

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        failure = next(failures, None)
        if failure == "cut":
            raise httpx.RemoteProtocolError("Server disconnected without sending a response.")
        if isinstance(failure, httpx.Response):
            return failure
        if request.method == "GET":
            return httpx.Response(200, json=view_body(7), headers={"ETag": '"7"'})
        return httpx.Response(201, json={"id": GAME_ID, "seat": 1, "token": "t", "version": 3})

    quick = RetryPolicy(total_seconds=5, first=0.001, cap=0.002)
    with Cardtable("http://cardtable.test", httpx_args={"transport": httpx.MockTransport(handler)},
                   retry=quick) as table:  # fmt: skip
        assert table.spectate(GAME_ID).view().version == 7
        assert [r.method for r in seen] == ["GET"] * 4
        seen.clear()
        assert table.join(GAME_ID, "Bea", invite="x").token == "t"
        keys = {r.headers["Idempotency-Key"] for r in seen}
        assert len(seen) == 4 and len(keys) == 1 and len(keys.pop()) == 32
    unknown = error(503, "outcome_unknown")
    unknown.headers["Retry-After"] = "60"
    for policy, sends in ((RetryPolicy(total_seconds=0), 1), (quick, 1)):
        seen.clear()
        table = Cardtable(
            "http://cardtable.test",
            httpx_args={"transport": httpx.MockTransport(lambda r: seen.append(r) or unknown)},
            retry=policy,
        )
        with table, pytest.raises(OutcomeUnknown):
            table.join(GAME_ID, "Bea", invite="x")
        assert len(seen) == sends  # 0 s: never; 5 s: less than the 60 s Retry-After


def test_an_unkeyed_write_is_never_resent() -> None:
    request = {"method": "POST", "url": "/games/x/moves", "headers": {}}
    assert RetryPolicy().pause(request, ServiceUnavailable("down"), 1, 0.0) is None
    keyed = {**request, "headers": {"Idempotency-Key": "k" * 32}}
    assert RetryPolicy(first=1.0, cap=1.0).pause(keyed, ServiceUnavailable("down"), 1, 0.0) <= 1
