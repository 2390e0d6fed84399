"""A rated game finished by the turn timer's take-over settles its ratings when that
take-over is written, with no read of the game: here the alarms path (what a process
holding a game's stream runs at its deadline) plays every overdue turn, nobody moves and
nobody reads the game, and the players' ratings, histories and the leaderboard show it.

The game service is given a fake clock (as in test_turn_timer.py) so that the rated
table's 30 s turns are overdue at once."""

from __future__ import annotations

from typing import Any

from flask import Flask

from cardtable.live.alarms import Alarms
from tests.api.test_rated_ratings import matched_pair
from tests.api.test_turn_timer import stored_game, with_clock


def test_a_rated_game_finished_by_the_timer_settles_without_a_read(
    app: Flask, client: Any, raw_redis: Any, settings: Any
) -> None:
    clock = with_clock(app)
    services = app.extensions["cardtable"]
    players, table = matched_pair(client)
    game_id = table.pop("game_id")
    ids = [player["id"] for player in players]
    prefix = settings.key_prefix
    player_keys = [f"{prefix}:player:{{{player_id}}}" for player_id in ids]
    board = f"{prefix}:leaderboard:{{skyjo}}:all"

    assert [raw_redis.hget(key, "games:skyjo") for key in player_keys] == [None, None]
    acts = 0
    while not stored_game(raw_redis, settings, game_id).finished:
        acts += 1
        assert acts < 500, "the timer did not finish the game"
        clock.now += 3600  # every deadline passes: nobody ever plays
        alarms = Alarms(services.games)  # a fresh process's alarms: acts on this deadline
        version = stored_game(raw_redis, settings, game_id).version
        alarms.act(game_id, alarms.deadline(game_id, version) or clock.now)

    # Settled by the write that finished the game: no read of the game, no profile read.
    assert [raw_redis.hget(key, "games:skyjo") for key in player_keys] == [b"1", b"1"]
    assert raw_redis.hget(f"{prefix}:game:{{{game_id}}}:ratings", "done") == b"1"
    assert {member.decode() for member in raw_redis.zrange(board, 0, -1)} == set(ids)
    for player_id in ids:
        history = client.get(f"/players/{player_id}/games").get_json()["games"]
        assert [entry["game_id"] for entry in history] == [game_id]
        profile = client.get(f"/players/{player_id}").get_json()
        assert profile["ratings"]["skyjo"]["games"] == 1
        assert profile["ratings"]["skyjo"]["rating"] == history[0]["after"]
    # Reading the finished game afterwards settles nothing twice.
    for _ in range(2):
        score = client.get(f"/games/{game_id}/score").get_json()
    assert score["finished"] is True and len(score["ratings"]) == 2
    assert [raw_redis.hget(key, "games:skyjo") for key in player_keys] == [b"1", b"1"]
