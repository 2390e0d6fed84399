"""The turn timer through the real app and Redis, with a fake clock given to the service:
an overdue turn is played by the greedy bot at the next read, exactly once however many
readers arrive together; repeated timeouts hand the seat to the bot; the record of such a
game replays to the same score."""

from __future__ import annotations

import random
import threading
from typing import Any

from flask import Flask

from cardtable.documents.game import read_document
from cardtable.documents.movelog import entries
from cardtable.games.live_table import Game
from cardtable.games.timers import catch_up
from cardtable.store import compression as codec
from cardtable_engine.registry import get_rules
from tests.api.conftest import Api
from tests.support.threads import run_at_once

TURN = 30


class FakeClock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def with_clock(app: Flask) -> FakeClock:
    clock = FakeClock()
    app.extensions["cardtable"].games.clock = clock
    return clock


def stored_game(raw_redis: Any, settings: Any, game_id: str) -> Game:
    key = f"{settings.key_prefix}:game:{{{game_id}}}"
    version, blob = raw_redis.hmget(key, ["version", "doc"])
    return read_document(game_id, int(version), codec.decode(blob))


def test_an_overdue_turn_is_played_once_however_many_read_it(
    app: Flask, api: Api, raw_redis: Any, settings: Any
) -> None:
    clock = with_clock(app)
    created = api.create("skyjo", 2, seed=7, turn_seconds=TURN, options={"max_rounds": 1})
    view = api.view(created["id"])
    assert view["deadline"] == "2027-01-15T08:00:30Z" and view["deadline_seats"] == [0, 1]
    clock.now += TURN + 1
    expected = stored_game(raw_redis, settings, created["id"])
    applied = catch_up(expected, clock.now)
    assert len(applied) == 4  # both seats' two setup reveals, by the greedy bot
    start = threading.Barrier(12, timeout=30)
    versions: list[int] = []

    def reader() -> None:
        client = app.test_client()
        start.wait()
        versions.append(client.get(f"/games/{created['id']}").get_json()["version"])

    run_at_once([reader] * 12)
    assert versions == [expected.version] * 12
    after = stored_game(raw_redis, settings, created["id"])
    assert after.state.snapshot() == expected.state.snapshot()
    stored_moves = raw_redis.get(f"{settings.key_prefix}:game:{{{created['id']}}}:log")
    assert len(entries(stored_moves)) == after.state.version  # each overdue move stored once
    assert [s.timeouts for s in after.seats] == [1, 1]
    assert after.hosting.deadline == expected.hosting.deadline  # the next turn's, from the last


def test_a_poll_wakes_when_the_deadline_passes(app: Flask, api: Api) -> None:
    clock = with_clock(app)
    created = api.create("skipbo", 2, seed=2, turn_seconds=TURN)
    version = api.view(created["id"])["version"]
    tag = {"If-None-Match": f'"{version}"'}
    assert api.client.get(f"/games/{created['id']}", headers=tag).status_code == 304
    clock.now += TURN
    answer = api.client.get(f"/games/{created['id']}?wait=1", headers=tag)
    assert answer.status_code == 200 and answer.get_json()["version"] > version


def test_repeated_timeouts_hand_the_seat_to_the_bot_and_the_record_replays(
    app: Flask, api: Api, raw_redis: Any, settings: Any
) -> None:
    """Seat 0 plays whenever it may; seat 1 never does."""
    clock = with_clock(app)
    created = api.create("skyjo", 2, seed=11, turn_seconds=TURN, options={"max_rounds": 1})
    game_id, token = created["id"], created["players"][0]["token"]
    rng = random.Random(3)
    for _ in range(500):
        view = api.view(game_id, token)
        if view["finished"]:
            break
        if 0 in view["active_seats"]:
            response = api.move(game_id, token, rng.choice(api.legal(game_id, token)["moves"]))
            assert response.status_code == 200, response.get_json()
        else:
            clock.now += TURN
    assert view["finished"] and view["bot_reasons"] == [None, "timeout"]
    assert view["bots"] == [None, "greedy"] and view["deadline"] is None
    log = stored_game(raw_redis, settings, game_id).table_log
    assert [(e["type"], e["seat"]) for e in log] == [("takeover", 1)]
    record = api.client.get(f"/games/{game_id}/record").get_json()
    score = api.client.get(f"/games/{game_id}/score").get_json()
    assert get_rules("skyjo").replay(record).score() == score
    # Version = engine moves + table changes, as views and the table_log say.
    moves = sum(1 for e in record["log"] if e["type"] == "move")
    assert view["version"] == moves + 1 == log[0]["version"] + moves - log[0]["at_move"]
