"""The two hot routes (legal moves, a move) answer through `Blueprint.light`, without
flask-smorest's call layers: a scripted game's answers, every success and every refusal
they can give (400/401/404/409/412/422/429), are checked byte for byte against known
values (headers included) and against their schemas in openapi.yaml."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import orjson
import pytest
import yaml
from flask.testing import FlaskClient

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.support.openapi import errors, validator

SPEC = yaml.safe_load((Path(__file__).parents[2] / "openapi.yaml").read_text())
JSON = "application/json"
REQUEST_ID = re.compile(r"[0-9a-f]{32}")
PLAYERS = [{"name": "a"}, {"name": "b"}]


def reveal(row: int, col: int) -> dict[str, Any]:
    return {"move": {"type": "reveal", "row": row, "col": col}}


def check_schema(schema: str, body: Any) -> None:
    found = errors(validator(schema, SPEC["components"]["schemas"]), body)
    assert not found, found[:5]


def answered(response: Any, status: int, **headers: str) -> Any:
    """The answer's body, once its status and its exact headers are the expected ones (a
    request id of our own making, the same in an error's body)."""
    assert response.status_code == status, response.data
    body = orjson.loads(response.data)
    request_id = response.headers["X-Request-ID"]
    assert REQUEST_ID.fullmatch(request_id)
    expected = {"Content-Type": JSON, "Content-Length": str(len(response.data)), **headers}
    got = {name: value for name, value in response.headers.items() if name != "X-Request-ID"}
    assert got == expected
    if status >= 400:
        assert body.pop("request_id") == request_id
        check_schema("Error", {**body, "request_id": request_id})
    return body


def refusal(code: str, message: str, status: int, **details: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"code": code, "message": message, "status": status}
    return {**body, "details": details} if details else body


@pytest.fixture
def client(redis_server: RedisServer) -> FlaskClient:
    settings = Settings(redis_url=redis_server.url, key_prefix="light")
    return create_app(settings).test_client()


def test_the_hot_routes_answer_known_bytes(client: FlaskClient) -> None:
    created = client.post("/games", json={"game": "skyjo", "players": PLAYERS, "seed": 5})
    game_id = created.get_json()["id"]
    tokens = [player["token"] for player in created.get_json()["players"]]
    seat = [{"Authorization": f"Bearer {token}"} for token in tokens]
    legal, moves = f"/games/{game_id}/legal-moves", f"/games/{game_id}/moves"

    first = answered(client.get(legal, headers=seat[0]), 200)
    check_schema("LegalMoves", first)
    reveals = [{"type": "reveal", "row": r, "col": c} for r in range(3) for c in range(4)]
    assert first == {"version": 0, "seat": 0, "moves": reveals}
    assert answered(client.get(legal), 401) == refusal(
        "token_required", "the legal moves are a seat's: send its bearer token", 401
    )
    bad = {"Authorization": "Bearer nope"}
    assert answered(client.get(legal, headers=bad), 401) == refusal(
        "invalid_token", "the bearer token is not valid for this game", 401
    )
    assert answered(client.get("/games/nope/legal-moves", headers=seat[0]), 404) == refusal(
        "not_found", "no game 'nope' (unknown or expired)", 404
    )

    broken = client.post(moves, data=b"{", headers={**seat[0], "Content-Type": JSON})
    assert answered(broken, 400) == refusal(
        "invalid_json", "the request body is not valid JSON", 400
    )
    weak = client.post(moves, json=reveal(0, 0), headers={**seat[0], "If-Match": 'W/"0"'})
    assert answered(weak, 400) == refusal(
        "invalid_header", 'If-Match takes a strong tag ("17"), not a weak one (W/"17")', 400
    )
    keyed = {**seat[0], "If-Match": '"0"', "Idempotency-Key": "k1"}
    applied = client.post(moves, json=reveal(0, 0), headers=keyed)
    result = answered(applied, 200, ETag='"1"')
    check_schema("MoveResult", result)
    assert result["version"] == 1 and result["seat"] == 0
    assert result["applied"] == [{"version": 1, "seat": 0, **reveal(0, 0), "by_bot": False}]
    assert result["view"]["active_seats"] == [0, 1] and result["view"]["seat"] == 0
    replay = client.post(moves, json=reveal(0, 0), headers=keyed)
    assert answered(replay, 200, ETag='"1"', **{"Idempotent-Replayed": "true"}) == result
    assert replay.data == applied.data
    stale = client.post(moves, json=reveal(0, 1), headers={**seat[0], "If-Match": '"0"'})
    assert answered(stale, 412, ETag='"1"') == refusal(
        "stale_version",
        "you sent If-Match 0, but the game is at version 1",
        412,
        current_version=1,
    )
    assert answered(client.post(moves, json=reveal(0, 0), headers=seat[0]), 422) == refusal(
        "illegal_move", "the card at row 0, column 0 is already face up", 422
    )
    shapeless = answered(client.post(moves, json={"move": {"type": "fly"}}, headers=seat[0]), 422)
    assert shapeless["code"] == "malformed_move"
    assert shapeless["details"]["fields"]["json"]["json"]["move"]["type"][0].startswith(
        "Must be one of: "
    )
    answered(client.post(moves, json=reveal(0, 1), headers=seat[0]), 200, ETag='"2"')
    assert answered(client.post(moves, json=reveal(0, 2), headers=seat[0]), 409) == refusal(
        "not_your_turn", "seat 0 has made its setup reveals; wait for the others", 409
    )
    # A seat that may not act is told so with an empty list, not a refusal.
    assert answered(client.get(legal, headers=seat[0]), 200) == {
        "version": 2,
        "seat": 0,
        "moves": [],
    }


def test_the_hot_routes_count_against_the_limits(redis_server: RedisServer) -> None:
    settings = Settings(
        redis_url=redis_server.url,
        key_prefix="light-limits",
        rate_limit_seat_moves="1/hour",
        rate_limit_seat_reads="1/hour",
    )
    client = create_app(settings).test_client()
    created = client.post("/games", json={"game": "skyjo", "players": PLAYERS}).get_json()
    seat = {"Authorization": f"Bearer {created['players'][0]['token']}"}
    legal, moves = f"/games/{created['id']}/legal-moves", f"/games/{created['id']}/moves"
    answered(client.get(legal, headers=seat), 200)
    answered(client.post(moves, json=reveal(0, 0), headers=seat), 200, ETag='"1"')
    for limited in (
        client.get(legal, headers=seat),
        client.post(moves, json=reveal(0, 1), headers=seat),
    ):
        retry = limited.headers["Retry-After"]
        assert int(retry) >= 1
        body = answered(limited, 429, **{"Retry-After": retry})
        assert (body["code"], body["status"]) == ("rate_limited", 429) and body["message"]
