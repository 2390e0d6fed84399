"""`cardtable serve` with no Redis URL: starts its own real redis-server, serves a game,
and stops both cleanly."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import httpx

from cardtable.server.redis_server import free_port


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def test_serve_runs_on_an_embedded_redis_and_cleans_up() -> None:
    port, redis_port = free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("CARDTABLE_REDIS_URL", "REDIS_URL")}
    env["CARDTABLE_ACCESS_LOG"] = "false"
    process = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port),
         "--redis-port", str(redis_port), "--workers", "1"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            raise AssertionError("cardtable serve did not become ready")
        assert port_open(redis_port)
        created = httpx.post(
            f"{base}/games",
            json={"game": "skipbo", "players": [{"name": "a"}, {"name": "b", "bot": "greedy"}]},
        )
        assert created.status_code == 201
        game = created.json()
        view = httpx.get(
            f"{base}/games/{game['id']}",
            headers={"Authorization": f"Bearer {game['players'][0]['token']}"},
        )
        assert view.status_code == 200
        assert len(view.json()["hand"]) == 5
    finally:
        process.send_signal(signal.SIGTERM)
        output = process.communicate(timeout=30)[0].decode()
    assert process.returncode == 0, output
    assert "private redis-server" in output
    assert not port_open(redis_port), "the embedded redis-server is still running"
