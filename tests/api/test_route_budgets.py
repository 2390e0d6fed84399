"""Every route has a budget, judged before any work: the URL map enumerated, buckets that
slow a burst to their rate (no minute-long stall), IPv6 clients by network, loopback as one
client, joins and leaves under their own budget, and refusals answered without Redis."""

from __future__ import annotations

import itertools
import re
import time
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from cardtable.api.limits import EXEMPT_ENDPOINTS, address_key, kind_of
from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.api.conftest import Api
from tests.support.limits import RAISED_LIMITS

ONE_EACH = {
    "rate_limit_create": "1/hour",
    "rate_limit_moves": "1/hour",
    "rate_limit_reads": "1/hour",
    "rate_limit_tables": "1/hour",
    "rate_limit_ops": "1/hour",
    "rate_limit_players": "1/hour",
    "rate_limit_queue": "1/hour",
    "rate_limit_chat": "1/hour",
    "rate_limit_seat_chat": "1/hour",
    "rate_limit_analysis": "1/hour",
    "rate_limit_seat_moves": "1/hour",
    "rate_limit_seat_reads": "1/hour",
}
_prefixes = itertools.count()
_addresses = itertools.count(1)


def _app(server: RedisServer, prefix: str | None = None, **limits: Any) -> Flask:
    """The app over `server`, with `limits` lowered (an app of the same `prefix` sees the
    same games: its budgets, other numbers, are other buckets)."""
    prefix = prefix or f"budgets{next(_prefixes)}"
    settings = Settings(redis_url=server.url, key_prefix=prefix, **{**RAISED_LIMITS, **limits})
    app = create_app(settings)
    app.config["TESTING"] = True
    return app


def _limited(response: Any) -> bool:
    if response.status_code != 429:
        return False
    body = response.get_json()
    assert body["code"] == "rate_limited" and body["status"] == 429, body
    assert int(response.headers["Retry-After"]) >= 1
    return True


def _url(rule: str) -> str:
    return re.sub(r"<(?:[a-z]+:)?[a-z_]+>", "x", rule)


def test_every_route_of_the_url_map_has_a_budget(redis_server: RedisServer) -> None:
    """Each route and method, from an address of its own, twice over a budget of one: the
    second is refused, whatever the first answered (404, 422, 200...), except the routes
    documented as exempt."""
    app = _app(redis_server, **ONE_EACH)
    client = app.test_client()
    unlimited, exempt_limited = [], []
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods or ()):
            address = f"10.9.{next(_addresses) // 250}.{next(_addresses) % 250 + 1}"
            send = {"method": method, "environ_base": {"REMOTE_ADDR": address}}
            if method in {"POST", "PUT", "PATCH", "DELETE"}:
                send["json"] = {}
            client.open(_url(rule.rule), **send)
            second = client.open(_url(rule.rule), **send)
            if rule.endpoint in EXEMPT_ENDPOINTS:
                if second.status_code == 429:
                    exempt_limited.append((method, rule.rule))
            elif not _limited(second):
                unlimited.append((method, rule.rule, second.status_code))
    assert unlimited == [], f"routes without a budget: {unlimited}"
    assert exempt_limited == []
    # The exempt routes are only the liveness probe, which does no work.
    assert {"operations.Liveness"} == EXEMPT_ENDPOINTS


def test_event_streams_and_long_polls_are_judged_when_they_open(
    redis_server: RedisServer,
) -> None:
    client = _app(redis_server, "budgets-events", rate_limit_reads="2/hour").test_client()
    created = Api(_app(redis_server, "budgets-events").test_client()).create("skyjo", 2)
    events = f"/games/{created['id']}/events"
    assert client.get(events).status_code == 200
    assert client.get(events + "?since=0&wait=0").status_code == 200
    assert _limited(client.get(events, headers={"Accept": "text/event-stream"}))
    assert _limited(client.get(events + "?wait=5"))


def test_each_kind_maps_to_its_budget() -> None:
    assert kind_of("operations.Liveness", "GET") is None
    assert kind_of("operations.Readiness", "GET") == "ops"
    assert kind_of("operations.Metrics", "GET") == "ops"
    assert kind_of("games.Games", "POST") == "create"
    assert kind_of("scoresheets.Scoresheets", "POST") == "create"
    for table in ("tables.Join", "tables.Leave", "tables.Start", "tables.Rematch"):
        assert kind_of(table, "POST") == "table"
    assert kind_of("games.Moves", "POST") == "move"
    assert kind_of("players.Players", "POST") == "players"
    assert kind_of("queue.QueueTickets", "POST") == "queue"
    assert kind_of("players.Player", "PATCH") == "move"
    assert kind_of("scoresheets.ScoresheetLastRound", "DELETE") == "move"
    assert kind_of("events.Events", "GET") == "read"
    assert kind_of("games.Hints", "GET") == "analysis"  # the estimator's own budget
    assert kind_of("games.Review", "GET") == "analysis"
    assert kind_of(None, "GET") == "read"  # an unknown path counts too
    assert kind_of(None, "POST") == "move"


def test_a_burst_slows_to_the_budget_rate_instead_of_stalling_a_window(
    redis_server: RedisServer,
) -> None:
    """60/minute: 60 at once, then the next waits one second (the bucket's interval), not
    the rest of a minute; a second later one more fits."""
    client = _app(redis_server, rate_limit_reads="60/minute").test_client()
    served = 0
    while (refused := client.get("/game-types")).status_code == 200:
        served += 1  # a slow machine sees the bucket refill meanwhile: a few more pass
        assert served < 200
    assert served >= 60
    assert _limited(refused) and refused.headers["Retry-After"] == "1"
    assert refused.get_json()["details"]["retry_after"] == 1
    time.sleep(1.2)  # one interval (1 s) and a margin: the bucket has one request again
    assert client.get("/game-types").status_code == 200


def test_refusals_while_boxed_ask_nothing_of_redis(redis_server: RedisServer) -> None:
    """Once refused, a client is refused by this process alone until its wait ends."""
    client = _app(redis_server, rate_limit_reads="1/hour").test_client()
    raw = redis.Redis.from_url(redis_server.url)
    assert client.get("/game-types").status_code == 200
    assert _limited(client.get("/game-types"))  # judged by Redis
    before = raw.info("commandstats").get("cmdstat_eval", {}).get("calls", 0)
    for _ in range(20):
        assert _limited(client.get("/game-types"))
    after = raw.info("commandstats").get("cmdstat_eval", {}).get("calls", 0)
    assert after == before
    # Another client of the same process is not boxed.
    assert client.get("/game-types", environ_base={"REMOTE_ADDR": "10.8.0.1"}).status_code == 200


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", True),  # one /64
        ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
        ("127.0.0.1", "::1", True),  # loopback is one client
        ("127.0.0.1", "127.0.0.53", True),
        ("::ffff:198.51.100.7", "198.51.100.7", True),  # IPv4-mapped IPv6
        ("198.51.100.7", "198.51.100.8", False),
        ("fe80::1%eth0", "fe80::2", True),  # a zone id is not part of the address
    ],
)
def test_addresses_are_grouped(first: str, second: str, same: bool) -> None:
    assert (address_key(first) == address_key(second)) is same


def test_the_ipv6_prefix_is_configurable(redis_server: RedisServer) -> None:
    assert address_key("2001:db8::1", 128) != address_key("2001:db8::2", 128)
    assert address_key("2001:db8:0:1::1", 48) == address_key("2001:db8:0:2::1", 48)
    with pytest.raises(ValueError, match="rate_limit_ipv6_prefix"):
        Settings(rate_limit_ipv6_prefix=0)
    assert (
        Settings.from_env({"CARDTABLE_RATE_LIMIT_IPV6_PREFIX": "56"}).rate_limit_ipv6_prefix == 56
    )
    # Through the app: two hosts of one /64 share a budget, a host of another /64 does not.
    client = _app(redis_server, rate_limit_reads="1/hour").test_client()

    def read(address: str) -> Any:
        return client.get("/game-types", environ_base={"REMOTE_ADDR": address})

    assert read("2001:db8:5:5::1").status_code == 200
    assert _limited(read("2001:db8:5:5::2"))
    assert read("2001:db8:5:6::1").status_code == 200


def test_joins_and_leaves_draw_on_the_table_budget(redis_server: RedisServer) -> None:
    """Churn in a stranger's public game is bounded per address."""
    client = _app(redis_server, "budgets-tables", rate_limit_tables="3/hour").test_client()
    creator = Api(_app(redis_server, "budgets-tables").test_client())
    created = creator.create(
        "skyjo", [{"name": "Ann"}, {"open": True}, {"open": True}], public=True
    )
    join = f"/games/{created['id']}/join"
    token = client.post(join, json={"name": "Bob"}).get_json()["token"]
    assert client.post(f"/games/{created['id']}/leave", headers=Api.auth(token)).status_code == 200
    assert client.post(join, json={"name": "Bob"}).status_code == 201
    assert _limited(client.post(join, json={"name": "Bob"}))
    # Other kinds keep their own budgets.
    assert client.get(f"/games/{created['id']}").status_code == 200


def test_a_riding_route_refused_before_its_view_still_answers_429(
    redis_server: RedisServer,
) -> None:
    """A move whose body is not even JSON (refused by the strict input check, before the
    view reads the game) is judged on the way out: 429, not 400."""
    client: FlaskClient = _app(
        redis_server, "budgets-riding", rate_limit_seat_moves="1/hour"
    ).test_client()
    created = Api(_app(redis_server, "budgets-riding").test_client()).create("skyjo", 2)
    moves = f"/games/{created['id']}/moves"
    auth = Api.auth(created["players"][0]["token"])
    reveal = {"move": {"type": "reveal", "row": 0, "col": 0}}
    assert client.post(moves, json=reveal, headers=auth).status_code == 200
    broken = client.post(moves, data="{", content_type="application/json", headers=auth)
    assert _limited(broken)
    assert _limited(client.post(moves, data="x", content_type="text/plain", headers=auth))


def test_rate_limits_off_for_local_development() -> None:
    assert Settings.from_env({"CARDTABLE_RATE_LIMITS": "off"}).rate_limits_enabled is False
    assert Settings.from_env({}).rate_limits_enabled is True


def test_reading_a_bots_only_game_costs_what_its_slice_plays(redis_server: RedisServer) -> None:
    """Each read of a game of bots only plays a slice of 200 moves: the reader is charged
    100 more reads for it (one per 2 moves), so a budget of 300 reads lasts 3 such reads,
    while reads of a game nobody plays in last 300."""
    limits = {"rate_limit_reads": "300/hour", "bot_budget_seconds": 10.0}
    creator = Api(_app(redis_server, "budgets-charge", bot_budget_seconds=10.0).test_client())
    bots = creator.create(
        "skipbo",
        [{"name": f"B{i}", "bot": "random"} for i in range(4)],
        options={"stock_size": 30, "target_score": 5000},
    )
    quiet = creator.create("skyjo", 2)
    reader = _app(redis_server, "budgets-charge", **limits).test_client()

    def reads_until_refused(game_id: str, address: str) -> int:
        served = 0
        while (
            reader.get(f"/games/{game_id}", environ_base={"REMOTE_ADDR": address}).status_code
            == 200
        ):
            served += 1
            assert served <= 400
        return served

    assert reads_until_refused(bots["id"], "10.6.0.1") <= 4
    assert reads_until_refused(quiet["id"], "10.6.0.2") >= 300


def test_a_move_is_not_charged_for_the_bots_answering_it(redis_server: RedisServer) -> None:
    """A human against three server bots: each move's answer holds the bots' replies, yet
    a budget of 12 moves lasts 12 moves (whose bots played many more)."""
    client = _app(redis_server, rate_limit_seat_moves="12/hour").test_client()
    api = Api(client)
    bots: list[dict[str, Any]] = [{"name": f"B{i}", "bot": "greedy"} for i in range(3)]
    created = api.create("skyjo", [{"name": "Ann"}, *bots], seed=11)
    game_id, token = created["id"], created["players"][0]["token"]
    played = 0
    for _ in range(12):
        legal = api.legal(game_id, token)
        if not legal["moves"]:
            break
        answer = api.move(game_id, token, legal["moves"][0])
        assert answer.status_code == 200, answer.get_json()
        played += 1
    assert played >= 10
    assert api.view(game_id)["version"] > 2 * played  # the bots moved too
