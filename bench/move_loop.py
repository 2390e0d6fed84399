"""A move against the floor of the stack, side by side in one run: the trivial Flask app's
read (a Redis GET) and write (a GET and a Lua compare-and-set), and Cardtable's legal-moves
read and move, both served by gunicorn with the project's settings (cardtable.gunicorn_conf)
against one redis-server. The same client drives both: N processes, each looping "read,
then write" on its own game. Prints moves/s, write p50/p99 and the ratios to the floor.

Cardtable runs as shipped, with its rate limits on (raised far above what the clients
send, so that they count every request but refuse none); `--limits off` runs it with them
off, `--limits both` prints each row both ways: the difference is what the limits cost.

Run on purpose: `.venv/bin/python bench/move_loop.py [--seconds 15] [--clients 8]
[--limits on|off|both] [--games skyjo skipbo] [--players 2 4]`.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import time
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import orjson

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.redis_server import RedisServer, free_port, wait_for_port  # noqa: E402
from tests.support.limits import RAISED_LIMITS_ENV  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402


class Client:
    """One keep-alive HTTP connection speaking JSON."""

    def __init__(self, port: int) -> None:
        self.conn = HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body: Any = None, **headers: str) -> Any:
        data = orjson.dumps(body) if body is not None else None
        if data is not None:
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:200]!r}")
        return orjson.loads(payload) if payload else None


def floor_loop(port: int, end: float, _game: str, _players: int) -> list[float]:
    client, name, latencies = Client(port), os.urandom(8).hex(), []
    while time.monotonic() < end:
        client.call("GET", f"/floor/{name}")
        start = time.perf_counter()
        client.call("POST", f"/floor/{name}")
        latencies.append(time.perf_counter() - start)
    return latencies


def cardtable_loop(port: int, end: float, game: str, players: int) -> list[float]:
    client, rng, latencies = Client(port), random.Random(os.getpid()), []
    game_id, tokens, active = _new_game(client, game, players)
    while time.monotonic() < end:
        auth = {"Authorization": f"Bearer {tokens[active[0]]}"}
        legal = client.call("GET", f"/games/{game_id}/legal-moves", **auth)
        move = {"move": rng.choice(legal["moves"])}
        start = time.perf_counter()
        answer = client.call(
            "POST", f"/games/{game_id}/moves", move, **auth, **{"If-Match": f'"{legal["version"]}"'}
        )
        latencies.append(time.perf_counter() - start)
        active = answer["view"]["active_seats"]
        if answer["view"]["finished"]:
            game_id, tokens, active = _new_game(client, game, players)
    return latencies


def _new_game(client: Client, game: str, players: int) -> tuple[str, list[str], list[int]]:
    body = {"game": game, "players": [{"name": f"p{seat}"} for seat in range(players)]}
    created = client.call("POST", "/games", body)
    view = client.call("GET", f"/games/{created['id']}")
    return created["id"], [p["token"] for p in created["players"]], view["active_seats"]


def drive(port: int, loop: str, game: str, players: int, clients: int, seconds: float) -> dict:
    end = time.monotonic() + seconds
    with multiprocessing.Pool(clients) as pool:
        runs = pool.starmap(globals()[loop], [(port, end, game, players)] * clients)
    latencies = sorted(latency for run in runs for latency in run)
    return {
        "moves/s": len(latencies) / seconds,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[int(len(latencies) * 0.99)] * 1000,
    }


def serve_trivial(redis_url: str, workers: int, threads: int) -> tuple[subprocess.Popen, int]:
    """bench/trivial_app.py under gunicorn with the project's settings: (process, port)."""
    port = free_port()
    env = {
        **os.environ,
        "CARDTABLE_REDIS_URL": redis_url,
        "CARDTABLE_BIND": f"127.0.0.1:{port}",
        "CARDTABLE_WORKERS": str(workers),
        "CARDTABLE_THREADS": str(threads),
        "CARDTABLE_ACCESS_LOG": "false",
        "PYTHONPATH": str(HERE),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:cardtable.gunicorn_conf",
         "trivial_app:app"], env=env, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wait_for_port(port, timeout=30)
    return process, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--limits", choices=("on", "off", "both"), default="on")
    parser.add_argument("--games", nargs="+", default=["skyjo", "skipbo"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    args = parser.parse_args()
    print(
        f"{args.clients} client processes x {args.seconds:g} s per row; gunicorn "
        f"{args.workers} workers x {args.threads} threads (cardtable.gunicorn_conf) for both "
        "apps; one redis-server; all on this machine"
    )
    modes = {"on": ["on"], "off": ["off"], "both": ["on", "off"]}[args.limits]
    with RedisServer() as redis_server, contextlib.ExitStack() as servers:
        floor, floor_port = serve_trivial(redis_server.url, args.workers, args.threads)
        servers.callback(floor.wait)
        servers.callback(floor.terminate)
        ports = {}
        for mode in modes:
            env = RAISED_LIMITS_ENV if mode == "on" else {"CARDTABLE_RATE_LIMITS_ENABLED": "false"}
            live = LiveServer(redis_server.url, args.workers, args.threads, extra_env=env)
            ports[mode] = servers.enter_context(live).port
        run(args, floor_port, ports)


def run(args: argparse.Namespace, floor_port: int, ports: dict[str, int]) -> None:
    print(f"{'':<40}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'x floor/s':>11}{'x floor p99':>13}")
    rows = [("floor: GET, then GET + Lua CAS", floor_port, "floor_loop", "", 0)]
    for players in args.players:
        for game in args.games:
            for mode, port in ports.items():
                label = f"cardtable {game}, {players} players, limits {mode}"
                rows.append((label, port, "cardtable_loop", game, players))
    rows.append(("floor again", floor_port, "floor_loop", "", 0))
    floors = []
    for label, port, loop, game, players in rows:
        figures = drive(port, loop, game, players, args.clients, args.seconds)
        if loop == "floor_loop":
            floors.append(figures)
        ratio = f"{figures['moves/s'] / floors[0]['moves/s']:>11.2f}"
        ratio += f"{figures['p99'] / floors[0]['p99']:>13.2f}"
        print(
            f"{label:<40}{figures['moves/s']:>9.0f}{figures['p50']:>8.1f}{figures['p99']:>8.1f}"
            f"{ratio}",
            flush=True,
        )


if __name__ == "__main__":
    main()
