"""With CARDTABLE_CORS_ORIGINS set, a cross-origin table can follow the event stream: the
preflight of a stream read with fetch() allows Last-Event-ID (with the headers writes
send), and answers expose what clients read."""

from __future__ import annotations

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer

ORIGIN = "https://play.example"


def test_a_cross_origin_stream_may_resume_and_read_what_it_needs(
    redis_server: RedisServer,
) -> None:
    settings = Settings(redis_url=redis_server.url, key_prefix="cors-sse", cors_origins=(ORIGIN,))
    client = create_app(settings).test_client()
    created = client.post(
        "/games", json={"game": "skyjo", "players": [{"name": "A"}, {"name": "B"}]}
    ).get_json()
    url = f"/games/{created['id']}/events"
    preflight = client.options(
        url,
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization, last-event-id, accept",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == ORIGIN
    allowed = {
        h.strip().lower() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")
    }
    assert {"authorization", "last-event-id", "accept"} <= allowed
    writes = client.options(
        f"/games/{created['id']}/moves",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "if-match, idempotency-key, content-type",
        },
    )
    allowed = {h.strip().lower() for h in writes.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"if-match", "idempotency-key", "content-type"} <= allowed
    answer = client.get(url, headers={"Origin": ORIGIN})
    exposed = {h.strip() for h in answer.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"ETag", "Retry-After", "Location"} <= exposed
