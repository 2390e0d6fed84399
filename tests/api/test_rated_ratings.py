"""Ratings through the real app: a rated game played to its end with retried final moves
changes each rating exactly once; the score, the profiles, the histories and the
leaderboard agree; a leaver places last; unrated games change nothing."""

from __future__ import annotations

import random
from typing import Any

from tests.support.rated import bearer, new_player, poll, queued, schema_errors


def matched_pair(client: Any, game: str = "skyjo") -> tuple[list[dict[str, Any]], dict[int, str]]:
    """Two new humans matched at a rated table: the players and each seat's token."""
    ann, bob = new_player(client), new_player(client)
    ticket = queued(client, ann, game=game)["ticket"]
    theirs = queued(client, bob, game=game)
    mine = poll(client, ann, ticket)
    tokens = {mine["seat"]: mine["token"], theirs["seat"]: theirs["token"]}
    return [ann, bob], {"game_id": mine["game_id"], **tokens}  # type: ignore[dict-item]


def play_to_end(client: Any, game_id: str, tokens: dict[int, str], seed: int) -> None:
    """Random legal moves until the game is over; every move is sent twice with its
    Idempotency-Key (a retry after a lost reply), the final one too."""
    rng = random.Random(seed)
    for number in range(20000):
        view = client.get(f"/games/{game_id}").get_json()
        if view["finished"]:
            return
        seat = rng.choice([s for s in view["active_seats"] if s in tokens])
        legal = client.get(f"/games/{game_id}/legal-moves", headers=bearer(tokens[seat]))
        move = rng.choice(legal.get_json()["moves"])
        headers = {**bearer(tokens[seat]), "Idempotency-Key": f"m{number}"}
        for _ in range(2):
            answer = client.post(f"/games/{game_id}/moves", json={"move": move}, headers=headers)
            assert answer.status_code == 200, answer.get_json()
    raise AssertionError("the game did not end")


def test_a_rated_game_changes_each_rating_once(client: Any) -> None:
    players, table = matched_pair(client)
    game_id = table.pop("game_id")
    play_to_end(client, game_id, table, seed=7)  # type: ignore[arg-type]
    for _ in range(3):  # reads of the finished game settle nothing twice
        score = client.get(f"/games/{game_id}/score").get_json()
    assert score["finished"] is True
    ratings = {entry["seat"]: entry for entry in score["ratings"]}
    assert len(ratings) == 2
    view = client.get(f"/games/{game_id}").get_json()
    by_seat = {entry["seat"]: entry["player"] for entry in view["players"]}
    winner = score["winners"][0]
    loser = 1 - winner
    assert score["totals"][winner] != score["totals"][loser] or len(score["winners"]) == 2
    if len(score["winners"]) == 1:
        assert ratings[winner]["after"] > ratings[winner]["before"]
        assert ratings[loser]["after"] < ratings[loser]["before"]
    for seat, entry in ratings.items():
        assert entry["player"] == by_seat[seat]
        profile = client.get(f"/players/{entry['player']}").get_json()
        assert profile["ratings"]["skyjo"]["games"] == 1
        assert profile["ratings"]["skyjo"]["rating"] == entry["after"]
        assert profile["ratings"]["skipbo"]["games"] == 0
        history = client.get(f"/players/{entry['player']}/games").get_json()
        assert len(history["games"]) == 1 and history["next"] is None
        played = history["games"][0]
        assert played["game_id"] == game_id and played["game"] == "skyjo"
        assert played["before"] == entry["before"] and played["after"] == entry["after"]
        assert played["placement"] == (1 if seat in score["winners"] else 2)
    board = client.get("/leaderboard?game=skyjo").get_json()
    assert [p["id"] for p in board["players"]] == [
        ratings[s]["player"] for s in sorted(ratings, key=lambda s: -ratings[s]["after"])
    ]
    assert all(p["games"] == 1 for p in board["players"]) and board["next"] is None
    assert {p["id"] for p in players} == {p["id"] for p in board["players"]}
    humans = client.get("/leaderboard?game=skyjo&kind=human").get_json()
    assert len(humans["players"]) == 2
    assert client.get("/leaderboard?game=skyjo&kind=bot").get_json()["players"] == []
    assert client.get("/leaderboard?game=skipbo").get_json()["players"] == []
    record = client.get(f"/games/{game_id}/record").get_json()
    assert record["rated"] is True
    assert {p["seat"]: p["player"] for p in record["players"]} == by_seat
    # Every answer has the shape openapi.yaml gives it (strict: no undocumented field).
    seat, token = next(iter(table.items()))
    seen = client.get(f"/games/{game_id}", headers=bearer(token)).get_json()  # type: ignore[arg-type]
    for component, answer in (
        ("GameView", view),
        ("GameView", seen),
        ("Score", score),
        ("Record", record),
        ("Leaderboard", board),
        ("Player", client.get(f"/players/{by_seat[seat]}").get_json()),
        ("HistoryPage", client.get(f"/players/{by_seat[seat]}/games").get_json()),
    ):
        assert schema_errors(component, answer) == [], component


def test_a_leaver_places_last(client: Any) -> None:
    _players, table = matched_pair(client)
    game_id = table.pop("game_id")
    leaver, stayer = 0, 1
    left = client.post(f"/games/{game_id}/leave", headers=bearer(table[leaver]))  # type: ignore[index]
    assert left.status_code == 200
    play_to_end(client, game_id, {stayer: table[stayer]}, seed=3)  # type: ignore[index]
    score = client.get(f"/games/{game_id}/score").get_json()
    ratings = {entry["seat"]: entry for entry in score["ratings"]}
    assert ratings[leaver]["placement"] == 2 and ratings[stayer]["placement"] == 1
    assert ratings[leaver]["after"] < ratings[leaver]["before"]
    assert ratings[stayer]["after"] > ratings[stayer]["before"]


def test_the_leaderboard_pages(client: Any) -> None:
    for _ in range(3):
        bot = new_player(client, "bot")
        answer = queued(client, bot, size=2)
        assert answer["status"] == "matched"
        # Server bots play fast; the bot's own seat times out to the greedy bot only after
        # its timer: play the bot's seat to the end here.
        play_to_end(client, answer["game_id"], {answer["seat"]: answer["token"]}, seed=1)
    first = client.get("/leaderboard?game=skyjo&kind=bot&limit=2").get_json()
    assert len(first["players"]) == 2 and first["next"]
    rest = client.get(f"/leaderboard?game=skyjo&kind=bot&limit=2&cursor={first['next']}")
    page = rest.get_json()
    ids = [p["id"] for p in first["players"] + page["players"]]
    assert len(ids) == len(set(ids)) >= 4
    ratings = [p["rating"] for p in first["players"] + page["players"]]
    assert ratings == sorted(ratings, reverse=True)
    assert client.get("/leaderboard?game=chess").status_code == 422
    assert client.get("/leaderboard").status_code == 422


def test_unrated_games_carry_rated_false_and_no_ratings(client: Any) -> None:
    created = client.post(
        "/games",
        json={
            "game": "skyjo",
            "players": [{"name": "A", "bot": "greedy"}, {"name": "B", "bot": "random"}],
        },
    ).get_json()
    view = client.get(f"/games/{created['id']}").get_json()
    assert view["rated"] is False
    for _ in range(50):
        score = client.get(f"/games/{created['id']}/score").get_json()
        if score["finished"]:
            break
    assert "ratings" not in score
