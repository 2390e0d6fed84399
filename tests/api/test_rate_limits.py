"""Rate limits and quotas: a client over its budget gets 429 with Retry-After and the usual
error body; budgets are separate per kind of request, per address and per token."""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import pytest
import redis
from flask.testing import FlaskClient

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.api.conftest import Api

PLAYERS = [{"name": "a"}, {"name": "b"}]


def _app(server: RedisServer, prefix: str, **limits: Any) -> FlaskClient:
    settings = Settings(redis_url=server.url, key_prefix=prefix, **limits)
    return create_app(settings).test_client()


def _assert_limited(response: Any) -> None:
    assert response.status_code == 429, response.get_json()
    body = response.get_json()
    assert body["code"] == "rate_limited" and body["status"] == 429 and body["message"]
    assert int(response.headers["Retry-After"]) >= 1


def test_creations_over_the_budget_get_429_and_other_budgets_stay(
    redis_server: RedisServer,
) -> None:
    client = _app(redis_server, "limits-create", rate_limit_create="3/hour")
    api = Api(client)
    created = [api.create("skyjo", 2) for _ in range(3)]
    _assert_limited(client.post("/games", json={"game": "skyjo", "players": PLAYERS}))
    _assert_limited(client.post("/scoresheets", json={"game": "skyjo", "players": ["a", "b"]}))
    # Reading and moving draw on their own budgets.
    token = created[0]["players"][0]["token"]
    assert api.view(created[0]["id"], token)["version"] == 0
    assert (
        api.move(created[0]["id"], token, {"type": "reveal", "row": 0, "col": 0}).status_code == 200
    )
    # Another address has its own budget.
    other = client.post(
        "/games",
        json={"game": "skyjo", "players": PLAYERS},
        environ_base={"REMOTE_ADDR": "10.1.2.3"},
    )
    assert other.status_code == 201


def test_a_seat_token_has_its_own_budget_whatever_the_address(redis_server: RedisServer) -> None:
    client = _app(redis_server, "limits-seat", rate_limit_seat_reads="2/hour")
    api = Api(client)
    created = api.create("skyjo", 2)
    token = created["players"][0]["token"]
    for address in ("10.0.0.1", "10.0.0.2"):
        ok = client.get(f"/games/{created['id']}", headers=api.auth(token),
                        environ_base={"REMOTE_ADDR": address})  # fmt: skip
        assert ok.status_code == 200
    _assert_limited(client.get(f"/games/{created['id']}", headers=api.auth(token),
                               environ_base={"REMOTE_ADDR": "10.0.0.3"}))  # fmt: skip
    assert client.get(f"/games/{created['id']}").status_code == 200  # spectators: by address


def test_the_stored_games_quota_caps_creations_per_client(redis_server: RedisServer) -> None:
    client = _app(redis_server, "limits-quota", stored_per_client=2)
    api = Api(client)
    api.create("skyjo", 2)
    api.create("skipbo", 2)
    _assert_limited(client.post("/games", json={"game": "skyjo", "players": PLAYERS}))


def test_forwarded_addresses_count_only_through_trusted_proxies(
    redis_server: RedisServer,
) -> None:
    untrusted = _app(redis_server, "limits-xff0", rate_limit_create="1/hour")
    forwarded = {"X-Forwarded-For": "203.0.113.7"}
    assert untrusted.post("/games", json={"game": "skyjo", "players": PLAYERS},
                          headers=forwarded).status_code == 201  # fmt: skip
    # A forged header does not buy a fresh budget.
    _assert_limited(untrusted.post("/games", json={"game": "skyjo", "players": PLAYERS},
                                   headers={"X-Forwarded-For": "203.0.113.8"}))  # fmt: skip
    trusted = _app(redis_server, "limits-xff1", rate_limit_create="1/hour", trusted_proxies=1)
    for address in ("203.0.113.7", "203.0.113.8"):
        answer = trusted.post("/games", json={"game": "skyjo", "players": PLAYERS},
                              headers={"X-Forwarded-For": address})  # fmt: skip
        assert answer.status_code == 201


def _cluster_app(cluster: Any, prefix: str, **limits: Any) -> FlaskClient:
    settings = Settings(redis_url=cluster.url, redis_cluster=True, key_prefix=prefix, **limits)
    return create_app(settings).test_client()


def test_limits_hold_on_a_redis_cluster(redis_cluster: Any) -> None:
    replicas = [
        _cluster_app(redis_cluster, "limits-cluster", rate_limit_create="2/hour") for _ in range(2)
    ]
    for replica in replicas:  # two replicas share the counters
        assert replica.post("/games", json={"game": "skyjo", "players": PLAYERS}).status_code == 201
    _assert_limited(replicas[0].post("/games", json={"game": "skyjo", "players": PLAYERS}))


def test_a_refused_creation_spends_nothing_of_the_stored_games_quota(
    redis_server: RedisServer,
) -> None:
    client = _app(redis_server, "limits-refund", rate_limit_create="2/hour", stored_per_client=3)
    for _ in range(2):
        assert client.post("/games", json={"game": "skyjo", "players": PLAYERS}).status_code == 201
    for _ in range(5):
        _assert_limited(client.post("/games", json={"game": "skyjo", "players": PLAYERS}))
    raw = redis.Redis.from_url(redis_server.url)
    quota = list(raw.scan_iter("limits-refund:limits:create:3/*"))
    # The quota's bucket holds the two games created: two intervals of a third of the TTL
    # ahead of now (a token bucket's key expires when it is full again).
    interval_ms = Settings().game_ttl_seconds * 1000 / 3
    assert len(quota) == 1 and 1.99 * interval_ms < raw.pttl(quota[0]) <= 2 * interval_ms


def _riding_limits_hold(client: FlaskClient) -> None:
    """With 2 moves and 1 read per seat token: the counters ride with the game's read
    (view, legal moves, move), and a refused request changes nothing."""
    api = Api(client)
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    assert api.view(game_id, token)["version"] == 0
    assert api.move(game_id, token, {"type": "reveal", "row": 0, "col": 0}).status_code == 200
    assert api.move(game_id, token, {"type": "reveal", "row": 0, "col": 1}).status_code == 200
    _assert_limited(api.move(game_id, token, {"type": "reveal", "row": 0, "col": 2}))
    # Refused before the store is reached (a bad body, an unknown game): counted on the
    # way out, still 429 rather than 422 or 404.
    moves = f"/games/{game_id}/moves"
    _assert_limited(client.post(moves, json={"nope": 1}, headers=api.auth(token)))
    _assert_limited(client.get(f"/games/{game_id}/legal-moves", headers=api.auth(token)))
    _assert_limited(client.get("/games/nope/legal-moves", headers=api.auth(token)))
    _assert_limited(client.get(f"/games/{game_id}", headers=api.auth(token)))
    after = api.view(game_id)  # a spectator: the address's budget
    assert after["version"] == 2  # the refused move was not applied


def test_counters_ride_with_the_game_read_and_refusals_change_nothing(
    redis_server: RedisServer,
) -> None:
    limits = {"rate_limit_seat_moves": "2/hour", "rate_limit_seat_reads": "1/hour"}
    _riding_limits_hold(_app(redis_server, "limits-ride", **limits))


def test_counters_ride_with_the_game_read_on_a_redis_cluster(redis_cluster: Any) -> None:
    limits = {"rate_limit_seat_moves": "2/hour", "rate_limit_seat_reads": "1/hour"}
    _riding_limits_hold(_cluster_app(redis_cluster, "limits-ride-cluster", **limits))


# Every way through the riding routes (limits.RIDING_ENDPOINTS): the request's first store
# command must be the read its counters ride with, whichever service call it goes through.
# A way: its method, path after the game's, headers, body and whether it sends a seat token.
REVEAL = {"move": {"type": "reveal", "row": 0, "col": 0}}
RIDING_WAYS: dict[str, tuple[str, str, dict[str, str], Any, bool]] = {
    "view": ("GET", "", {}, None, True),
    "spectator view": ("GET", "", {}, None, False),
    "poll": ("GET", "", {"If-None-Match": '"0"'}, None, True),
    "long poll": ("GET", "?wait=0.05", {"If-None-Match": "*"}, None, True),
    "spectator poll": ("GET", "", {"If-None-Match": '"0"'}, None, False),
    "legal moves": ("GET", "/legal-moves", {}, None, True),
    "move": ("POST", "/moves", {}, REVEAL, True),
    "keyed move": ("POST", "/moves", {"Idempotency-Key": "ride-1"}, REVEAL, True),
}
_COMMAND = re.compile(rb"\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n")
_CONNECTION_CHORES = {b"PING", b"CLIENT", b"HELLO", b"SELECT", b"AUTH"}


def _round_trips(monkeypatch: pytest.MonkeyPatch) -> list[list[bytes]]:
    """The commands of each round trip this thread sends from now on (by name), but a
    connection's own chores (a health check, a new connection's handshake)."""
    trips: list[list[bytes]] = []
    send, thread = redis.connection.Connection.send_packed_command, threading.get_ident()

    def recorded(self: Any, command: Any, *args: Any, **kwargs: Any) -> Any:
        packed = command if isinstance(command, bytes) else b"".join(command)
        names = [name.upper() for name in _COMMAND.findall(packed)]
        if threading.get_ident() == thread and set(names) - _CONNECTION_CHORES:
            trips.append(names)
        return send(self, command, *args, **kwargs)

    monkeypatch.setattr(redis.connection.Connection, "send_packed_command", recorded)
    return trips


@pytest.mark.parametrize("way", sorted(RIDING_WAYS))
def test_every_way_through_a_riding_route_sends_its_counters_with_its_first_read(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch, way: str
) -> None:
    """Its first round trip carries the counters and the game's read; a refused one sends
    nothing else (no write, no idempotency record read, no second read)."""
    limits = {"rate_limit_reads": "1/hour", "rate_limit_moves": "1/hour"}
    client = _app(redis_server, "limits-ways", **limits)
    created = Api(_app(redis_server, "limits-ways")).create("skyjo", 2)
    method, suffix, headers, body, as_seat = RIDING_WAYS[way]
    if as_seat:
        headers = {**headers, **Api.auth(created["players"][0]["token"])}
    address = f"10.9.0.{sorted(RIDING_WAYS).index(way) + 1}"  # a budget of its own

    def send() -> Any:
        return client.open(
            f"/games/{created['id']}{suffix}",
            method=method,
            headers=headers,
            json=body,
            environ_base={"REMOTE_ADDR": address},
        )

    trips = _round_trips(monkeypatch)
    first = send()
    assert first.status_code in (200, 304), first.get_json()
    assert trips[0][0] == b"EVALSHA" and trips[0][-1] == b"HMGET", trips
    del trips[:]
    _assert_limited(send())  # the address's budget is spent
    assert trips == [[b"EVALSHA", b"HMGET"]]
    games = client.application.extensions["cardtable"].games
    assert games.load(created["id"]).version == (1 if method == "POST" else 0)


def test_limits_count_on_when_redis_forgets_the_script(redis_server: RedisServer) -> None:
    """The counters' script goes by its hash; a Redis that lost it (restarted, failed over)
    gets it again and counts as before, riding with a game's read or alone."""
    client = _app(redis_server, "limits-noscript", rate_limit_create="2/hour",
                  rate_limit_seat_reads="2/hour")  # fmt: skip
    raw = redis.Redis.from_url(redis_server.url)
    api = Api(client)
    created = api.create("skyjo", 2)
    game_id, token = created["id"], created["players"][0]["token"]
    raw.script_flush()
    assert client.post("/games", json={"game": "skyjo", "players": PLAYERS}).status_code == 201
    _assert_limited(client.post("/games", json={"game": "skyjo", "players": PLAYERS}))
    raw.script_flush()
    assert api.view(game_id, token)["version"] == 0
    raw.script_flush()
    assert api.view(game_id, token)["version"] == 0
    _assert_limited(client.get(f"/games/{game_id}", headers=api.auth(token)))


def _script_runs(raw: redis.Redis) -> int:
    stats = raw.info("commandstats")
    return sum(stats.get(f"cmdstat_{name}", {}).get("calls", 0) for name in ("eval", "evalsha"))


def test_a_refused_client_is_refused_again_without_redis_until_its_wait_ends(
    redis_server: RedisServer,
) -> None:
    # 2 per 3 s: a token comes back every 1.5 s, far longer than the few milliseconds between
    # the requests below even on a loaded machine (at 2/second, one stall of half a second
    # let a request through and failed the test).
    settings = {"rate_limit_reads": "2/3 seconds", "trusted_proxies": 1}
    client = _app(redis_server, "limits-gate", **settings)
    raw = redis.Redis.from_url(redis_server.url)
    path = f"/games/{Api(client).create('skyjo', 2)['id']}"
    flooder = {"X-Forwarded-For": "203.0.113.5"}
    assert [client.get(path, headers=flooder).status_code for _ in range(2)] == [200, 200]
    first = client.get(path, headers=flooder)
    _assert_limited(first)
    before = _script_runs(raw)
    again = client.get(path, headers={**flooder, "X-Request-ID": "flood-1"})
    _assert_limited(again)
    assert _script_runs(raw) == before  # answered by this process alone
    body = again.get_json()
    assert again.headers["X-Request-ID"] == body["request_id"] == "flood-1"
    assert body.keys() == first.get_json().keys() and body["details"]["limit"] == "2/3s"
    # Another client behind the same proxy is judged as usual, and so is the flooder by
    # another replica (which has not seen the refusal: Redis refuses it there).
    assert client.get(path, headers={"X-Forwarded-For": "203.0.113.6"}).status_code == 200
    _assert_limited(_app(redis_server, "limits-gate", **settings).get(path, headers=flooder))
    # Past the wait Redis gave, the flooder is judged by Redis again and its refilled bucket
    # lets it in. Polled, so the verdict does not hang on how long the machine takes
    # (bounded: the wait is 1.5 s).
    for _ in range(100):
        before = _script_runs(raw)
        answer = client.get(path, headers=flooder)
        if answer.status_code == 200:
            break
        _assert_limited(answer)
        time.sleep(0.1)
    assert answer.status_code == 200
    assert _script_runs(raw) > before  # Redis, not this process, let it in


def test_a_budget_that_cannot_be_counted_refuses_the_request_not_lets_it_through() -> None:
    """Redis stalls the counting (its scripts paused, as a write stall or a pool emptied
    by a burst would) while it still answers reads: a request whose budget cannot be
    checked is refused, 503 `store_unavailable` with Retry-After, on the routes whose
    counters ride with the game's read and on the others alike, never let through."""
    with RedisServer() as server:
        settings = Settings(redis_url=server.url, key_prefix="unchecked", redis_timeout_seconds=0.3)
        client = create_app(settings).test_client()
        created = Api(client).create("skyjo", 2)
        game, seat = created["id"], Api.auth(created["players"][0]["token"])
        sheet = client.post("/scoresheets", json={"game": "skyjo", "players": ["A", "B"]})
        reads = [
            (f"/games/{game}", {}),
            (f"/games/{game}/legal-moves", seat),
            (f"/scoresheets/{sheet.get_json()['id']}", {}),
        ]
        raw = redis.Redis.from_url(server.url)
        raw.execute_command("CLIENT", "PAUSE", 3000, "WRITE")  # EVALSHA waits; reads do not
        try:
            answers = [
                client.get(path, headers=headers, environ_base={"REMOTE_ADDR": f"10.8.0.{i}"})
                for i, (path, headers) in enumerate(reads)
            ]
        finally:
            raw.execute_command("CLIENT", "UNPAUSE")
        for answer in answers:
            assert (answer.status_code, answer.get_json()["code"]) == (503, "store_unavailable")
            assert answer.headers["Retry-After"]
        # Redis counts again: the same requests pass.
        assert [client.get(path, headers=h).status_code for path, h in reads] == [200] * 3
