"""The feed cache over a real Redis: a feed followed change by change equals one built at
the end, and neither replays the game through `replayed` (a feed follows the game from the
snapshot it first reads, and builds the history before it from the stored moves, page by
page as asked for)."""

from __future__ import annotations

import random
import time
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from cardtable.api.requests import wiring
from cardtable.games.service import Game
from cardtable.live.feeds import Feeds
from tests.push.test_events_api import create, play


def every_event(feeds: Feeds, game_id: str, viewer: int | None, **read: Any) -> list[Any]:
    """All of `viewer`'s events, page after page (the first read with `read`)."""
    found: list[Any] = []
    since: int | None = 0
    while since is not None:
        _, events, since = feeds.page(game_id, viewer, since, **read)
        found += events
        read = {}
    return found


def test_a_feed_followed_change_by_change_never_replays_and_equals_one_built_at_the_end(
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
            seen[viewer] = every_event(followed, game_id, viewer, at_least=version)
    assert replays == []
    fresh = Feeds(service.load, service.replayed, service.read_log)
    for viewer in viewers:
        assert seen[viewer] == every_event(fresh, game_id, viewer, game=service.load(game_id))
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
    feeds.page(game_id, None, 0, game=service.load(game_id))
    assert reads == [0]  # the stored moves, to build the history from when asked
    play(client, created, 1, random.Random(7))  # a change the feed has not heard of
    woken_at = time.monotonic()  # the hub woke every stream: re-read, once per game
    for viewer in (0, 1, None, None):
        version, events, _ = feeds.page(game_id, viewer, 3, read_after=woken_at)
        assert version == 4 and [e["version"] for e in events] == [4]
    assert reads == [0, 3]


def test_the_feed_cache_is_bounded_by_bytes_and_a_heavy_feed_sheds_or_is_followed_afresh(
    app: Flask, client: FlaskClient, monkeypatch: Any
) -> None:
    created = [create(client, max_rounds=1) for _ in range(3)]
    rng = random.Random(7)
    with app.app_context():
        service = wiring().games
    for game in created:
        play(client, game, 60, rng)
    ids = [game["id"] for game in created]
    heavy = Feeds(service.load, service.replayed, service.read_log)
    one_game = []
    for game_id in ids:
        every_event(heavy, game_id, None, game=service.load(game_id))
        one_game.append(heavy.weight - sum(one_game))
    assert heavy.cached == 3 and min(one_game) > 0
    # Room for about two of them: the least recently used goes, the weight stays under.
    room = sum(sorted(one_game)[1:])
    bounded = Feeds(service.load, service.replayed, service.read_log, max_bytes=room)
    for game_id in ids:
        every_event(bounded, game_id, None, game=service.load(game_id))
        assert bounded.weight <= room
    assert bounded.cached == 2 and ids[0] not in bounded._feeds
    # A feed heavier than FEED_MAX_BYTES first sheds its history's events (rebuilt, the
    # same, when asked for again)...
    monkeypatch.setattr("cardtable.live.feeds.FEED_MAX_BYTES", min(one_game) // 2)
    light = Feeds(service.load, service.replayed, service.read_log)
    first = every_event(light, ids[1], 0, game=service.load(ids[1]))
    assert light.cached == 1 and light.weight <= min(one_game) // 2
    assert every_event(light, ids[1], 0) == first
    # ...and one whose timeline alone is too heavy (a game followed live) is dropped after
    # use, then followed afresh from the store, with the same events.
    live = create(client, max_rounds=3)
    play(client, live, 10, rng)
    every_event(light, live["id"], 0, game=service.load(live["id"]))
    followed_from = light._feeds[live["id"]][1]
    start = service.load(live["id"]).version
    play(client, live, 20, rng)
    version = service.load(live["id"]).version
    assert version > start
    monkeypatch.setattr("cardtable.live.feeds.FEED_MAX_BYTES", 1000)
    followed = every_event(light, live["id"], 0, at_least=version)
    assert light._feeds.get(live["id"], (None, None))[1] is not followed_from  # dropped
    fresh = Feeds(service.load, service.replayed, service.read_log)
    assert followed == every_event(fresh, live["id"], 0, game=service.load(live["id"]))
    assert every_event(light, live["id"], 0, at_least=version) == followed
