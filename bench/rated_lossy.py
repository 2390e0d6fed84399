"""Ratings exactly once over a link to Redis that loses replies: N rated 2-player Skyjo
games, each a bot player of ours (random legal moves) against the server's bots, played
to the end through a proxy dropping 1 in 5 replies (after Redis ran the command) of the
game writes (compare-and-set), of the rating's result (HSETNX) and of the rating script
(tests/support/lossy_proxy.py); every request answered 503 is sent again, moves with
their Idempotency-Key. The app runs in this process (Flask's test client, as in
tests/api/test_rated_lossy.py).

After play, the settle sweep (due at once) settles the games whose settle was cut short,
with no read of them. Then, from Redis itself, a game counts as rated exactly once when
its result was stored and marked done, each of its players counts it once in its set of
rated games and once in its history; and per player, mu = 25 + the sum of its games'
changes of mu, the game count and the leaderboard agree with the stored rating (ratings
consistent with history).

Run on purpose: `.venv/bin/python bench/rated_lossy.py [--games 1000] [--drop 0.2]`.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import logging
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import redis

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run as a script from anywhere: reuse the test harness

from cardtable.config import Settings  # noqa: E402
from cardtable.rated.skill import MU, displayed  # noqa: E402
from cardtable.server.redis_server import RedisServer  # noqa: E402
from cardtable.store.documents import COMPARE_AND_SET  # noqa: E402
from cardtable.store.scripts import lua  # noqa: E402
from tests.api.test_rated_lossy import answered, play_seat  # noqa: E402
from tests.support.app_under_test import app_under_test  # noqa: E402
from tests.support.limits import RAISED_LIMITS  # noqa: E402
from tests.support.lossy_proxy import LossyProxy  # noqa: E402
from tests.support.rated import bearer, new_player  # noqa: E402

PREFIX = "ratedlossy"
OUR_PLAYERS = 8
"""Our bot players (each keeps its last 1000 games' history: 8 hold 1,000 games whole)."""


def play(client: Any, bot: dict[str, Any], rng: random.Random) -> tuple[str, list[str]]:
    """One rated game of `bot` against the server's bots, to its end: its id and players."""
    body = {"game": "skyjo", "players": 2, "opponents": "bots"}
    key = f"q{rng.random()}"
    headers = {**bearer(bot["key"]), "Idempotency-Key": key}
    ticket = answered(lambda: client.post("/queue", json=body, headers=headers)).get_json()
    url = f"/queue/{ticket['ticket']}"
    answer = answered(lambda: client.get(url, headers=bearer(bot["key"]))).get_json()
    assert answer["status"] == "matched", answer
    game_id = answer["game_id"]
    play_seat(client, game_id, answer["seat"], answer["token"], rng)
    view = answered(lambda: client.get(f"/games/{game_id}")).get_json()
    return game_id, [entry["player"] for entry in view["players"]]


def check(direct: redis.Redis, games: list[tuple[str, list[str]]]) -> tuple[int, list[str]]:
    """Games rated exactly once, and what is wrong (per game and per player)."""
    wrong: list[str] = []
    player = PREFIX + ":player:{{{}}}"
    histories: dict[str, Counter[str]] = {}
    change: defaultdict[str, float] = defaultdict(float)
    seated: Counter[str] = Counter()
    good = 0
    for game_id, players in games:
        seated.update(players)
        done, stored = direct.hmget(f"{PREFIX}:game:{{{game_id}}}:ratings", ["done", "result"])
        if not stored:
            wrong.append(f"game {game_id}: no result stored")
            continue
        ok = bool(done)
        if not done:  # cut short: its shares may be applied, the next read finishes it
            wrong.append(f"game {game_id}: result stored, settle not marked done")
        for entry in json.loads(stored)["seats"]:
            who = entry["player"]
            if direct.sismember(player.format(who) + ":rated", game_id):
                change[who] += entry["mu_after"] - entry["mu_before"]
            if who not in histories:
                raw = direct.lrange(player.format(who) + ":games", 0, -1)
                histories[who] = Counter(json.loads(item)["game_id"] for item in raw)
            counted = direct.sismember(player.format(who) + ":rated", game_id)
            if histories[who][game_id] != 1 or not counted:
                ok = False
                wrong.append(f"game {game_id}: player {who} history x{histories[who][game_id]}")
        good += ok
    for who, count in seated.items():
        fields = {k.decode(): v.decode() for k, v in direct.hgetall(player.format(who)).items()}
        mu, sigma = float(fields["mu:skyjo"]), float(fields["sigma:skyjo"])
        board = direct.zscore(f"{PREFIX}:leaderboard:{{skyjo}}:all", who)
        if int(fields["games:skyjo"]) != count or abs(mu - (MU + change[who])) > 1e-6:
            wrong.append(f"player {who}: games {fields['games:skyjo']} of {count}, mu {mu}")
        if board != displayed(mu, sigma):
            wrong.append(f"player {who}: leaderboard {board}, rating {displayed(mu, sigma)}")
    return good, wrong


def sweep_all(app: Any) -> tuple[int, int, int]:
    """The settle sweep (cardtable.rated.sweep), due at once, over the same lossy link:
    the games marked after play, those it settled, those still marked after 20 ticks."""
    sweep = app.extensions["cardtable"].sweep
    sweep.settings = dataclasses.replace(sweep.settings, grace_seconds=0.0, retry_seconds=0.0)
    marked, swept = len(sweep.pending()), 0
    for _ in range(20):
        if not sweep.pending():
            break
        swept += sweep.tick()
    return marked, swept, len(sweep.pending())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--drop", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    logging.disable(logging.ERROR)  # access lines, and the settles cut short (retried)
    scripts = (COMPARE_AND_SET, lua("rating_apply"))
    markers = [hashlib.sha1(s.encode()).hexdigest().encode() for s in scripts] + [b"HSETNX"]
    rng = random.Random(args.seed)
    games: list[tuple[str, list[str]]] = []
    started = time.monotonic()
    with RedisServer() as server:
        direct = redis.Redis.from_url(server.url)
        for script in scripts:
            direct.script_load(script)  # so that the lost replies are those of the writes
        with LossyProxy(server.port, markers, args.drop, args.seed) as proxy:
            settings = Settings(redis_url=proxy.url, key_prefix=PREFIX, **RAISED_LIMITS)
            with app_under_test(settings) as app:
                client = app.test_client()
                proxy.enabled.clear()  # players made without loss (a name claim is HSETNX)
                bots = [new_player(client, "bot") for _ in range(OUR_PLAYERS)]
                proxy.enabled.set()
                for number in range(args.games):
                    games.append(play(client, bots[number % OUR_PLAYERS], rng))
                    if (number + 1) % 100 == 0:
                        print(f"  {number + 1} games, {time.monotonic() - started:.0f} s")
                marked, swept, left = sweep_all(app)
            dropped = proxy.dropped
        good, wrong = check(direct, games)
    print(f"rated 2-player Skyjo games played to the end: {len(games)}")
    print(f"replies lost by the proxy (1 in {1 / args.drop:g} drawn): {dropped}")
    print(f"games rated exactly once (ratings consistent with history): {good} of {len(games)}")
    print(
        f"games whose settle was cut short (left to the settle sweep): {marked}; settled by "
        f"the sweep, with no read: {swept}; still unsettled after it: {left}"
    )
    print(f"inconsistencies: {len(wrong)}")
    for line in wrong[:20]:
        print("  ", line)
    print(f"wall time: {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
