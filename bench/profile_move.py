"""Where a move's time goes: the "legal moves, then move" loop through the real app (Flask
test client, no HTTP server) against a real redis-server, under cProfile; prints the
functions with the most cumulative time (CPU time: waits on Redis left out), or with
`--areas` the share of the app's CPU each area of the hot path takes. With `--cpu`, no
profiler: the process CPU time per cycle (a legal-moves read and a move) and the Redis
commands per request instead.

Run on purpose: `.venv/bin/python bench/profile_move.py [--game skyjo] [--moves 3000]
[--cpu | --areas] [--no-limits]` (with CARDTABLE_ACCESS_LOG=false to leave the access log out).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

import redis.connection

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # reuse the test harness

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from tests.support.limits import RAISED_LIMITS


def play(client, game: str, players: int, moves: int) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    made = 0
    while made < moves:
        names = [{"name": f"p{seat}"} for seat in range(players)]
        created = client.post("/games", json={"game": game, "players": names}).get_json()
        tokens = [p["token"] for p in created["players"]]
        active = client.get(f"/games/{created['id']}").get_json()["active_seats"]
        while made < moves:
            auth = {"Authorization": f"Bearer {tokens[active[0]]}"}
            legal = client.get(f"/games/{created['id']}/legal-moves", headers=auth).get_json()
            answer = client.post(
                f"/games/{created['id']}/moves",
                json={"move": rng.choice(legal["moves"])},
                headers={**auth, "If-Match": f'"{legal["version"]}"'},
            ).get_json()
            made += 1
            active = answer["view"]["active_seats"]
            if answer["view"]["finished"]:
                break


# Where the app's CPU goes, by area: label | file suffix | function name; each area's
# cumulative time (nested calls included) as a share of the app's own (Flask.wsgi_app).
AREA_TABLE = """
GameService.move (load, engine, save, bots)         | cardtable/games/service.py  | move
GameService.load_for (the legal-moves read)         | cardtable/games/service.py  | load_for
- store read + limit counters, one round trip       | store/documents.py | load
- store write (compare-and-set script)              | store/documents.py | save
- the game from its snapshot (decode, the loader)   | cardtable/games/service.py  | _read
- the engine's move and bots (Game.move_at)         | cardtable/games/live_table.py | move_at
legal moves computed (engine)                       | cardtable_engine/base.py      | legal_moves
the answer's view (engine)                          | cardtable/games/live_table.py | view
answers written (orjson, Response)                  | api/game_routes.py  | _json
rate limits: the route's budget (before Flask)     | api/limits.py       | kind_of
strict JSON + If-Match check                        | api/strict_input.py | _strict_input
metrics (after request)                             | api/metrics.py      | _observe
Flask's coroutine checks (ensure_sync)              | cardtable/app.py    | ensure_sync
"""
AREAS = [
    tuple(cell.strip() for cell in line.split("|")) for line in AREA_TABLE.strip().splitlines()
]


def print_areas(stats: pstats.Stats) -> None:
    cumulative: dict[str, float] = {}
    for (path, _, name), (_, _, _, cum, _) in stats.stats.items():  # type: ignore[attr-defined]
        for label, suffix, function in [*AREAS, ("app", "flask/app.py", "wsgi_app")]:
            if name == function and path.endswith(suffix):
                cumulative[label] = cumulative.get(label, 0.0) + cum
    total = cumulative.pop("app")
    for label, *_ in AREAS:
        print(f"{cumulative.get(label, 0.0) / total:6.1%}  {label}")


def measure_cpu(app, client, args: argparse.Namespace) -> None:  # type: ignore[no-untyped-def]
    """CPU per cycle: of the app alone (what a server spends; the test client's own work
    left out) and of this whole process; and Redis round trips per request (a pipeline is
    one; the games created on the way count too)."""
    sends, app_cpu = 0, 0.0
    send, inner = redis.connection.AbstractConnection.send_packed_command, app.wsgi_app

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal sends
        sends += 1
        return send(self, *args, **kwargs)

    def timed(environ, start_response):  # type: ignore[no-untyped-def]
        nonlocal app_cpu
        started = time.process_time()
        try:
            return inner(environ, start_response)
        finally:
            app_cpu += time.process_time() - started

    redis.connection.AbstractConnection.send_packed_command = counted  # type: ignore[method-assign]
    app.wsgi_app = timed
    best = (float("inf"), float("inf"))
    for _ in range(args.repeat):  # the least of a few runs: others' load only adds
        cpu, app_cpu = time.process_time(), 0.0
        play(client, args.game, args.players, args.moves)
        best = min(best, (app_cpu, time.process_time() - cpu))
    trips = sends / (2 * args.moves * args.repeat)
    print(
        f"{args.game}, {args.players} players, {args.moves} cycles (least of {args.repeat} "
        f"runs): app {best[0] / args.moves * 1000:.3f} ms CPU per cycle, whole process "
        f"{best[1] / args.moves * 1000:.3f} ms; {trips:.2f} Redis round trips per request"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="skyjo")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--top", type=int, default=35)
    parser.add_argument("--sort", default="cumulative", help="or tottime")
    parser.add_argument("--cpu", action="store_true", help="CPU per cycle, no profiler")
    parser.add_argument("--areas", action="store_true", help="shares of the app's CPU")
    parser.add_argument("--no-limits", action="store_true", help="rate limits off")
    parser.add_argument("--repeat", type=int, default=3, help="runs with --cpu")
    args = parser.parse_args()
    limits = {"rate_limits_enabled": False} if args.no_limits else RAISED_LIMITS
    with RedisServer() as server:
        app = create_app(Settings(redis_url=server.url, **limits))
        client = app.test_client()
        play(client, args.game, args.players, 50)  # warm up
        if args.cpu:
            measure_cpu(app, client, args)
            return
        profile = cProfile.Profile(time.process_time)  # CPU: waits on Redis left out
        profile.enable()
        play(client, args.game, args.players, args.moves)
        profile.disable()
        stats = pstats.Stats(profile)
        if args.areas:
            print_areas(stats)
            return
        stats.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
