"""A live table's chat through the real app over real Redis: seats post text and emotes,
spectators read, nothing of it touches the game's version, feed or record; text is
bounded and printable; a keyed retry posts once; the chat keeps its latest messages and
goes with the game; a long-poll is woken by a post; the chat has its own budget."""

from __future__ import annotations

import random
import threading
import uuid
from typing import Any

from flask import Flask

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.store.chat import KEPT_MESSAGES
from tests.api.conftest import Api
from tests.support.limits import RAISED_LIMITS


def say(api: Api, game_id: str, token: str | None, body: Any, key: str | None = None) -> Any:
    headers = Api.auth(token)
    if key:
        headers["Idempotency-Key"] = key
    return api.client.post(f"/games/{game_id}/chat", json=body, headers=headers)


def chat(api: Api, game_id: str, **query: Any) -> dict[str, Any]:
    response = api.client.get(f"/games/{game_id}/chat", query_string=query)
    assert response.status_code == 200, response.get_json()
    page: dict[str, Any] = response.get_json()
    return page


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.get_json()
    assert response.get_json()["code"] == code, response.get_json()


def test_seats_post_spectators_read_and_the_game_does_not_change(api: Api) -> None:
    created = api.create("skyjo", [{"name": "Ann"}, {"name": "Béa"}], seed=3)
    game_id, ann, bea = created["id"], created["players"][0], created["players"][1]
    before = api.view(game_id)["version"]
    first = say(api, game_id, ann["token"], {"text": "  <b>salut</b> & 👋  "})
    assert first.status_code == 201, first.get_json()
    assert first.get_json()["text"] == "<b>salut</b> & 👋"  # trimmed, kept as text
    second = say(api, game_id, bea["token"], {"emote": "thumbs_up"})
    assert second.status_code == 201, second.get_json()
    page = chat(api, game_id)  # no token: a spectator reads
    assert page["seq"] == 2
    assert [(m["seq"], m["seat"], m["name"]) for m in page["messages"]] == [
        (1, 0, "Ann"),
        (2, 1, "Béa"),
    ]
    assert page["messages"][1]["emote"] == "thumbs_up" and "text" not in page["messages"][1]
    assert [m["seq"] for m in chat(api, game_id, since=1)["messages"]] == [2]
    # Nothing of it is the game's: its version, ETag and events are as before.
    assert api.view(game_id)["version"] == before
    events = api.client.get(f"/games/{game_id}/events").get_json()["events"]
    assert all(event["type"] != "chat" for event in events)


def test_refusals_change_nothing(api: Api) -> None:
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    refused(say(api, game_id, None, {"text": "hi"}), 401, "token_required")
    refused(say(api, game_id, "nope", {"text": "hi"}), 401, "invalid_token")
    for body in (
        {},
        {"text": "hi", "emote": "wow"},
        {"text": "   "},
        {"text": "x" * 201},
        {"text": "a\u202eb"},  # a bidi override
        {"text": "line\nbreak"},
        {"text": "\u200b\u200b"},  # invisible only
    ):
        refused(say(api, game_id, token, body), 422, "invalid_chat_message")
    refused(say(api, game_id, token, {"emote": "<script>"}), 422, "validation_error")
    refused(say(api, game_id, token, {"text": 5}), 422, "validation_error")
    refused(say(api, "unknown", token, {"text": "hi"}), 404, "not_found")
    assert say(api, game_id, token, {"text": "x" * 200}).status_code == 201
    assert chat(api, game_id)["seq"] == 1
    response = api.client.get("/games/unknown/chat")
    assert response.status_code == 404


def test_a_keyed_retry_posts_once(api: Api) -> None:
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    key = uuid.uuid4().hex
    first = say(api, game_id, token, {"text": "gg"}, key)
    again = say(api, game_id, token, {"text": "gg"}, key)
    assert first.status_code == again.status_code == 201
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json() == first.get_json()
    assert chat(api, game_id)["seq"] == 1
    refused(say(api, game_id, token, {"text": "other"}, key), 422, "idempotency_key_reused")
    # Another seat's same key is its own.
    other = created["players"][1]["token"]
    assert say(api, game_id, other, {"text": "gg"}, key).get_json()["seq"] == 2


def test_the_chat_keeps_its_latest_and_goes_with_the_game(
    api: Api, raw_redis: Any, settings: Settings
) -> None:
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    for n in range(KEPT_MESSAGES + 5):
        assert say(api, game_id, token, {"text": f"m{n}"}).status_code == 201
    page = chat(api, game_id)
    assert page["seq"] == KEPT_MESSAGES + 5
    assert [m["text"] for m in page["messages"]] == [f"m{n}" for n in range(5, 55)]
    game_key = f"{settings.key_prefix}:game:{{{game_id}}}"
    ttl = raw_redis.pttl(game_key)
    assert 0 < raw_redis.pttl(f"{game_key}:chat") <= ttl
    raw_redis.delete(game_key)  # the game expired
    assert api.client.get(f"/games/{game_id}/chat").status_code == 404
    refused(say(api, game_id, token, {"text": "late"}), 404, "not_found")


def test_a_finished_games_record_holds_no_chat(api: Api) -> None:
    created = api.create("skyjo", 2, seed=5)
    game_id, token = created["id"], created["players"][0]["token"]
    assert say(api, game_id, token, {"text": "secret plan"}).status_code == 201
    api.play_to_end(created, random.Random(1))
    assert say(api, game_id, token, {"emote": "good_game"}).status_code == 201
    record = api.client.get(f"/games/{game_id}/record")
    assert record.status_code == 200
    assert b"secret plan" not in record.data and b"good_game" not in record.data


def test_a_long_poll_is_woken_by_a_post(app: Flask, api: Api) -> None:
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][1]["token"]
    answers: list[dict[str, Any]] = []
    polling = threading.Thread(
        target=lambda: answers.append(
            app.test_client().get(f"/games/{game_id}/chat?since=0&wait=20").get_json()
        )
    )
    polling.start()
    hub = app.extensions["cardtable"].hub
    while hub.held == 0:  # the long-poll is waiting
        threading.Event().wait(0.01)
    assert say(api, game_id, token, {"emote": "wow"}).status_code == 201
    polling.join(20)
    assert answers and [m["emote"] for m in answers[0]["messages"]] == ["wow"]


def test_the_chat_has_its_own_budget(redis_server: Any) -> None:
    limits = {**RAISED_LIMITS, "rate_limit_seat_chat": "2/hour"}
    settings = Settings(redis_url=redis_server.url, key_prefix="chatbudget", **limits)
    app = create_app(settings)
    api = Api(app.test_client())
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    assert say(api, game_id, token, {"text": "one"}).status_code == 201
    assert say(api, game_id, token, {"text": "two"}).status_code == 201
    refused(say(api, game_id, token, {"text": "three"}), 429, "rate_limited")
    # The seat's moves and the other seat's chat are untouched.
    assert api.move(game_id, token, {"type": "reveal", "row": 0, "col": 0}).status_code == 200
    other = created["players"][1]["token"]
    assert say(api, game_id, other, {"text": "mine"}).status_code == 201
