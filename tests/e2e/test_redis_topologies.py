"""Redis as operators run it, against a real gunicorn: Sentinel with a failover during a game,
an ACL user, a container without a Redis URL, and Redis coming back empty."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from cardtable.server.redis_server import RedisServer, find_redis_binary, free_port, wait_for_port
from tests.e2e.gunicorn import Gunicorn
from tests.e2e.tls_proxy import TlsProxy, make_certificates
from tests.support.waiting import eventually

PLAYERS = [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}]


def call(method: str, url: str, **kwargs: Any) -> httpx.Response:
    """One request, retried on 503 as the SDK does (a failover takes a moment)."""
    for _ in range(50):
        response = httpx.request(method, url, timeout=30, **kwargs)
        if response.status_code != 503:
            return response
        time.sleep(0.2)
    return response


class Game:
    """A game against a server bot, played by seat 0 with random legal moves."""

    def __init__(self, base: str):
        created = call("POST", f"{base}/games", json={"game": "skyjo", "players": PLAYERS})
        assert created.status_code == 201, created.text
        self.url = f"{base}/games/{created.json()['id']}"
        self.auth = {"Authorization": f"Bearer {created.json()['players'][0]['token']}"}
        self.rng = random.Random(7)
        self.version = 0

    def step(self) -> bool:
        """Make one move; False once the game is over."""
        view = call("GET", self.url, headers=self.auth).json()
        assert view["version"] >= self.version, "the game went back in time"
        self.version = view["version"]
        if view["finished"]:
            return False
        moves = call("GET", self.url + "/legal-moves", headers=self.auth).json()["moves"]
        headers = {**self.auth, "If-Match": f'"{self.version}"'}
        answer = call("POST", self.url + "/moves", json={"move": self.rng.choice(moves)},
                      headers=headers)  # fmt: skip
        assert answer.status_code in {200, 409, 412}, answer.text
        return True


@pytest.fixture
def sentinel_setup(tmp_path: Path) -> Iterator[tuple[RedisServer, RedisServer, int]]:
    """A master, its replica and one Sentinel watching them (quorum 1)."""
    with RedisServer() as master:
        replica = RedisServer(extra_args=["--replicaof", "127.0.0.1", str(master.port)])
        with replica:
            port = free_port()
            conf = tmp_path / "sentinel.conf"
            conf.write_text(
                f"port {port}\nbind 127.0.0.1\ndir {tmp_path}\n"
                f"sentinel monitor mymaster 127.0.0.1 {master.port} 1\n"
                "sentinel down-after-milliseconds mymaster 1000\n"
                "sentinel failover-timeout mymaster 5000\n"
            )
            sentinel = subprocess.Popen(
                [find_redis_binary(), str(conf), "--sentinel"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            try:
                wait_for_port(port)
                yield master, replica, port
            finally:
                sentinel.terminate()
                sentinel.wait(timeout=10)


def replicated(master: RedisServer, replica: RedisServer) -> bool:
    """The replica is linked and has every write of the master."""
    info = redis.Redis(port=replica.port).info("replication")
    offset = redis.Redis(port=master.port).info("replication")["master_repl_offset"]
    return info.get("master_link_status") == "up" and info["slave_repl_offset"] >= offset


def test_a_game_goes_on_through_a_sentinel_failover(
    sentinel_setup: tuple[RedisServer, RedisServer, int],
) -> None:
    master, replica, sentinel_port = sentinel_setup
    sentinel = redis.Redis(port=sentinel_port, decode_responses=True)
    eventually(lambda: sentinel.sentinel_slaves("mymaster"), what="the Sentinel to see the replica")
    env = {
        "CARDTABLE_REDIS_SENTINELS": f"127.0.0.1:{sentinel_port}",
        "CARDTABLE_REDIS_SENTINEL_SERVICE": "mymaster",
    }
    with Gunicorn(env=env, ready_path="/readyz") as server:
        game = Game(server.url)
        for _ in range(5):
            assert game.step()
        # Asynchronous replication: moves acknowledged but not yet copied could be lost in a
        # failover (docs/deploying.md). Wait until the replica has them, then fail over.
        eventually(lambda: replicated(master, replica), what="the replica to catch up")
        before = game.version
        sentinel.execute_command("SENTINEL FAILOVER mymaster")
        eventually(
            lambda: sentinel.sentinel_get_master_addr_by_name("mymaster")[1] == replica.port,
            what="the failover",
        )
        # Until the Sentinel has turned the old master into a replica it still takes writes
        # from connections opened before, and loses them when it resyncs: the window that
        # docs/deploying.md describes. Play on once the failover is complete.
        eventually(
            lambda: redis.Redis(port=master.port).info("replication")["role"] == "slave",
            what="the old master to become a replica",
        )
        while game.step():
            pass
        assert game.version > before
        score = call("GET", game.url + "/score").json()
        assert score["finished"] and score["winners"]


def _plays_two_steps(env: dict[str, str]) -> None:
    """A server started with `env` becomes ready and a game over it takes two steps."""
    with Gunicorn(env=env, ready_path="/readyz") as server:
        game = Game(server.url)
        assert game.step() and game.step()


def _refuses_to_start(env: dict[str, str], says: str, exit_code: int) -> None:
    """A server started with `env` stops at start, its line matching `says`, with `exit_code`."""
    server = Gunicorn(env=env)
    with pytest.raises(RuntimeError, match=says):
        server.start()
    assert server.process is not None and server.process.wait(timeout=30) == exit_code


def test_an_acl_user_with_a_password(redis_server: RedisServer) -> None:
    admin = redis.Redis.from_url(redis_server.url)
    # The rights docs/deploying.md recommends: its keys, no dangerous commands.
    admin.acl_setuser(
        "cardtable",
        enabled=True,
        passwords=["+s3cret"],
        keys=["acl:*"],
        reset_channels=True,
        channels=["acl:*"],
        categories=["+@read", "+@write", "+@scripting", "+@pubsub", "+@connection", "-@dangerous"],
        commands=["+time"],  # the compare-and-set script stamps its change notification
    )
    try:
        env = {
            "CARDTABLE_REDIS_URL": redis_server.url,
            "CARDTABLE_REDIS_USERNAME": "cardtable",
            "CARDTABLE_REDIS_PASSWORD": "s3cret",
            "CARDTABLE_KEY_PREFIX": "acl",
        }
        _plays_two_steps(env)
        # A wrong password stops the server at start (cardtable.server.startup), in one line.
        wrong = {**env, "CARDTABLE_REDIS_PASSWORD": "wrong"}
        _refuses_to_start(wrong, r"refused the credentials.*redis_refused", exit_code=77)
    finally:
        admin.acl_deluser("cardtable")


def test_a_container_without_a_redis_url_refuses_to_start() -> None:
    env = {k: v for k, v in os.environ.items() if "REDIS" not in k}
    env.update(CARDTABLE_REQUIRE_REDIS_URL="1", CARDTABLE_BIND=f"127.0.0.1:{free_port()}")
    result = subprocess.run(
        [sys.executable, "-m", "gunicorn", "-c", "python:cardtable.server.gunicorn_conf",
         "cardtable.wsgi:app"],
        env=env, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode != 0
    assert "no Redis configured: set CARDTABLE_REDIS_URL" in result.stdout + result.stderr


def test_redis_coming_back_empty_is_signalled(redis_server: RedisServer) -> None:
    env = {
        "CARDTABLE_REDIS_URL": redis_server.url,
        "CARDTABLE_KEY_PREFIX": "loss",
        "CARDTABLE_WATCH_SECONDS": "0.2",
    }
    client = redis.Redis.from_url(redis_server.url)
    client.delete("loss:marker")
    server = Gunicorn(env=env).start()
    try:
        game = Game(server.url)  # the first request starts the watch loop
        eventually(lambda: client.exists("loss:marker"), what="the marker key")
        assert server.metric("cardtable_redis_up") == 1
        assert server.metric("cardtable_redis_data_loss_total") == 0
        for key in client.scan_iter("loss:*"):  # what a restart without persistence does
            client.delete(key)
        assert server.wait_for_metric("cardtable_redis_data_loss_total", 1) == 1
        assert call("GET", game.url).status_code == 404
        assert server.terminate() == 0
        lines = [json.loads(line) for line in server.log_text().splitlines()]
    finally:
        server.stop()
    (loss,) = [line for line in lines if line.get("event") == "redis_data_loss"]
    assert loss["level"] == "ERROR" and loss["marker_key"] == "loss:marker"


def test_tls_with_a_private_ca(redis_server: RedisServer, tmp_path: Path) -> None:
    ca, cert, key = make_certificates(tmp_path)
    proxy = TlsProxy(redis_server.port, cert, key)
    try:
        env = {"CARDTABLE_REDIS_URL": f"rediss://127.0.0.1:{proxy.port}/0"}
        _plays_two_steps({**env, "CARDTABLE_REDIS_CA_FILE": str(ca)})
        # Without the CA the server's certificate is not trusted: no connection at all, so
        # the server refuses to start (cardtable.server.startup), saying so in one line.
        untrusting = {**env, "CARDTABLE_START_WAIT_SECONDS": "1"}
        _refuses_to_start(untrusting, r"certificate verify failed.*redis_unreachable", exit_code=69)
    finally:
        proxy.close()
