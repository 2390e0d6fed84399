"""Instructions a move cycle costs, counted by valgrind: deterministic, whatever the load.

A serial client plays seeded Skyjo games (a legal-moves read, then a move, as
bench/move_loop.py does) against gunicorn as shipped (1 worker) and its redis-server, both
run under `valgrind --tool=callgrind` with instrumentation switched on only for the
measured cycles; prints the instructions per cycle of the worker and of Redis. On a shared
machine, where moves/s swing with the neighbours' load, this is the figure to compare.

`--python` serves another checkout's code (its venv's interpreter, e.g. a worktree of the
release before) with this harness. Run on purpose (a few minutes: valgrind is ~50x slower):
`.venv/bin/python bench/instructions.py [--cycles 300] [--limits on|off] [--python PATH]`.
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness
sys.path.insert(0, str(HERE))

from move_loop import Client, wait_for_port  # noqa: E402

from cardtable.server.redis_server import find_redis_binary, free_port  # noqa: E402
from tests.support.limits import RAISED_LIMITS_ENV  # noqa: E402

CALLGRIND = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--trace-children=yes"]


def callgrind(pid: int, *command: str) -> None:
    subprocess.run(["callgrind_control", *command, str(pid)], check=True, capture_output=True)


def dumped_total(out: str) -> int:
    """Instructions in the dump `callgrind_control -d` wrote (`<out>.1`, once complete)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for path in glob.glob(f"{out}.1"):
            for line in Path(path).read_text().splitlines():
                if line.startswith("totals:"):
                    return int(line.split()[1])
        time.sleep(0.5)
    raise RuntimeError(f"no callgrind dump at {out}.1 ({os.listdir(os.path.dirname(out))})")


def play(client: Client, cycles: int, seeds: list[int], rng: random.Random) -> None:
    def new_game() -> tuple[str, list[str], list[int]]:
        body = {"game": "skyjo", "players": [{"name": "a"}, {"name": "b"}], "seed": seeds.pop()}
        created = client.call("POST", "/games", body)
        view = client.call("GET", f"/games/{created['id']}")
        return created["id"], [p["token"] for p in created["players"]], view["active_seats"]

    game_id, tokens, active = new_game()
    for _ in range(cycles):
        auth = {"Authorization": f"Bearer {tokens[active[0]]}"}
        legal = client.call("GET", f"/games/{game_id}/legal-moves", **auth)
        move = {"move": rng.choice(legal["moves"])}
        version = {"If-Match": f'"{legal["version"]}"'}
        answer = client.call("POST", f"/games/{game_id}/moves", move, **auth, **version)
        active = answer["view"]["active_seats"]
        if answer["view"]["finished"]:
            game_id, tokens, active = new_game()


def _ready(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=30).status_code == 200
    except httpx.HTTPError:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--limits", choices=("on", "off"), default="on")
    parser.add_argument("--python", default=sys.executable, help="the server's interpreter")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="cardtable-instructions-")
    redis_port, port = free_port(), free_port()
    redis_out, worker_out = f"{work}/redis.out", f"{work}/gunicorn.%p.out"
    redis = subprocess.Popen(
        [*CALLGRIND, f"--callgrind-out-file={redis_out}", find_redis_binary(),
         "--port", str(redis_port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    limits = (
        RAISED_LIMITS_ENV if args.limits == "on" else {"CARDTABLE_RATE_LIMITS_ENABLED": "false"}
    )
    env = {
        **os.environ,
        **limits,
        "CARDTABLE_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "CARDTABLE_BIND": f"127.0.0.1:{port}",
        "CARDTABLE_WORKERS": "1",
        "CARDTABLE_ACCESS_LOG": "false",
        "CARDTABLE_WORKER_TIMEOUT": "600",
        "PROMETHEUS_MULTIPROC_DIR": work,
    }
    server = subprocess.Popen(
        [*CALLGRIND, f"--callgrind-out-file={worker_out}", args.python, "-m", "gunicorn",
         "-c", "python:cardtable.server.gunicorn_conf", "cardtable.wsgi:app"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for_port(redis_port, timeout=120)
        deadline = time.monotonic() + 300
        while not _ready(port):
            if time.monotonic() > deadline:
                raise TimeoutError("gunicorn under valgrind did not become ready")
            time.sleep(0.5)
        worker = int(subprocess.check_output(["pgrep", "-P", str(server.pid)]).split()[0])
        client, rng, seeds = Client(port), random.Random(1), list(range(10_000, 0, -1))
        play(client, 30, seeds, rng)  # warm up
        for pid in (worker, redis.pid):
            callgrind(pid, "-i", "on")
        play(client, args.cycles, seeds, rng)
        for pid in (worker, redis.pid):
            callgrind(pid, "-i", "off")
            callgrind(pid, "-d")
        app = dumped_total(worker_out.replace("%p", str(worker)))
        store = dumped_total(redis_out)
        print(
            f"Skyjo, 2 players, limits {args.limits}, {args.cycles} cycles ({args.python}): "
            f"gunicorn worker {app / args.cycles / 1e6:.3f} M, redis-server "
            f"{store / args.cycles / 1e3:.0f} k instructions per cycle"
        )
    finally:
        server.send_signal(signal.SIGTERM)
        redis.terminate()
        for process in (server, redis):
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
