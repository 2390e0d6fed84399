"""Deadlines wake streams: with two replicas (two gunicorn servers on one Redis) holding
streams and a long-poll of a game whose players never move, the turn timer's moves reach
all of them with no other request made, once each; and a stream whose client went away
gives its slot back without waiting for a heartbeat."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import httpx

from tests.push.conftest import create_game, sse_messages
from tests.support.live_server import LiveServer

STREAM = {"Accept": "text/event-stream"}


def _follow(url: str, until: int, found: list[dict[str, Any]]) -> None:
    """Read a stream's messages until one with version `until` (a 60 s bound on a busy
    machine: the read fails, and the test with it, if nothing comes)."""
    with (
        httpx.Client(timeout=60) as client,
        client.stream("GET", url, headers=STREAM) as response,
    ):
        assert response.status_code == 200
        for message in sse_messages(response):
            if "data" in message:
                found.append(message)
                if message["data"]["version"] >= until:
                    return


def test_a_deadline_wakes_the_streams_and_long_polls_of_two_replicas_once(
    push_servers: Callable[..., LiveServer],
) -> None:
    one = push_servers(workers=1)
    two = push_servers(workers=1, CARDTABLE_KEY_PREFIX=one.extra_env["CARDTABLE_KEY_PREFIX"])
    created = create_game(one.url, turn_seconds=5, options={"max_rounds": 1})
    game_id = created["id"]
    # Both seats' two setup reveals are due at the deadline: the timer's bot plays them.
    streams: dict[str, list[dict[str, Any]]] = {"one": [], "two": [], "two'": []}
    followers = [
        threading.Thread(target=_follow, args=(f"{url}/games/{game_id}/events?since=0", 4, found))
        for url, found in (
            (one.url, streams["one"]),
            (two.url, streams["two"]),
            (two.url, streams["two'"]),
        )
    ]
    for follower in followers:
        follower.start()
    for follower in followers:
        follower.join(90)
    everything = httpx.get(f"{one.url}/games/{game_id}/events", params={"since": 0}).json()
    moves = [event for event in everything["events"] if event["type"] == "move"]
    assert len(moves) == 4 and {event["seat"] for event in moves} == {0, 1}
    assert everything["version"] == 4  # acted on once, though three processes could
    for name, found in streams.items():
        assert [message["data"] for message in found] == moves, name
        assert [message["id"] for message in found] == ["1", "2", "3", "4"], name
    # The next turn's deadline, with only a long-poll waiting (on the other replica).
    polled = httpx.get(
        f"{two.url}/games/{game_id}/events", params={"since": 4, "wait": 25}, timeout=60
    ).json()
    assert [event["type"] for event in polled["events"]][:1] == ["move"]
    assert polled["events"][0]["version"] == 5
