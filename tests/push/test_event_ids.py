"""Event ids per the contract (`<version>` for the last event of a version, `<version>.<k>`
for the earlier ones), through the real app on a real Redis: a stream cut anywhere, even
between the events of one version, resumes with exactly the rest; a finished game's stream
gives a late client what it missed (then waits for a rematch); Last-Event-ID is parsed
strictly; the JSON feed pages; its first reads never fail while the game moves fast."""

from __future__ import annotations

import json
import random
import threading
from itertools import groupby
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from cardtable.wiring import new_feeds
from tests.api.conftest import Api

STREAM = {"Accept": "text/event-stream"}


def _messages(text: str) -> list[tuple[str, dict[str, Any]]]:
    """(id, event) of each message of a stream's text."""
    found = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "data" in fields:
            found.append((fields["id"], json.loads(fields["data"])))
    return found


def _finished_game(api: Api) -> dict[str, Any]:
    created = api.create("skyjo", 2, seed=11, options={"max_rounds": 1})
    api.play_to_end(created, random.Random(11))
    return created


class Read:
    def __init__(self, status_code: int, text: str) -> None:
        self.status_code, self.text = status_code, text


def _stream(client: FlaskClient, game_id: str, query: str = "", **headers: str) -> Read:
    """The stream's answer, read up to `game_end` (after which it would wait for a
    rematch), then closed (which gives the stream's slot back)."""
    answer = client.get(
        f"/games/{game_id}/events{query}", headers={**STREAM, **headers}, buffered=False
    )
    text = ""
    if answer.status_code == 200:
        for chunk in answer.response:
            text += chunk.decode()
            if '"type":"game_end"' in text:
                break
    else:
        text = answer.get_data(as_text=True)
    answer.close()
    return Read(answer.status_code, text)


def test_ids_name_each_event_and_a_cut_anywhere_resumes_with_exactly_the_rest(
    api: Api, client: FlaskClient
) -> None:
    created = _finished_game(api)
    game_id = created["id"]
    feed = client.get(f"/games/{game_id}/events?since=0").get_json()
    answer = _stream(client, game_id, **{"Last-Event-ID": "0"})
    assert answer.status_code == 200
    sent = _messages(answer.text)
    assert [event for _, event in sent] == feed["events"]
    expected_ids = []
    for version, group in groupby(feed["events"], key=lambda event: event["version"]):
        count = len(list(group))
        expected_ids += [f"{version}.{k}" for k in range(1, count)] + [str(version)]
    assert [event_id for event_id, _ in sent] == expected_ids
    shared = [i for i, event_id in enumerate(expected_ids) if "." in event_id]
    assert shared, "no version with several events (the move that ends the game has three)"
    cuts = sorted({0, *shared, shared[-1] + 1, len(sent) - 2} - {len(sent) - 1})
    for cut in cuts:
        resumed = _stream(client, game_id, **{"Last-Event-ID": sent[cut][0]})
        assert resumed.status_code == 200
        assert _messages(resumed.text) == sent[cut + 1 :], sent[cut][0]
    # round_end and game_end share the last version: a client cut between them gets the
    # rest (the old ids, all the version, made this a 204 that hid game_end).
    assert [event["type"] for _, event in sent[-2:]] == ["round_end", "game_end"]
    assert _messages(_stream(client, game_id, **{"Last-Event-ID": sent[-2][0]}).text) == sent[-1:]
    # With everything: nothing can come any more, and an EventSource stops on 204.
    assert _stream(client, game_id, **{"Last-Event-ID": sent[-1][0]}).status_code == 204
    # ?since= is the whole-version form.
    since = feed["events"][0]["version"]
    resumed = _stream(client, game_id, f"?since={since}")
    assert _messages(resumed.text) == [message for message in sent if message[1]["version"] > since]


@pytest.mark.parametrize(
    "header", ["²", "1" * 4301, "17.0", "x", "-1", "17.", ".1", "17.1.2", "17 .1"]
)
def test_a_last_event_id_that_is_no_event_id_is_a_400(
    api: Api, client: FlaskClient, header: str
) -> None:
    created = api.create("skyjo", 2, seed=1)
    answer = _stream(client, created["id"], **{"Last-Event-ID": header})
    assert answer.status_code == 400
    assert json.loads(answer.text)["code"] == "invalid_header"


def test_the_json_feed_pages_whole_versions(app: Flask, api: Api, client: FlaskClient) -> None:
    created = _finished_game(api)
    game_id = created["id"]
    whole = client.get(f"/games/{game_id}/events?since=0").get_json()
    assert whole["next"] is None  # a short game: one page
    app.extensions["cardtable"].feeds.page_events = 7
    pages: list[dict[str, Any]] = []
    since: int | None = 0
    while since is not None:
        pages.append(client.get(f"/games/{game_id}/events?since={since}").get_json())
        since = pages[-1]["next"]
    assert len(pages) > 2
    assert [event for page in pages for event in page["events"]] == whole["events"]
    for page in pages[:-1]:
        assert len(page["events"]) >= 7 and page["next"] == page["events"][-1]["version"]


def test_first_reads_of_the_feed_on_cold_workers_never_fail_under_a_fast_move_loop(
    app: Flask, api: Api
) -> None:
    created = api.create("skipbo", 2, seed=5, options={"stock_size": 30})
    game_id = created["id"]
    tokens = {p["seat"]: p["token"] for p in created["players"]}
    stop = threading.Event()
    moves = [0]

    def move_fast() -> None:
        mover = app.test_client()
        rng = random.Random(5)
        while not stop.is_set():
            view = mover.get(f"/games/{game_id}").get_json()
            if view["finished"]:
                return
            seat = view["active_seats"][0]
            legal = mover.get(
                f"/games/{game_id}/legal-moves", headers={"Authorization": f"Bearer {tokens[seat]}"}
            ).get_json()["moves"]
            answer = mover.post(
                f"/games/{game_id}/moves",
                json={"move": rng.choice(legal)},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            if answer.status_code == 200:
                moves[0] += 1

    mover = threading.Thread(target=move_fast)
    mover.start()
    statuses = []
    wired = app.extensions["cardtable"]
    try:
        reader = app.test_client()
        for _ in range(60):
            wired.feeds = new_feeds(wired.games)  # a cold worker: nothing cached
            answer = reader.get(f"/games/{game_id}/events?since=0")
            statuses.append(answer.status_code)
            if answer.status_code == 200:
                body = answer.get_json()
                assert all(event["version"] <= body["version"] for event in body["events"])
    finally:
        stop.set()
        mover.join()
    assert moves[0] > 10  # the reads did race the moves
    assert set(statuses) == {200}, statuses
