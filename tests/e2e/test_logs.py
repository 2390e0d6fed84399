"""Logs of a real gunicorn: JSON lines of one shape, request ids, and no secret in them."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx

from cardtable.server.redis_server import RedisServer
from tests.e2e.gunicorn import Gunicorn

# Every key a log line may have: the common ones, then the access line's.
COMMON = {"time", "level", "logger", "message", "request_id"}
ACCESS = {"method", "route", "status", "duration_ms", "client", "game_id"}


def play_to_the_end(base: str, game: str) -> tuple[list[str], str]:
    """Play a 2-seat game against a server bot; returns the tokens and the game id."""
    players = [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]
    created = httpx.post(f"{base}/games", json={"game": game, "players": players}).json()
    tokens = [player["token"] for player in created["players"]]
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    rng = random.Random(3)
    for _ in range(3000):
        view = httpx.get(f"{base}/games/{created['id']}", headers=auth).json()
        if view["finished"]:
            break
        legal = httpx.get(f"{base}/games/{created['id']}/legal-moves", headers=auth).json()
        move = rng.choice(legal["moves"])
        httpx.post(f"{base}/games/{created['id']}/moves", json={"move": move}, headers=auth)
    else:
        raise AssertionError("the game did not end")
    # A refused move with a wrong token, and one with a body naming a token.
    httpx.post(
        f"{base}/games/{created['id']}/moves",
        json={"move": {"type": tokens[1]}},
        headers={"Authorization": f"Bearer {tokens[1]}x"},
    )
    return tokens, created["id"]


def test_logs_are_json_with_request_ids_and_no_secrets(redis_server: RedisServer) -> None:
    server = Gunicorn(env={"CARDTABLE_REDIS_URL": redis_server.url}).start()
    try:
        tokens, game_id = play_to_the_end(server.url, "skyjo")
        mine = httpx.get(f"{server.url}/games/nope", headers={"X-Request-ID": "trace-42"})
        forged = httpx.get(f"{server.url}/games/nope", headers={"X-Request-ID": "a\tb" * 100})
        for _ in range(5):
            httpx.get(f"{server.url}/livez")
            httpx.get(f"{server.url}/readyz")
        assert server.terminate() == 0
        text = server.log_text()
    finally:
        server.stop()

    # The caller's id comes back, in the header and the error body; a bad one is replaced.
    assert mine.headers["X-Request-ID"] == "trace-42" == mine.json()["request_id"]
    assert forged.headers["X-Request-ID"] == forged.json()["request_id"] != "a\tb" * 100

    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert lines, "no log lines"
    for line in lines:
        assert set(line) | {"request_id"} >= COMMON
        assert set(line) <= COMMON | ACCESS, line
    for token in tokens:
        assert token not in text
    # Only the keys above: no header, body or view (so no card) ever reaches a line.
    assert "Bearer" not in text and "hand" not in text
    access = [line for line in lines if line["logger"] == "cardtable.access"]
    assert {line["route"] for line in access} >= {"/games", "/games/<string:game_id>/moves"}
    assert all(line["request_id"] and line["duration_ms"] >= 0 for line in access)
    assert any(line.get("game_id") == game_id for line in access)
    assert any(line["request_id"] == "trace-42" and line["status"] == 404 for line in access)
    probes: Any = [line for line in access if line["route"] in {"/livez", "/readyz"}]
    assert probes == [], "probes are not logged by default"
    assert any(line["logger"] == "gunicorn.error" for line in lines), "gunicorn's lines too"
