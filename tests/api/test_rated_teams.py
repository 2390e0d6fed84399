"""Skip-Bo teams in the queue, through the real app: team requests checked, team tickets
matched only with team tickets, the table dealt with the partnership variant (partners
opposite), and each player rated once as a member of its team from the team's place."""

from __future__ import annotations

from typing import Any

from tests.api.test_rated_ratings import play_to_end
from tests.support.rated import bearer, enqueue, new_player, poll, queued, schema_errors


def test_team_requests_are_checked(client: Any) -> None:
    ann = new_player(client)
    for game, size in (("skyjo", 4), ("skipbo", 2), ("skipbo", 3), ("skipbo", 5)):
        refused = enqueue(client, ann, game=game, size=size, teams=True)
        assert refused.status_code == 422, (game, size)
        assert refused.get_json()["code"] == "invalid_queue_request"
    assert "no team play" in enqueue(client, ann, size=4, teams=True).get_json()["message"]
    wrong = enqueue(client, ann, game="skipbo", size=4, teams="yes")
    assert wrong.status_code in (400, 422)
    for size in (4, 6):
        answer = enqueue(client, ann, game="skipbo", size=size, teams=True)
        assert answer.status_code == 202
        ticket = answer.get_json()
        assert ticket["teams"] is True and ticket["players"] == size
        assert schema_errors("Ticket", ticket) == []
        assert (
            client.delete(f"/queue/{ticket['ticket']}", headers=bearer(ann["key"])).status_code
            == 200
        )
    solo = enqueue(client, ann, game="skipbo", size=4)
    assert solo.status_code == 202 and solo.get_json()["teams"] is False


def test_team_tickets_meet_only_team_tickets(client: Any) -> None:
    solo = [new_player(client) for _ in range(3)]
    team = [new_player(client) for _ in range(4)]
    solo_tickets = [queued(client, p, game="skipbo", size=4)["ticket"] for p in solo]
    team_tickets = [queued(client, p, game="skipbo", size=4, teams=True) for p in team[:3]]
    # Six waiting for a table of four, in two queues of three: nobody is seated.
    assert all(t["status"] == "waiting" for t in team_tickets)
    last = queued(client, team[3], game="skipbo", size=4, teams=True)
    assert last["status"] == "matched" and last["teams"] is True
    seated = [poll(client, p, t["ticket"]) for p, t in zip(team, team_tickets, strict=False)]
    assert {t["game_id"] for t in seated} == {last["game_id"]}
    for player, ticket in zip(solo, solo_tickets, strict=True):
        assert poll(client, player, ticket)["status"] == "waiting"
    view = client.get(f"/games/{last['game_id']}", headers=bearer(last["token"])).get_json()
    assert view["rated"] is True and view["options"]["teams"] is True
    assert view["teams"] == [[0, 2], [1, 3]]
    assert view["players"][last["seat"]]["partner"] == (last["seat"] + 2) % 4
    assert {entry["player"] for entry in view["players"]} == {p["id"] for p in team}


def test_a_team_game_rates_each_player_once_from_its_teams_place(client: Any) -> None:
    mine = new_player(client, "bot")
    ticket = queued(client, mine, game="skipbo", size=4, teams=True, opponents="bots")
    assert ticket["status"] == "matched"  # the server's bots fill the table at once
    game_id, seat = ticket["game_id"], ticket["seat"]
    play_to_end(client, game_id, {seat: ticket["token"]}, seed=11)
    for _ in range(3):  # reads settle nothing twice
        score = client.get(f"/games/{game_id}/score").get_json()
    assert schema_errors("Score", score) == []
    ratings = {entry["seat"]: entry for entry in score["ratings"]}
    assert sorted(ratings) == [0, 1, 2, 3]
    for seat_, entry in ratings.items():
        partner = ratings[(seat_ + 2) % 4]
        assert entry["team"] == seat_ % 2 == partner["team"]
        assert entry["placement"] == partner["placement"]  # partners share their place
    first = {seat_ for seat_, entry in ratings.items() if entry["placement"] == 1}
    assert first in ({0, 2}, {1, 3})  # one team first (no tie at this table), partners both
    assert {entry["placement"] for entry in ratings.values()} == {1, 2}
    if score["winners"]:  # a game cut by the turn cap has no winner: ranked by its totals
        assert set(score["winners"]) == first
    for seat_, entry in ratings.items():
        rising = entry["after"] > entry["before"]
        assert rising == (seat_ in first), entry
        profile = client.get(f"/players/{entry['player']}").get_json()
        assert profile["ratings"]["skipbo"]["games"] == 1  # one Skip-Bo rating, team or not
        assert profile["ratings"]["skipbo"]["rating"] == entry["after"]
        assert profile["ratings"]["skyjo"]["games"] == 0
    history = client.get(f"/players/{mine['id']}/games").get_json()["games"]
    assert [(h["game_id"], h["players"]) for h in history] == [(game_id, 4)]
    board = client.get("/leaderboard?game=skipbo").get_json()["players"]
    assert {p["id"] for p in board} == {entry["player"] for entry in ratings.values()}


def test_a_leavers_team_places_last_at_a_table_of_six(client: Any) -> None:
    mine = new_player(client, "bot")
    ticket = queued(client, mine, game="skipbo", size=6, teams=True, opponents="bots")
    game_id, seat = ticket["game_id"], ticket["seat"]
    view = client.get(f"/games/{game_id}").get_json()
    assert view["teams"] == [[0, 3], [1, 4], [2, 5]]
    assert (
        client.post(f"/games/{game_id}/leave", headers=bearer(ticket["token"])).status_code == 200
    )
    for _ in range(2000):  # the bots play the rest, a bounded slice per read
        if client.get(f"/games/{game_id}").get_json()["finished"]:
            break
    score = client.get(f"/games/{game_id}/score").get_json()
    ratings = {entry["seat"]: entry for entry in score["ratings"]}
    mine_team = [seat % 3, seat % 3 + 3]
    assert {ratings[s]["team"] for s in mine_team} == {seat % 3}
    assert all(ratings[s]["placement"] == 3 for s in mine_team)
    assert all(ratings[s]["placement"] < 3 for s in ratings if s not in mine_team)
    assert ratings[seat]["after"] < ratings[seat]["before"]
