"""Where a move's time goes: the "legal moves, then move" loop through the real app (Flask
test client, no HTTP server) against a real redis-server, under cProfile; prints the
functions with the most cumulative time.

Run on purpose: `.venv/bin/python bench/profile_move.py [--game skyjo] [--moves 3000]`.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # reuse the test harness

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.redis_server import RedisServer
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="skyjo")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--top", type=int, default=35)
    parser.add_argument("--sort", default="cumulative", help="or tottime")
    args = parser.parse_args()
    with RedisServer() as server:
        app = create_app(Settings(redis_url=server.url, **RAISED_LIMITS))
        client = app.test_client()
        play(client, args.game, args.players, 50)  # warm up
        profile = cProfile.Profile()
        profile.enable()
        play(client, args.game, args.players, args.moves)
        profile.disable()
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
