"""Documents written by a newer release (a rolling update under way) are refused with a
stable 503, never misread; nothing is changed by the refusal."""

from __future__ import annotations

import httpx
import redis

from cardtable.server.redis_server import RedisServer
from cardtable.store import compression as codec
from tests.e2e.gunicorn import Gunicorn


def bump_schema(client: redis.Redis, key: str) -> bytes:
    """Store the document as a future release would: a schema_version above ours. Returns it."""
    document = codec.decode(client.hget(key, "doc"))
    document["schema_version"] += 1
    blob = codec.encode(document)
    client.hset(key, "doc", blob)
    return blob


def assert_too_new(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.json()["code"] == "document_too_new"
    assert response.headers["Retry-After"]


def test_a_newer_document_is_refused_clearly(redis_server: RedisServer) -> None:
    client = redis.Redis.from_url(redis_server.url)
    env = {"CARDTABLE_REDIS_URL": redis_server.url, "CARDTABLE_KEY_PREFIX": "schema"}
    with Gunicorn(env=env) as server:
        players = [{"name": "Ann"}, {"name": "Bob"}]
        game = httpx.post(f"{server.url}/games", json={"game": "skyjo", "players": players})
        game_id, token = game.json()["id"], game.json()["players"][0]["token"]
        url = f"{server.url}/games/{game_id}"
        auth = {"Authorization": f"Bearer {token}"}
        move = httpx.get(url + "/legal-moves", headers=auth).json()["moves"][0]
        blob = bump_schema(client, f"schema:game:{{{game_id}}}")
        assert_too_new(httpx.get(url, headers=auth))
        assert_too_new(httpx.get(url + "/legal-moves", headers=auth))
        assert_too_new(httpx.post(url + "/moves", json={"move": move}, headers=auth))
        assert client.hget(f"schema:game:{{{game_id}}}", "doc") == blob, "nothing changed"

        sheet = httpx.post(
            f"{server.url}/scoresheets", json={"game": "skyjo", "players": ["Ann", "Bob"]}
        )
        assert sheet.status_code == 201, sheet.text
        sheet_id = sheet.json()["id"]
        bump_schema(client, f"schema:sheet:{{{sheet_id}}}")
        assert_too_new(httpx.get(f"{server.url}/scoresheets/{sheet_id}"))
