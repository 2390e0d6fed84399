"""The feed cache over a real Redis: a feed followed change by change equals one built at
the end from a full replay, and it replays the game only once (then it applies the new
stored moves to the history it keeps)."""

from __future__ import annotations

import random

from flask import Flask
from flask.testing import FlaskClient

from cardtable.api.requests import wiring
from cardtable.feeds import Feeds
from cardtable.games import Game
from tests.push.test_events_api import create, play


def test_a_feed_followed_change_by_change_replays_once_and_equals_a_full_replay(
    app: Flask, client: FlaskClient
) -> None:
    created = create(client, max_rounds=2)
    game_id, rng = created["id"], random.Random(5)
    viewers = [0, 1, None]
    with app.app_context():
        service = wiring().games
    replays: list[str] = []

    def replayed(game: str) -> Game:
        replays.append(game)
        return service.replayed(game)

    followed = Feeds(service.load, replayed, service.read_log)
    seen: dict[int | None, list[object]] = {}
    while not service.load(game_id).finished:
        play(client, created, rng.randint(1, 3), rng)  # sometimes several changes at once
        for viewer in viewers:
            version = service.load(game_id).version
            seen[viewer] = followed.events(game_id, viewer, 0, at_least=version)[1]
    assert replays == [game_id]
    fresh = Feeds(service.load, service.replayed, service.read_log)
    for viewer in viewers:
        assert seen[viewer] == fresh.events(game_id, viewer, 0, game=service.load(game_id))[1]
    assert seen[None][-1]["type"] == "game_end"
    assert sum(e["type"] == "move" for e in seen[None]) > 20
