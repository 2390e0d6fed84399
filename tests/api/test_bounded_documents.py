"""Documents and requests stay bounded: churn in a waiting game is pruned and does not extend
its expiry, and the bots' play after the last human leaves (or times out) is sliced per
request like a game of bots only."""

from __future__ import annotations

from typing import Any

import redis
from flask import Flask

from cardtable.games.live_table import BOT_PLAY_MOVES, WAITING_LOG_MAX
from cardtable.games.timers import MAX_CATCH_UP_MOVES
from tests.api.conftest import Api


def _doc_size(raw: Any, settings: Any, game_id: str) -> int:
    return len(raw.hget(f"{settings.key_prefix}:game:{{{game_id}}}", "doc"))


def _churn(api: Api, game_id: str, cycles: int) -> None:
    for _ in range(cycles):
        joined = api.client.post(f"/games/{game_id}/join", json={"name": "Mallory" * 5})
        assert joined.status_code == 201, joined.get_json()
        token = joined.get_json()["token"]
        left = api.client.post(f"/games/{game_id}/leave", headers=api.auth(token))
        assert left.status_code == 200, left.get_json()


def test_churn_in_a_waiting_game_is_pruned(api: Api, raw_redis: redis.Redis, settings) -> None:
    created = api.create("skyjo", [{"name": "Ann"}, {"open": True}, {"open": True}], public=True)
    game_id = created["id"]
    _churn(api, game_id, 40)  # past both caps (the log's, the leavers')
    bounded = _doc_size(raw_redis, settings, game_id)
    assert bounded < 3000
    _churn(api, game_id, 180)
    # Every change still counts: the version grew by one per join and per leave.
    assert api.view(game_id)["version"] == 2 * 220
    assert _doc_size(raw_redis, settings, game_id) <= bounded + 50  # longer version numbers
    # The game still plays: two join, it is dealt, and the feed's versions add up.
    for name in ("Bob", "Cy"):
        joined = api.client.post(f"/games/{game_id}/join", json={"name": name})
        assert joined.status_code == 201
    view = api.view(game_id)
    assert view["phase"] != "waiting" and view["version"] == 2 * 220 + 2
    events = api.client.get(f"/games/{game_id}/events?since=0").get_json()["events"]
    versions = [event["version"] for event in events]
    assert versions == sorted(versions) and versions[-1] == view["version"]
    assert len([e for e in events if e["type"] == "join"]) <= WAITING_LOG_MAX
    ann = created["players"][0]["token"]
    assert api.move(game_id, ann, {"type": "reveal", "row": 0, "col": 0}).status_code == 200
    after = api.client.get(f"/games/{game_id}/events?since={view['version']}").get_json()
    assert [e["version"] for e in after["events"]] == [view["version"] + 1]
    assert after["events"][0]["type"] == "move"


def test_churn_does_not_extend_a_waiting_game_expiry(
    app: Flask, api: Api, raw_redis: redis.Redis, settings
) -> None:
    created = api.create("skyjo", [{"name": "Ann"}, {"open": True}, {"open": True}], public=True)
    key = f"{settings.key_prefix}:game:{{{created['id']}}}"
    waiting = settings.waiting_ttl_seconds
    assert waiting - 5 <= raw_redis.ttl(key) <= waiting
    games = app.extensions["cardtable"].games
    real_clock = games.clock
    games.clock = lambda: real_clock() + waiting / 2  # half its life later
    try:
        _churn(api, created["id"], 3)
    finally:
        games.clock = real_clock
    assert raw_redis.ttl(key) <= waiting / 2 + 1


def _bots_left_alone(api: Api) -> tuple[str, str]:
    """A dealt Skip-Bo game of one human and three random bots, long enough to take
    many slices; returns its id and the human's token."""
    players: list[dict[str, Any]] = [{"name": "Ann"}] + [
        {"name": f"B{i}", "bot": "random"} for i in range(3)
    ]
    created = api.create("skipbo", players, options={"stock_size": 30}, seed=5)
    return created["id"], created["players"][0]["token"]


def test_the_bots_play_after_the_last_human_leaves_is_sliced(api: Api) -> None:
    game_id, token = _bots_left_alone(api)
    before = api.view(game_id)["version"]
    left = api.client.post(f"/games/{game_id}/leave", headers=api.auth(token))
    assert left.status_code == 200
    after_leave = left.get_json()["version"]
    # The leave itself played at most one slice (and the change it recorded).
    assert after_leave - before <= BOT_PLAY_MOVES + 1
    # Each later read plays on by at most one slice, until the game is over.
    version, reads = after_leave, 0
    while True:
        view = api.view(game_id)
        assert view["version"] - version <= BOT_PLAY_MOVES
        version = view["version"]
        reads += 1
        if view["finished"]:
            break
        assert reads < 1000
    assert reads > 1  # the game took several slices: the leave did not play it out


def test_turn_timeouts_are_caught_up_a_bounded_slice_per_read(app: Flask, api: Api) -> None:
    players: list[dict[str, Any]] = [{"name": "Ann"}, {"name": "Bob"}]
    created = api.create(
        "skipbo",
        players,
        options={"stock_size": 30, "target_score": 500},
        turn_seconds=5,
        seed=3,
    )
    game_id = created["id"]
    games = app.extensions["cardtable"].games
    real_clock = games.clock
    games.clock = lambda: real_clock() + 30 * 24 * 3600  # both absent for a month
    try:
        version, reads = created["version"], 0
        while True:
            view = api.view(game_id)
            # Each read: at most one catch-up and one bots' slice.
            assert view["version"] - version <= MAX_CATCH_UP_MOVES + 2 * BOT_PLAY_MOVES + 4
            version = view["version"]
            reads += 1
            if view["finished"]:
                break
            assert reads < 1000
    finally:
        games.clock = real_clock
    assert reads > 1
