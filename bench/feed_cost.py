"""Feed cost benchmark: what the first read of a game's event feed costs a worker that has
nothing cached, by game size and length, before and after the bounded feed, in one run.

Starts a real redis-server and plays (in this process, through the game service) one
unfinished Skyjo game per size and length: 2, 4 and 8 players at 100, 1,000 and 2,600
versions (`--quick`: 100 and 1,000), every player a "staller" that mostly swaps cards
into face-up cells, so that the rounds last. Then two kinds of child process read the
same games through the app (Flask's test client, seat 0's token), each time on a cold
feed (the app's feed cache dropped, as a worker that never served the game):

- `after`: this checkout's code (`.venv/bin/python`);
- `before`: another checkout's (`--before-python`, default /work/main's venv, which
  imports /work/main's code; run with PYTHONDONTWRITEBYTECODE so it writes nothing there).

The children alternate (before, after, before, after, ... `--rounds` times) and the
figure is the median. Per game it prints, in seconds:

- `json 0`: `GET /events?since=0` (the first JSON page);
- `json mid`: `GET /events?since=<half the versions>`;
- `sse 0`: an SSE connect with `Last-Event-ID: 0`, to its first event;
- `sse now`: an SSE connect at the current version (a table following the game live);
- `all pages`: paging through the whole feed from 0 (the first page cold).

It also prints whether both read the same events (a hash of every page's events).

Run on purpose: `.venv/bin/python bench/feed_cost.py` (about 10 minutes on a loaded
2-core machine; most of it the `before` code's reads of the long games).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FIGURES = ("json 0", "json mid", "sse 0", "sse now", "all pages")
STREAM = {"Accept": "text/event-stream"}


def make_app(redis_url: str, prefix: str) -> Any:
    from cardtable.app import create_app
    from cardtable.config import Settings
    from tests.support.limits import RAISED_LIMITS

    return create_app(Settings(redis_url=redis_url, key_prefix=prefix, **RAISED_LIMITS))


def prepare(redis_url: str, prefix: str, lengths: list[int]) -> list[dict[str, Any]]:
    """Play one game per size and length; what the children need to read them."""
    from cardtable.api.requests import wiring
    from tests.support.stalling import stalling_move

    app = make_app(redis_url, prefix)
    client = app.test_client()
    games = []
    with app.app_context():
        service = wiring().games
        for players in (2, 4, 8):
            for length in lengths:
                body = {
                    "game": "skyjo",
                    "players": [{"name": f"P{seat}"} for seat in range(players)],
                    "seed": players * 1000 + length,
                    "options": {"end_score": 1000},
                }
                created = client.post("/games", json=body).get_json()
                tokens = [player["token"] for player in created["players"]]
                rng = random.Random(length)
                game = service.load(created["id"])
                while game.version < length and not game.finished:
                    seat = rng.choice(game.state.active_seats())
                    move = stalling_move(game.state, seat, rng)
                    game = service.move(created["id"], tokens[seat], move)[0]
                games.append(
                    {
                        "players": players,
                        "versions": game.version,
                        "id": created["id"],
                        "token": tokens[0],
                    }
                )
                print(f"played {players} players, {game.version} versions", file=sys.stderr)
    return games


def measure(redis_url: str, prefix: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure of each game, on a cold feed each time (run in a child process)."""
    app = make_app(redis_url, prefix)
    return {game["id"]: measure_game(app, game) for game in games}


def drop_feeds(app: Any) -> None:
    """A cold worker: nothing cached. The wiring builds the app's feeds once (a new cache
    is a cold worker's); the code before built them lazily in `app.extensions`."""
    try:
        from cardtable.wiring import new_feeds
    except ImportError:  # the `before` child's older code
        app.extensions.pop("cardtable_feeds", None)
        return
    wired = app.extensions["cardtable"]
    wired.feeds = new_feeds(wired.games)


def measure_game(app: Any, game: dict[str, Any]) -> dict[str, Any]:
    client = app.test_client()
    url = f"/games/{game['id']}/events"
    auth = {"Authorization": f"Bearer {game['token']}"}
    digest = hashlib.sha256()

    def json_page(since: int) -> Any:
        answer = client.get(f"{url}?since={since}", headers=auth)
        assert answer.status_code == 200, answer.status_code
        return answer.get_json()

    def sse(headers: dict[str, str]) -> None:
        answer = client.get(url, headers={**STREAM, **auth, **headers}, buffered=False)
        assert answer.status_code == 200, answer.status_code
        if "Last-Event-ID" in headers:
            for chunk in answer.response:
                if b"data:" in chunk:
                    break
        answer.close()

    def all_pages() -> None:
        since = 0
        while since is not None:
            page = json_page(since)
            digest.update(json.dumps(page["events"], sort_keys=True).encode())
            since = page["next"]

    runs = {
        "json 0": lambda: json_page(0),
        "json mid": lambda: json_page(game["versions"] // 2),
        "sse 0": lambda: sse({"Last-Event-ID": "0"}),
        "sse now": lambda: sse({}),
        "all pages": all_pages,
    }
    times = {}
    for figure in FIGURES:
        drop_feeds(app)
        started = time.perf_counter()
        runs[figure]()
        times[figure] = time.perf_counter() - started
    return {"times": times, "events": digest.hexdigest()}


def child(python: str, side: str, redis_url: str, prefix: str, games: list[dict[str, Any]]) -> Any:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    answer = subprocess.run(
        [python, __file__, "--child", side, "--redis", redis_url, "--prefix", prefix],
        input=json.dumps(games),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    if answer.returncode:
        sys.exit(f"the {side} child failed:\n{answer.stderr[-3000:]}")
    return json.loads(answer.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before-python", default="/work/main/.venv/bin/python")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 versions only")
    parser.add_argument("--child", choices=("before", "after"), help=argparse.SUPPRESS)
    parser.add_argument("--redis", help=argparse.SUPPRESS)
    parser.add_argument("--prefix", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.redis, args.prefix, json.loads(sys.stdin.read()))))
        return

    from cardtable.server.redis_server import RedisServer

    lengths = [100, 1000] if args.quick else [100, 1000, 2600]
    load = os.getloadavg()[0]
    with RedisServer() as redis_server:
        prefix = f"feedcost{os.getpid()}"
        games = prepare(redis_server.url, prefix, lengths)
        runs: dict[str, list[Any]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            for side, python in (("before", args.before_python), ("after", sys.executable)):
                runs[side].append(child(python, side, redis_server.url, prefix, games))
                print(f"{side} run {len(runs[side])} done", file=sys.stderr)
    print(f"load average at the start: {load:.1f}; medians of {args.rounds} alternating runs")
    heads = ("players", "versions", "figure", "before s", "after s", "ratio")
    print(" ".join(f"{head:>9}" for head in heads))
    for game in games:
        for figure in FIGURES:
            before = statistics.median(run[game["id"]]["times"][figure] for run in runs["before"])
            after = statistics.median(run[game["id"]]["times"][figure] for run in runs["after"])
            print(
                f"{game['players']:>9} {game['versions']:>9} {figure:>9} {before:>9.3f} "
                f"{after:>9.3f} {before / after:>8.1f}x"
            )
        same = {run[game["id"]]["events"] for side in runs.values() for run in side}
        print(f"{'':>19} same events before and after: {'yes' if len(same) == 1 else 'NO'}")


if __name__ == "__main__":
    main()
