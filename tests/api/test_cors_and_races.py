"""Browser access (CORS) and the deterministic shape of a lost race between two moves."""

from __future__ import annotations

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.api.conftest import Api, race_two_reveals


def test_cors_allows_only_the_configured_origins(redis_server: RedisServer) -> None:
    app = create_app(
        Settings(redis_url=redis_server.url, key_prefix="cors",
                 cors_origins=("https://play.example",))
    )  # fmt: skip
    client = app.test_client()
    preflight = client.options(
        "/games",
        headers={
            "Origin": "https://play.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type, Authorization, If-Match, "
            "Idempotency-Key",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://play.example"
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "if-match" in allowed
    # Browsers may reuse the preflight instead of sending one before every request.
    assert int(preflight.headers["Access-Control-Max-Age"]) >= 600
    assert "idempotency-key" in allowed
    answer = client.get("/game-types", headers={"Origin": "https://play.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "https://play.example"
    exposed = answer.headers["Access-Control-Expose-Headers"]
    assert "ETag" in exposed and "Location" in exposed
    foreign = client.get("/game-types", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in foreign.headers


def test_without_configured_origins_no_cors_headers_are_sent(api: Api) -> None:
    answer = api.client.get("/game-types", headers={"Origin": "https://play.example"})
    assert "Access-Control-Allow-Origin" not in answer.headers


def test_two_moves_read_at_the_same_version_one_wins_one_gets_409(api: Api) -> None:
    """Both requests read version 0 before either writes: the compare-and-set lets exactly
    one through and the other is told `version_conflict`, with nothing of it applied."""
    created = api.create("skyjo", 2, seed=4)
    game_id = created["id"]
    answers = race_two_reveals(api, created)
    statuses = sorted(answer.status_code for answer in answers.values())
    assert statuses == [200, 409]
    loser = next(answer for answer in answers.values() if answer.status_code == 409)
    assert loser.get_json()["code"] == "version_conflict"
    assert loser.get_json()["details"]["current_version"] == 1
    view = api.view(game_id)
    assert view["version"] == 1
    revealed = [sum(cell is not None for cell in p["grid"]) for p in view["players"]]
    assert sorted(revealed) == [0, 1]  # only the winner's reveal happened
