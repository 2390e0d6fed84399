"""Instructions a move cycle costs, counted by valgrind: deterministic, whatever the load.

A serial client plays seeded Skyjo games (a legal-moves read, then a move, as
bench/move_loop.py does) against gunicorn as shipped (1 worker) and its redis-server, both
run under `valgrind --tool=callgrind` with instrumentation switched on only for the
measured cycles; prints the instructions per cycle of the worker and of Redis. On a shared
machine, where moves/s swing with the neighbours' load, this is the figure to compare.

Then the same for the floor (bench/trivial_app.py: a GET, then a GET and a Lua
compare-and-set, under the same gunicorn settings), and the ratio of the two.

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


def play_floor(client: Client, cycles: int) -> None:
    """The floor's cycle (bench/trivial_app.py): a read (GET), then a write (GET + CAS)."""
    name = os.urandom(8).hex()
    for _ in range(cycles):
        client.call("GET", f"/floor/{name}")
        client.call("POST", f"/floor/{name}")


def _ready(port: int, path: str) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}{path}", timeout=30).status_code == 200
    except httpx.HTTPError:
        return False


def count(
    app: str, cycles: int, limits: str = "on", python: str = sys.executable
) -> tuple[float, float]:
    """Instructions per cycle of the gunicorn worker and of redis-server, serving `app`:
    "cardtable" (as shipped, 1 worker) or "floor" (bench/trivial_app.py, the same gunicorn
    settings)."""
    work = tempfile.mkdtemp(prefix="cardtable-instructions-")
    redis_port, port = free_port(), free_port()
    redis_out, worker_out = f"{work}/redis.out", f"{work}/gunicorn.%p.out"
    redis = subprocess.Popen(
        [*CALLGRIND, f"--callgrind-out-file={redis_out}", find_redis_binary(),
         "--port", str(redis_port), "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    limits_env = RAISED_LIMITS_ENV if limits == "on" else {"CARDTABLE_RATE_LIMITS_ENABLED": "false"}
    env = {
        **os.environ,
        **limits_env,
        "CARDTABLE_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "CARDTABLE_BIND": f"127.0.0.1:{port}",
        "CARDTABLE_WORKERS": "1",
        "CARDTABLE_ACCESS_LOG": "false",
        "CARDTABLE_WORKER_TIMEOUT": "600",
        "PROMETHEUS_MULTIPROC_DIR": work,
    }
    target, probe = "cardtable.wsgi:app", "/readyz"
    if app == "floor":
        env["PYTHONPATH"] = str(HERE)
        target, probe = "trivial_app:app", "/floor/ready"
    server = subprocess.Popen(
        [*CALLGRIND, f"--callgrind-out-file={worker_out}", python, "-m", "gunicorn",
         "-c", "python:cardtable.server.gunicorn_conf", target],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for_port(redis_port, timeout=120)
        deadline = time.monotonic() + 300
        while not _ready(port, probe):
            if time.monotonic() > deadline:
                raise TimeoutError("gunicorn under valgrind did not become ready")
            time.sleep(0.5)
        worker = int(subprocess.check_output(["pgrep", "-P", str(server.pid)]).split()[0])
        client, rng, seeds = Client(port), random.Random(1), list(range(10_000, 0, -1))

        def cycles_of(n: int) -> None:
            if app == "floor":
                play_floor(client, n)
            else:
                play(client, n, seeds, rng)

        cycles_of(30)  # warm up
        for pid in (worker, redis.pid):
            callgrind(pid, "-i", "on")
        cycles_of(cycles)
        for pid in (worker, redis.pid):
            callgrind(pid, "-i", "off")
            callgrind(pid, "-d")
        in_worker = dumped_total(worker_out.replace("%p", str(worker)))
        in_redis = dumped_total(redis_out)
        return in_worker / cycles, in_redis / cycles
    finally:
        server.send_signal(signal.SIGTERM)
        redis.terminate()
        for process in (server, redis):
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--limits", choices=("on", "off"), default="on")
    parser.add_argument("--python", default=sys.executable, help="the server's interpreter")
    parser.add_argument("--no-floor", action="store_true", help="Cardtable alone")
    args = parser.parse_args()
    worker, redis = count("cardtable", args.cycles, args.limits, args.python)
    print(
        f"Skyjo, 2 players, limits {args.limits}, {args.cycles} cycles ({args.python}): "
        f"gunicorn worker {worker / 1e6:.3f} M, redis-server {redis / 1e3:.0f} k "
        f"instructions per cycle",
        flush=True,
    )
    if not args.no_floor:
        floor_worker, floor_redis = count("floor", args.cycles)
        print(
            f"floor (bench/trivial_app.py), {args.cycles} cycles: gunicorn worker "
            f"{floor_worker / 1e6:.3f} M, redis-server {floor_redis / 1e3:.0f} k; "
            f"cardtable / floor, both: {(worker + redis) / (floor_worker + floor_redis):.2f}x"
        )


if __name__ == "__main__":
    main()
