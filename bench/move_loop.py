"""A move against the floor of the stack, side by side in one run: the trivial Flask app's
read (a Redis GET) and write (a GET and a Lua compare-and-set), and Cardtable's legal-moves
read and move, both served by gunicorn with the project's settings (cardtable.server.gunicorn_conf)
against one redis-server. The same client drives both: N processes, each looping "read,
then write" on its own game. Prints moves/s, write p50/p99 and the ratios to the floor.

Cardtable runs as shipped, with its rate limits on (raised far above what the clients
send, so that they count every request but refuse none); `--limits off` runs it with them
off, `--limits both` prints each row both ways: the difference is what the limits cost.

Run on purpose: `.venv/bin/python bench/move_loop.py [--seconds 15] [--clients 8]
[--limits on|off|both] [--games skyjo skipbo] [--players 2 4] [--repeat 3]
[--instructions 150]`. The issue's figures in one run (`make bench-moves` runs this):
`--players 2 --repeat 3 --seconds 8 --instructions 150`.
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
from dataclasses import dataclass
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import orjson
import redis

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # bench/instructions.py, for --instructions
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.server.redis_server import RedisServer, free_port, wait_for_port  # noqa: E402
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


def tree_cpu(pid: int) -> float:
    """CPU seconds used so far by a process and its children (gunicorn and its workers)."""
    total, tick = 0.0, os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            total += tree_cpu(int(child))
    stat = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return total + (int(stat[11]) + int(stat[12])) / tick  # utime, stime


def redis_cpu(client: redis.Redis) -> float:
    info = client.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


def drive(server: Server, loop: str, game: str, players: int, args: argparse.Namespace) -> dict:
    """One row: moves/s, write latencies, and the CPU the server and Redis spent per move
    (a figure that holds better than moves/s on a busy machine)."""
    end = time.monotonic() + args.seconds
    cpu = tree_cpu(server.pid), redis_cpu(server.redis)
    with multiprocessing.Pool(args.clients) as pool:
        runs = pool.starmap(globals()[loop], [(server.port, end, game, players)] * args.clients)
    latencies = sorted(latency for run in runs for latency in run)
    moves = len(latencies)
    return {
        "moves/s": moves / args.seconds,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[int(moves * 0.99)] * 1000,
        "cpu": (tree_cpu(server.pid) - cpu[0]) / moves * 1000,
        "redis": (redis_cpu(server.redis) - cpu[1]) / moves * 1000,
    }


@dataclass
class Server:
    """An app under test: its port, gunicorn's pid, and a client of the shared Redis."""

    port: int
    pid: int
    redis: redis.Redis


def add_gunicorn_arguments(parser: argparse.ArgumentParser) -> None:
    """The gunicorn shape every served bench runs (load_bench.py too), so their figures
    compare: --workers processes of --threads threads each."""
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)


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
        [sys.executable, "-m", "gunicorn", "-c", "python:cardtable.server.gunicorn_conf",
         "trivial_app:app"], env=env, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wait_for_port(port, timeout=30)
    return process, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--clients", type=int, default=8)
    add_gunicorn_arguments(parser)
    parser.add_argument("--limits", choices=("on", "off", "both"), default="on")
    parser.add_argument("--games", nargs="+", default=["skyjo", "skipbo"])
    parser.add_argument("--players", nargs="+", type=int, default=[2, 4])
    parser.add_argument(
        "--instructions",
        type=int,
        default=0,
        metavar="CYCLES",
        help="then count the instructions of CYCLES move cycles, Cardtable's and the floor's, "
        "under valgrind (bench/instructions.py; a few minutes)",
    )
    parser.add_argument(
        "--baseline",
        metavar="DIR",
        help="also serve the Cardtable of another checkout (its service/ folder first on the "
        "path, e.g. `git archive <commit> service | tar -x -C DIR`), limits on, for A/B rows",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="run the rows this many rounds, alternating (each round has its floor row), "
        "then print each row's medians and their ratios to the floor's (and the baseline's): "
        "a shared machine's load drifts",
    )
    args = parser.parse_args()
    print(
        f"{args.clients} client processes x {args.seconds:g} s per row; gunicorn "
        f"{args.workers} workers x {args.threads} threads (cardtable.server.gunicorn_conf) "
        "for both apps; one redis-server; all on this machine"
    )
    modes = {"on": ["on"], "off": ["off"], "both": ["on", "off"]}[args.limits]
    with RedisServer() as redis_server, contextlib.ExitStack() as stack:
        client = redis.Redis.from_url(redis_server.url)
        floor, floor_port = serve_trivial(redis_server.url, args.workers, args.threads)
        stack.callback(floor.wait)
        stack.callback(floor.terminate)
        servers = {"floor": Server(floor_port, floor.pid, client)}
        for mode in modes:
            env = RAISED_LIMITS_ENV if mode == "on" else {"CARDTABLE_RATE_LIMITS_ENABLED": "false"}
            live = LiveServer(redis_server.url, args.workers, args.threads, extra_env=env)
            stack.enter_context(live)
            servers[mode] = Server(live.port, live.process.pid, client)  # type: ignore[union-attr]
        if args.baseline:
            # Its engine too: the editable install's finder comes after the path's.
            service = Path(args.baseline) / "service"
            env = {**RAISED_LIMITS_ENV, "PYTHONPATH": f"{service}{os.pathsep}{service / 'engine'}"}
            live = LiveServer(redis_server.url, args.workers, args.threads, extra_env=env)
            stack.enter_context(live)
            servers["baseline"] = Server(live.port, live.process.pid, client)  # type: ignore[union-attr]
        run(args, servers)
    if args.instructions:
        print_instructions(args.instructions)


def print_instructions(cycles: int) -> None:
    """Instructions per move cycle (worker + Redis), Cardtable's and the floor's: the figure
    that holds whatever the machine's load (bench/instructions.py)."""
    from instructions import count

    app, app_redis = count("cardtable", cycles)
    floor, floor_redis = count("floor", cycles)
    print(f"\ninstructions per move cycle (callgrind, {cycles} cycles, limits on):")
    print(f"{'':<40}{'worker':>9}{'redis':>8}{'both':>9}{'x floor':>9}")
    for label, worker, redis_side in (
        ("floor", floor, floor_redis),
        ("cardtable skyjo, 2 players", app, app_redis),
    ):
        both = worker + redis_side
        print(
            f"{label:<40}{worker / 1e6:>8.3f}M{redis_side / 1e3:>7.0f}k{both / 1e6:>8.3f}M"
            f"{both / (floor + floor_redis):>9.2f}"
        )


def run(args: argparse.Namespace, servers: dict[str, Server]) -> None:
    print(
        f"{'':<40}{'moves/s':>8}{'p50 ms':>7}{'p99 ms':>7}{'x floor/s':>10}{'x floor p99':>12}"
        f"{'server CPU ms/move':>19}{'redis':>6}"
    )
    floor_row = ("floor: GET, then GET + Lua CAS", "floor", "floor_loop", "", 0)
    rows = []
    for _ in range(args.repeat):  # alternated rounds: each has its floor row
        rows.append(floor_row)
        for players in args.players:
            for game in args.games:
                for mode in [name for name in servers if name != "floor"]:
                    label = f"cardtable {game}, {players} players, limits {mode}"
                    if mode == "baseline":
                        label = f"baseline {game}, {players} players, limits on"
                    rows.append((label, mode, "cardtable_loop", game, players))
    if args.repeat == 1:
        rows.append(("floor again", "floor", "floor_loop", "", 0))
    floors = []
    results: dict[str, list[dict]] = {}
    for label, server, loop, game, players in rows:
        figures = drive(servers[server], loop, game, players, args)
        results.setdefault(label, []).append(figures)
        if loop == "floor_loop":
            floors.append(figures)
        print(
            f"{label:<40}{figures['moves/s']:>8.0f}{figures['p50']:>7.1f}{figures['p99']:>7.1f}"
            f"{figures['moves/s'] / floors[-1]['moves/s']:>10.2f}"
            f"{figures['p99'] / floors[-1]['p99']:>12.2f}{figures['cpu']:>19.2f}"
            f"{figures['redis']:>6.2f}",
            flush=True,
        )
    if args.repeat > 1:
        print_medians(args.repeat, results)


def print_medians(rounds: int, results: dict[str, list[dict]]) -> None:
    """Each row's medians over the alternated rounds, and their ratios to the floor's."""

    def median(label: str, key: str) -> float:
        return statistics.median(figures[key] for figures in results[label])

    floor = "floor: GET, then GET + Lua CAS"
    print(f"\nmedians of {rounds} alternated rounds:")
    print(
        f"{'':<40}{'moves/s':>8}{'p50 ms':>7}{'p99 ms':>7}{'x floor/s':>10}{'x floor p99':>12}"
        f"{'server CPU ms/move':>19}{'x baseline/s':>13}"
    )
    for label in results:
        base = label.replace("cardtable", "baseline").rsplit("limits", 1)[0] + "limits on"
        versus = ""
        if label.startswith("cardtable") and base in results:
            versus = f"{median(label, 'moves/s') / median(base, 'moves/s'):>13.2f}"
        print(
            f"{label:<40}{median(label, 'moves/s'):>8.0f}{median(label, 'p50'):>7.1f}"
            f"{median(label, 'p99'):>7.1f}"
            f"{median(label, 'moves/s') / median(floor, 'moves/s'):>10.2f}"
            f"{median(label, 'p99') / median(floor, 'p99'):>12.2f}"
            f"{median(label, 'cpu'):>19.2f}{versus}",
            flush=True,
        )


if __name__ == "__main__":
    main()
