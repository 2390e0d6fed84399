"""Ratings change exactly once when Redis replies are lost: rated games played to their
end through a proxy that loses 1 reply in 3 of the game writes and of the rating script
(tests/support/lossy_proxy.py), every move retried with its Idempotency-Key until it is
answered; each player's game count, history and the games' scores agree."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

import redis

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable.store.documents import COMPARE_AND_SET
from cardtable.store.scripts import lua
from tests.support.app_under_test import app_under_test
from tests.support.limits import RAISED_LIMITS
from tests.support.lossy_proxy import LossyProxy
from tests.support.rated import bearer, new_player, poll

RATING_APPLY = lua("rating_apply")
LOSSY = [hashlib.sha1(s.encode()).hexdigest().encode() for s in (COMPARE_AND_SET, RATING_APPLY)]
GAMES = 6


def answered(send: Any) -> Any:
    """`send()` again while the store answers 503 (a lost reply: outcome unknown)."""
    for _ in range(20):
        response = send()
        if response.status_code != 503:
            return response
    raise AssertionError("503 twenty times in a row")


def play_seat(client: Any, game_id: str, seat: int, token: str, rng: random.Random) -> None:
    for number in range(5000):
        view = answered(lambda: client.get(f"/games/{game_id}")).get_json()
        if view["finished"]:
            return
        if seat not in view["active_seats"]:
            continue  # the server's bots answer within the move's request
        url = f"/games/{game_id}/legal-moves"
        legal = answered(lambda u=url: client.get(u, headers=bearer(token))).get_json()["moves"]
        headers = {**bearer(token), "Idempotency-Key": f"{game_id}-{number}"}
        move = rng.choice(legal)
        body = {"move": move}
        url = f"/games/{game_id}/moves"
        reply = answered(lambda u=url, b=body, h=headers: client.post(u, json=b, headers=h))
        assert reply.status_code in (200, 409), reply.get_json()
    raise AssertionError("the game did not end")


def test_ratings_change_once_when_one_reply_in_three_is_lost(redis_server: RedisServer) -> None:
    direct = redis.Redis.from_url(redis_server.url)
    for script in (COMPARE_AND_SET, RATING_APPLY):
        direct.script_load(script)  # so that the lost replies are those of the writes
    with LossyProxy(redis_server.port, LOSSY, drop_rate=0.33, seed=7) as proxy:
        settings = Settings(redis_url=proxy.url, key_prefix="lossyrated", **RAISED_LIMITS)
        with app_under_test(settings) as app:
            client = app.test_client()
            rng = random.Random(3)
            bots = [new_player(client, "bot") for _ in range(2)]
            seated: Counter[str] = Counter()
            games = []
            for index in range(GAMES):
                bot = bots[index % 2]
                body = {"game": "skyjo", "players": 2}
                ticket = client.post("/queue", json=body, headers=bearer(bot["key"])).get_json()
                answer = poll(client, bot, ticket["ticket"])
                assert answer["status"] == "matched", answer
                play_seat(client, answer["game_id"], answer["seat"], answer["token"], rng)
                view = answered(lambda a=answer: client.get(f"/games/{a['game_id']}")).get_json()
                seated.update(entry["player"] for entry in view["players"])
                games.append(answer["game_id"])
            for game_id in games:
                score = answered(lambda g=game_id: client.get(f"/games/{g}/score")).get_json()
                assert len(score["ratings"]) == 2, score
            # Every settle finished (at a write or a read) took its game's sweep mark away.
            assert app.extensions["cardtable"].sweep.pending() == []
            for player, count in seated.items():
                profile = client.get(f"/players/{player}").get_json()
                assert profile["ratings"]["skyjo"]["games"] == count, (player, profile)
                history = client.get(f"/players/{player}/games?limit=100").get_json()
                assert len(history["games"]) == count
                assert len({g["game_id"] for g in history["games"]}) == count
        assert proxy.dropped >= 5, "the proxy lost too few replies to prove anything"
