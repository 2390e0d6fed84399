"""Duplicate sets through the real app: a bot's duplicate ticket is matched with the
server's bots into one rated game per seat rotation, all dealt the same; records wait for
the set's end; the ratings change once, from the set, when its last game ends (with every
move retried as after a lost reply); every game's score shows the same result."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from typing import Any

import pytest
import redis

from cardtable.config import Settings
from cardtable.server.redis_server import RedisServer
from cardtable.store.documents import COMPARE_AND_SET
from tests.api.test_rated_lossy import LOSSY, RATING_APPLY, answered, play_seat
from tests.api.test_rated_ratings import play_to_end
from tests.support.app_under_test import app_under_test
from tests.support.limits import RAISED_LIMITS
from tests.support.lossy_proxy import LossyProxy
from tests.support.rated import bearer, enqueue, new_player, poll, queued, schema_errors


def _first_deal(record: dict[str, Any]) -> Any:
    """The record's first deal: what the seed decided before anyone played (later
    reshuffles depend on the play)."""
    return next(entry for entry in record["log"] if entry.get("type") == "deal")


@pytest.mark.parametrize(("game", "size"), [("skyjo", 2), ("skyjo", 3), ("skipbo", 2)])
def test_a_duplicate_set_is_the_same_deal_from_every_seat_rated_once(
    client: Any, game: str, size: int
) -> None:
    bot = new_player(client, "bot")
    ticket = queued(client, bot, game=game, size=size, opponents="bots", format="duplicate")
    assert ticket["status"] == "matched" and ticket["format"] == "duplicate"
    assert schema_errors("Ticket", ticket) == []
    games = ticket["games"]
    assert len(games) == size and len({g["game_id"] for g in games}) == size
    assert {k: games[0][k] for k in ("game_id", "seat", "token")} == {
        k: ticket[k] for k in ("game_id", "seat", "token")
    }
    assert len({g["token"] for g in games}) == size  # one token a game
    first_seats: dict[str, int] = {}
    for rotation, entry in enumerate(games):
        view = client.get(f"/games/{entry['game_id']}", headers=bearer(entry["token"]))
        assert view.status_code == 200
        seen = view.get_json()
        assert seen["seat"] == entry["seat"] == (ticket["seat"] + rotation) % size
        assert seen["rated"] is True and seen["turn_seconds"] >= 15
        assert seen["set"] == {"id": ticket["set_id"], "index": rotation, "size": size}
        assert schema_errors("GameView", seen) == []
        seats = {p["seat"]: p["player"] for p in seen["players"]}
        assert seats[entry["seat"]] == bot["id"]
        for seat, player in seats.items():  # everyone moves on one seat a rotation
            first_seats.setdefault(player, (seat - rotation) % size)
            assert seat == (first_seats[player] + rotation) % size
        # The token of one rotation is not another's.
        other = games[(rotation + 1) % size]["token"]
        wrong = client.get(f"/games/{entry['game_id']}/legal-moves", headers=bearer(other))
        assert wrong.status_code == 401
    assert len(first_seats) == size and bot["id"] in first_seats

    last = games[-1]
    for entry in games[:-1]:
        play_to_end(client, entry["game_id"], {entry["seat"]: entry["token"]}, seed=5)
        score = client.get(f"/games/{entry['game_id']}/score").get_json()
        assert score["finished"] is True and "ratings" not in score
        assert score["set"]["pending"] is True
        assert schema_errors("Score", score) == []
        refused = client.get(f"/games/{entry['game_id']}/record")
        assert refused.status_code == 409 and refused.get_json()["code"] == "set_in_play"
    for player in first_seats:
        profile = client.get(f"/players/{player}").get_json()
        assert profile["ratings"][game]["games"] == 0  # nothing rated before the set's end
    play_to_end(client, last["game_id"], {last["seat"]: last["token"]}, seed=9)

    scores = [client.get(f"/games/{g['game_id']}/score").get_json() for g in games]
    records = [client.get(f"/games/{g['game_id']}/record") for g in games]
    results = []
    for entry, score, record in zip(games, scores, records, strict=True):
        assert score["set"]["pending"] is False
        assert schema_errors("Score", score) == []
        assert record.status_code == 200
        assert record.get_json()["set"]["id"] == ticket["set_id"]
        assert schema_errors("Record", record.get_json()) == []
        by_player = {r["player"]: r for r in score["ratings"]}
        assert {r["seat"]: r["player"] for r in score["ratings"]} == {
            p["seat"]: p["player"] for p in record.get_json()["players"]
        }
        assert by_player[bot["id"]]["seat"] == entry["seat"]
        results.append({p: (r["before"], r["after"], r["placement"]) for p, r in by_player.items()})
    assert all(result == results[0] for result in results)  # one result for the set
    deals = [_first_deal(record.get_json()) for record in records]
    assert all(deal == deals[0] for deal in deals)  # the same deal every time

    for player, (before, after, _place) in results[0].items():
        profile = client.get(f"/players/{player}").get_json()
        assert profile["ratings"][game]["games"] == 1  # once for the whole set
        assert profile["ratings"][game]["rating"] == after
        history = client.get(f"/players/{player}/games").get_json()["games"]
        assert len(history) == 1 and history[0]["set"] == ticket["set_id"]
        assert history[0]["game_id"] == games[0]["game_id"]
        assert (history[0]["before"], history[0]["after"]) == (before, after)
    places = sorted(place for _b, _a, place in results[0].values())
    assert places[0] == 1
    board = client.get(f"/leaderboard?game={game}&kind=bot").get_json()
    assert bot["id"] in {p["id"] for p in board["players"]}
    # Read again: nothing is settled twice.
    client.get(f"/games/{last['game_id']}/score")
    assert client.get(f"/players/{bot['id']}").get_json()["ratings"][game]["games"] == 1


def test_only_a_bot_against_bots_queues_a_duplicate_set(client: Any) -> None:
    human, bot = new_player(client), new_player(client, "bot")
    for player, body in (
        (human, {"opponents": "bots"}),
        (bot, {"opponents": "any"}),
        (bot, {"opponents": "humans"}),
    ):
        refused = enqueue(client, player, format="duplicate", **body)
        assert refused.status_code == 422
        assert refused.get_json()["code"] == "duplicate_needs_bots"
    wrong = enqueue(client, bot, format="triplicate", opponents="bots")
    assert wrong.status_code == 422 and wrong.get_json()["code"] == "validation_error"
    single = queued(client, bot, opponents="bots")  # the contract's shape, unchanged
    assert single["status"] == "matched"
    assert "games" not in single and "format" not in single
    view = client.get(f"/games/{single['game_id']}").get_json()
    assert "set" not in view


def test_a_set_cut_short_at_its_creation_is_completed_by_the_next_poll(
    app: Any, client: Any
) -> None:
    """The matching request created the set's games one by one; if it died before the
    last, the next poll of a ticket makes the missing ones from the kept match, with the
    same deal and seats."""
    bot = new_player(client, "bot")
    ticket = queued(client, bot, game="skyjo", size=3, opponents="bots", format="duplicate")
    games = ticket["games"]
    views = [client.get(f"/games/{g['game_id']}").get_json() for g in games]
    store = app.extensions["cardtable"].games.store
    for entry in games[1:]:  # as if the request died after creating the first game
        for key in store.redis.scan_iter(match=f"{store.key_for(entry['game_id'])}*"):
            store.redis.delete(key)
        assert client.get(f"/games/{entry['game_id']}").status_code == 404
    again = client.get(f"/queue/{ticket['ticket']}", headers=bearer(bot["key"])).get_json()
    assert again["games"] == games
    for entry, before in zip(games, views, strict=True):
        seen = client.get(f"/games/{entry['game_id']}", headers=bearer(entry["token"]))
        assert seen.status_code == 200
        view = seen.get_json()
        assert view["set"] == before["set"]
        assert [p["player"] for p in view["players"]] == [p["player"] for p in before["players"]]


def test_sets_are_rated_once_when_one_reply_in_three_is_lost(redis_server: RedisServer) -> None:
    """Duplicate sets played through a proxy that loses 1 reply in 3 of the game writes and
    of the rating script, every move retried until answered: each player counts one game
    a set, one history entry a set, and every game of a set shows the same ratings."""
    direct = redis.Redis.from_url(redis_server.url)
    for script in (COMPARE_AND_SET, RATING_APPLY):
        direct.script_load(script)  # so that the lost replies are those of the writes
    with LossyProxy(redis_server.port, LOSSY, drop_rate=0.33, seed=11) as proxy:
        settings = Settings(redis_url=proxy.url, key_prefix="lossydup", **RAISED_LIMITS)
        with app_under_test(settings) as app:
            client = app.test_client()
            rng = random.Random(5)
            bot = new_player(client, "bot")
            seated: Counter[str] = Counter()
            sets = []
            for _ in range(3):
                body = {"game": "skyjo", "players": 2, "opponents": "bots", "format": "duplicate"}
                ticket = client.post("/queue", json=body, headers=bearer(bot["key"])).get_json()
                answer = poll(client, bot, ticket["ticket"])
                assert answer["status"] == "matched", answer
                for game in answer["games"]:
                    play_seat(client, game["game_id"], game["seat"], game["token"], rng)
                view = client.get(f"/games/{answer['game_id']}").get_json()
                seated.update(entry["player"] for entry in view["players"])
                sets.append(answer["games"])
            for games in sets:
                results = []
                for game in games:
                    url = f"/games/{game['game_id']}/score"
                    score = answered(lambda u=url: client.get(u)).get_json()
                    assert score["set"]["pending"] is False, score
                    results.append({r["player"]: r["after"] for r in score["ratings"]})
                assert results[0] == results[1] and len(results[0]) == 2
            for player, count in seated.items():
                profile = client.get(f"/players/{player}").get_json()
                assert profile["ratings"]["skyjo"]["games"] == count, (player, profile)
                history = client.get(f"/players/{player}/games?limit=100").get_json()
                assert len(history["games"]) == count
                assert len({g["set"] for g in history["games"]}) == count
        assert proxy.dropped >= 5, "the proxy lost too few replies to prove anything"


def test_the_players_feed_announces_every_game_of_its_set(client: Any, app: Any) -> None:
    bot = new_player(client, "bot")
    messages: list[dict[str, Any]] = []
    done = threading.Event()

    def turns() -> set[str]:
        return {m["game_id"] for m in messages if m["type"] == "turn"}

    def listen() -> None:
        headers = {**bearer(bot["key"]), "Accept": "text/event-stream"}
        response = app.test_client().get(
            f"/players/{bot['id']}/events", headers=headers, buffered=False
        )
        for chunk in response.response:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("data: "):
                messages.append(json.loads(text[len("data: ") :]))
            if len(turns()) == 3 or done.is_set():
                break
        response.close()

    listener = threading.Thread(target=listen)
    listener.start()
    answer = queued(client, bot, size=3, opponents="bots", format="duplicate")
    listener.join(60)
    done.set()
    assert messages and messages[0]["type"] == "matched", messages
    assert messages[0]["games"] == answer["games"]
    assert turns() == {game["game_id"] for game in answer["games"]}


def test_a_leaver_in_one_game_of_the_set_places_last_in_the_set(client: Any) -> None:
    bot = new_player(client, "bot")
    answer = queued(client, bot, size=2, opponents="bots", format="duplicate")
    left, played = answer["games"]
    gone = client.post(f"/games/{left['game_id']}/leave", headers=bearer(left["token"]))
    assert gone.status_code == 200
    play_to_end(client, played["game_id"], {played["seat"]: played["token"]}, seed=2)
    for _ in range(200):  # the server's bot plays the left seat as the game is read
        if client.get(f"/games/{left['game_id']}").get_json()["finished"]:
            break
    for game in (left, played):
        score = client.get(f"/games/{game['game_id']}/score").get_json()
        mine = next(r for r in score["ratings"] if r["player"] == bot["id"])
        assert mine["placement"] == 2 and mine["after"] < mine["before"]
        assert mine["seat"] == game["seat"]
