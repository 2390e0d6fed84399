"""The settle sweep through the real app: a rated game whose settle was cut short after its
final write (the process killed in between) is settled by the sweep, with no read of the
game, exactly once, by any number of sweeping replicas at once."""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

from flask import Flask

from cardtable.config import Settings
from tests.api.test_rated_ratings import play_to_end
from tests.support.app_under_test import app_under_test
from tests.support.rated import new_player, queued
from tests.support.threads import run_at_once


def sweep_now(app: Flask) -> Any:
    """The app's sweep, with no grace period (marks are due at once)."""
    sweep = app.extensions["cardtable"].sweep
    sweep.settings = dataclasses.replace(sweep.settings, grace_seconds=0.0)
    return sweep


def finish_without_settling(app: Flask, client: Any) -> dict[str, Any]:
    """A bot player's rated game against the server's bots, played to its end by a process
    that dies between each write and its settle: the games' settle hook does nothing while
    it is played (as if the process were killed there), then is restored."""
    games = app.extensions["cardtable"].games
    settle = games.on_finished
    games.on_finished = lambda game: None
    try:
        bot = new_player(client, "bot")
        ticket = queued(client, bot, size=2)
        assert ticket["status"] == "matched"
        play_to_end(client, ticket["game_id"], {ticket["seat"]: ticket["token"]}, seed=5)
    finally:
        games.on_finished = settle
    return {**ticket, "player": bot}


def games_counted(client: Any, player_id: str) -> int:
    count: int = client.get(f"/players/{player_id}").get_json()["ratings"]["skyjo"]["games"]
    return count


def test_the_sweep_settles_a_game_whose_settle_was_cut(app: Flask, client: Any) -> None:
    sweep = sweep_now(app)
    cut = finish_without_settling(app, client)
    game_id, player = cut["game_id"], cut["player"]["id"]
    # Cut short: the game is finished and marked, nobody's rating moved.
    assert sweep.pending() == [game_id]
    assert app.extensions["cardtable"].ratings.is_settled(game_id) is False
    assert games_counted(client, player) == 0
    assert sweep.tick() == 1  # no read of the game: the sweep settles it
    assert sweep.pending() == []
    assert games_counted(client, player) == 1
    history = client.get(f"/players/{player}/games").get_json()["games"]
    assert [entry["game_id"] for entry in history] == [game_id]
    score = client.get(f"/games/{game_id}/score").get_json()
    assert {entry["seat"] for entry in score["ratings"]} == {0, 1}
    mine = next(entry for entry in score["ratings"] if entry["player"] == player)
    assert (
        client.get(f"/players/{player}").get_json()["ratings"]["skyjo"]["rating"] == (mine["after"])
    )
    # Marked again (a replica that claimed it before and wakes up late): counted once.
    sweep.redis.zadd(sweep.key, {game_id: 0})
    assert sweep.tick() == 0
    assert sweep.pending() == [] and games_counted(client, player) == 1


def test_sweeping_replicas_settle_each_game_once(
    app: Flask, client: Any, settings: Settings
) -> None:
    sweeps = [sweep_now(app)]
    cut = [finish_without_settling(app, client) for _ in range(3)]
    with app_under_test(settings) as other:  # a second replica over the same Redis
        sweeps.append(sweep_now(other))
        settled: list[int] = []
        run_at_once(partial(lambda s: settled.append(s.tick()), sweep) for sweep in sweeps * 2)
    assert sum(settled) == 3
    assert sweeps[0].pending() == []
    for game in cut:
        assert games_counted(client, game["player"]["id"]) == 1
    bots = {
        entry["player"]
        for game in cut
        for entry in client.get(f"/games/{game['game_id']}/score").get_json()["ratings"]
        if entry["player"] != game["player"]["id"]
    }
    counted = sum(games_counted(client, bot) for bot in bots)
    assert counted == 3  # each game's server bot counted its one game once


def test_the_sweep_drops_the_mark_of_a_game_still_in_play(app: Flask, client: Any) -> None:
    sweep = sweep_now(app)
    bot = new_player(client, "bot")
    ticket = queued(client, bot, size=2)
    # A mark whose finishing write never landed (the process died before writing).
    sweep.redis.zadd(sweep.key, {ticket["game_id"]: 0})
    assert sweep.tick() == 0
    assert sweep.pending() == []
    assert client.get(f"/games/{ticket['game_id']}").get_json()["finished"] is False
    assert games_counted(client, bot["id"]) == 0


def test_a_game_settled_at_its_write_leaves_no_mark(app: Flask, client: Any) -> None:
    sweep = app.extensions["cardtable"].sweep
    bot = new_player(client, "bot")
    ticket = queued(client, bot, size=2)
    play_to_end(client, ticket["game_id"], {ticket["seat"]: ticket["token"]}, seed=2)
    assert sweep.pending() == []
    assert games_counted(client, bot["id"]) == 1
