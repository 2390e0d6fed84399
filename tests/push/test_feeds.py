"""The feed cache over a real Redis: a feed followed change by change equals one built at
the end from a full replay, and it replays the game only once (then it applies the new
stored moves to the history it keeps)."""

from __future__ import annotations

import random
import time

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


def test_after_a_lost_subscription_each_game_is_read_once_not_once_per_stream(
    app: Flask, client: FlaskClient
) -> None:
    created = create(client)
    game_id = created["id"]
    play(client, created, 3, random.Random(6))
    with app.app_context():
        service = wiring().games
    reads: list[int] = []

    def read_moves(game: str, start: int) -> tuple[int, list[int]]:
        reads.append(start)
        return service.read_log(game, start)

    feeds = Feeds(service.load, service.replayed, read_moves)
    feeds.events(game_id, None, 0, game=service.load(game_id))
    play(client, created, 1, random.Random(7))  # a change the feed has not heard of
    woken_at = time.monotonic()  # the hub woke every stream: re-read, once per game
    for viewer in (0, 1, None, None):
        version, events = feeds.events(game_id, viewer, 3, read_after=woken_at)
        assert version == 4 and [e["version"] for e in events] == [4]
    assert len(reads) == 1
