"""A worker with nothing cached reads a long game's feed page by page, through the real app
on a real Redis: the history before the snapshot it first reads is built from the stored
moves as pages ask for it, never the whole game at once. Its first page, every page after
it and its stream equal a warm worker's (one that followed the game from version 0 on, as the
feed always did), event for event, ids and bodies, for a seat and for a spectator; on a
real gevent server that never read the game, a stream from 0 sends the whole backlog and
then the new moves. A feed that stays busy answers 503 with Retry-After."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import groupby
from typing import Any

import httpx
import pytest
from flask import Flask
from flask.testing import FlaskClient

import cardtable.live.feeds
from cardtable.api.requests import wiring
from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.live.feeds import CHUNK_MOVES
from cardtable.server.redis_server import RedisServer
from cardtable.wiring import new_feeds
from tests.api.conftest import Api
from tests.push.conftest import sse_messages
from tests.push.test_event_ids import STREAM, _messages, _stream
from tests.support.limits import RAISED_LIMITS, RAISED_LIMITS_ENV
from tests.support.live_server import LiveServer
from tests.support.stalling import stalling_move

SMALL_PAGE = 97
"""Pages that end anywhere in the pieces of CHUNK_MOVES moves the history is built by."""


def _pages(client: FlaskClient, game_id: str, token: str | None) -> list[dict[str, Any]]:
    headers = Api.auth(token)
    pages: list[dict[str, Any]] = []
    since: int | None = 0
    while since is not None:
        answer = client.get(f"/games/{game_id}/events?since={since}", headers=headers)
        assert answer.status_code == 200, answer.get_json()
        pages.append(answer.get_json())
        since = pages[-1]["next"]
    return pages


def _long_game_followed(app: Flask, api: Api, client: FlaskClient) -> dict[str, Any]:
    """A finished two-player Skyjo game of several hundred versions, which this app's feed
    followed from version 0 on (a stream of each viewer opened at 0, a JSON read every few
    moves)."""
    created = api.create("skyjo", 2, seed=2, options={"end_score": 1000, "max_rounds": 3})
    game_id = created["id"]
    viewers = [created["players"][0]["token"], None]
    for token in viewers:  # each viewer's shared stream messages start at version 0
        opened = client.get(
            f"/games/{game_id}/events?since=0",
            headers={**STREAM, **Api.auth(token)},
            buffered=False,
        )
        assert opened.status_code == 200
        opened.close()
    tokens = [player["token"] for player in created["players"]]
    rng = random.Random(2)
    with app.app_context():
        service = wiring().games
        game = service.load(game_id)
        while not game.finished:
            seat = rng.choice(game.state.active_seats())
            before = game.version
            game = service.move(game_id, tokens[seat], stalling_move(game.state, seat, rng, 0.2))[0]
            if game.version % 4 and not game.finished:
                continue  # a read every few moves (inside the read budget)
            for token in viewers:
                events = client.get(
                    f"/games/{game_id}/events?since={max(0, before - 3)}", headers=Api.auth(token)
                )
                assert events.get_json().get("version") == game.version, events.get_json()
    assert game.version > 4 * CHUNK_MOVES
    return created


def test_a_cold_workers_pages_and_stream_of_a_long_game_equal_a_warm_workers(
    app: Flask, api: Api, client: FlaskClient
) -> None:
    created = _long_game_followed(app, api, client)
    game_id = created["id"]
    wired = app.extensions["cardtable"]
    warm = wired.feeds
    assert warm._slot(game_id)[1].history.end == 0  # it followed every move
    for token in (created["players"][0]["token"], None):
        warm.page_events = cardtable.live.feeds.PAGE_EVENTS
        whole = _pages(client, game_id, token)
        warm_stream = _stream(client, game_id, **{**Api.auth(token), "Last-Event-ID": "0"})
        warm.page_events = SMALL_PAGE
        warm_pages = _pages(client, game_id, token)
        assert len(whole) > 1 and len(warm_pages) > 5
        assert [e for page in warm_pages for e in page["events"]] == [
            e for page in whole for e in page["events"]
        ]

        wired.feeds = cold = new_feeds(wired.games)  # a cold worker: nothing cached
        cold_first = client.get(f"/games/{game_id}/events?since=0", headers=Api.auth(token))
        assert cold_first.get_json() == whole[0]
        assert cold._slot(game_id)[1].history.end == whole[-1]["version"]  # no table change
        assert _pages(client, game_id, token) == whole  # the rest, from the first's history

        wired.feeds = cold_small = type(cold)(*_sources(app))
        cold_small.page_events = SMALL_PAGE
        assert _pages(client, game_id, token) == warm_pages

        wired.feeds = new_feeds(wired.games)
        cold_stream = _stream(client, game_id, **{**Api.auth(token), "Last-Event-ID": "0"})
        assert cold_stream.status_code == warm_stream.status_code == 200
        sent = _messages(cold_stream.text)
        assert sent == _messages(warm_stream.text)  # ids and bodies
        assert [event for _, event in sent] == [e for page in whole for e in page["events"]]
        wired.feeds = warm


def _sources(app: Flask) -> tuple[Any, Any, Any]:
    with app.app_context():
        service = wiring().games
    return service.load, service.replayed, service.read_log


def test_a_feed_that_stays_busy_answers_503_with_retry_after(
    app: Flask, api: Api, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = api.create("skyjo", 2, seed=3)
    game_id = created["id"]
    assert client.get(f"/games/{game_id}/events").status_code == 200
    monkeypatch.setattr(cardtable.live.feeds, "FEED_WAIT_SECONDS", 0.05)
    monkeypatch.setattr(cardtable.live.feeds, "STREAM_FEED_WAIT_SECONDS", 0.05)
    lock, _ = app.extensions["cardtable"].feeds._slot(game_id)
    with lock:  # another request building this game's feed, for longer than the bound
        for headers in ({}, STREAM):
            answer = client.get(f"/games/{game_id}/events?since=0", headers=headers)
            assert answer.status_code == 503
            assert answer.get_json()["code"] == "too_many_waiting"
            assert answer.headers["Retry-After"] == "1"
    assert client.get(f"/games/{game_id}/events?since=0").status_code == 200


def test_a_stream_from_0_on_a_cold_gevent_server_sends_the_backlog_then_the_new_moves(
    push_servers: Callable[..., LiveServer], redis_server: RedisServer
) -> None:
    """On a real gunicorn (gevent) that never read the game: a stream from 0 of a game of
    more than a page sends every page of the backlog, then the moves made while it is
    open, once each, with the contract's ids, as the JSON pages tell them."""
    prefix = "coldstream"
    server = push_servers(workers=1, CARDTABLE_KEY_PREFIX=prefix, **RAISED_LIMITS_ENV)
    player = create_app(Settings(redis_url=redis_server.url, key_prefix=prefix, **RAISED_LIMITS))
    created = Api(player.test_client()).create("skyjo", 2, seed=4, options={"end_score": 1000})
    tokens = [p["token"] for p in created["players"]]
    rng = random.Random(4)
    with player.app_context():
        service = wiring().games

        def play(moves: int) -> int:
            game = service.load(created["id"])
            for _ in range(moves):
                seat = rng.choice(game.state.active_seats())
                game = service.move(
                    created["id"], tokens[seat], stalling_move(game.state, seat, rng)
                )[0]
            assert not game.finished
            return game.version

        before = play(cardtable.live.feeds.PAGE_EVENTS + 2 * CHUNK_MOVES)
        url = f"{server.url}/games/{created['id']}/events"
        sent = []
        with httpx.Client(timeout=30) as client:
            opened = client.stream("GET", url, headers={**STREAM, "Last-Event-ID": "0"})
            with opened as response:
                messages = sse_messages(response)
                for message in messages:
                    if "data" in message:
                        sent.append((message["id"], message["data"]))
                        if sent[-1][0] == str(before):
                            break
                after = play(3)  # while the stream is open: its hub wakes it
                for message in messages:
                    if "data" in message:
                        sent.append((message["id"], message["data"]))
                        if sent[-1][0] == str(after):
                            break
            pages = []
            since: int | None = 0
            while since is not None:
                pages.append(client.get(url, params={"since": since}).json())
                since = pages[-1]["next"]
    assert len(pages) > 1
    events = [event for page in pages for event in page["events"]]
    assert [event for _, event in sent] == events
    ids = []
    for version, group in groupby(events, key=lambda event: event["version"]):
        count = len(list(group))
        ids += [f"{version}.{k}" for k in range(1, count)] + [str(version)]
    assert [event_id for event_id, _ in sent] == ids
    player.extensions["cardtable"].redis.close()
