"""GET /games/{id}/events as JSON, through the real app on a real Redis and on a Redis
Cluster: per-viewer events, `since`, the long-poll woken by the store's notification."""

from __future__ import annotations

import random
import threading
from typing import Any

from flask.testing import FlaskClient


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def create(client: FlaskClient, **options: Any) -> dict[str, Any]:
    body = {"game": "skyjo", "players": [{"name": "Ann"}, {"name": "Ben"}], "seed": 3}
    response = client.post("/games", json={**body, "options": options})
    assert response.status_code == 201
    created: dict[str, Any] = response.get_json()
    return created


def play(client: FlaskClient, created: dict[str, Any], moves: int, rng: random.Random) -> None:
    """Random legal moves by whichever seat may act, `moves` times or to the end."""
    game_id = created["id"]
    for _ in range(moves):
        view = client.get(f"/games/{game_id}").get_json()
        if view["finished"]:
            return
        seat = rng.choice(view["active_seats"])
        token = created["players"][seat]["token"]
        legal = client.get(f"/games/{game_id}/legal-moves", headers=auth(token)).get_json()
        answer = client.post(
            f"/games/{game_id}/moves",
            json={"move": rng.choice(legal["moves"])},
            headers=auth(token),
        )
        assert answer.status_code == 200, answer.get_json()


def events(client: FlaskClient, game_id: str, token: str | None, query: str = "") -> Any:
    response = client.get(f"/games/{game_id}/events{query}", headers=auth(token))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_every_viewer_gets_the_records_moves_and_only_its_own_cards(client: FlaskClient) -> None:
    created = create(client, max_rounds=1)
    play(client, created, 10_000, random.Random(1))
    game_id = created["id"]
    record = client.get(f"/games/{game_id}/record").get_json()
    recorded = [(e["seat"], e["move"]) for e in record["log"] if e["type"] == "move"]
    final = client.get(f"/games/{game_id}").get_json()["version"]
    for token, seat in [(p["token"], p["seat"]) for p in created["players"]] + [(None, None)]:
        feed = events(client, game_id, token)
        assert feed["version"] == final
        moves = [e for e in feed["events"] if e["type"] == "move"]
        assert [(e["seat"], e["move"]) for e in moves] == recorded
        drawn_by = {e["seat"] for e in moves if "drawn" in e}
        assert drawn_by <= ({seat} if seat is not None else set())
    ann = [e for e in events(client, game_id, created["players"][0]["token"])["events"]]
    assert any("drawn" in e for e in ann if e["type"] == "move" and e["seat"] == 0)
    assert events(client, game_id, None)["events"][-1]["type"] == "game_end"


def test_since_returns_only_later_versions(client: FlaskClient) -> None:
    created = create(client)
    play(client, created, 9, random.Random(2))
    feed = events(client, created["id"], None, "?since=5")
    assert feed["version"] == 9
    assert [e["version"] for e in feed["events"]] == [6, 7, 8, 9]
    assert events(client, created["id"], None, "?since=9")["events"] == []


def test_a_waiting_request_is_woken_by_the_next_move(client: FlaskClient) -> None:
    created = create(client)
    game_id = created["id"]
    answers: list[Any] = []
    waiter = threading.Thread(
        target=lambda: answers.append(events(client, game_id, None, "?since=0&wait=20"))
    )
    waiter.start()
    # The waiter may not be waiting yet when the move lands: either way it must answer
    # with the move, at once or when woken.
    token = created["players"][0]["token"]
    answer = client.post(
        f"/games/{game_id}/moves",
        json={"move": {"type": "reveal", "row": 0, "col": 0}},
        headers=auth(token),
    )
    assert answer.status_code == 200
    waiter.join(30)
    assert answers and [e["version"] for e in answers[0]["events"]] == [1]


def test_refusals(client: FlaskClient) -> None:
    created = create(client)
    game_id = created["id"]
    assert client.get(f"/games/{game_id}/events", headers=auth("nope")).status_code == 401
    assert client.get("/games/unknown/events").status_code == 404
    bad_since = client.get(f"/games/{game_id}/events?since=-1")
    assert bad_since.status_code == 422 and bad_since.get_json()["code"] == "validation_error"
    stream = client.get(
        f"/games/{game_id}/events",
        headers={"Accept": "text/event-stream", "Last-Event-ID": "x"},
    )
    assert stream.status_code == 400 and stream.get_json()["code"] == "invalid_header"


def test_a_live_tables_feed_merges_seats_taken_and_players_leaving_by_version(
    client: FlaskClient,
) -> None:
    body = {"game": "skipbo", "players": [{"name": "Ann"}, {"open": True}], "seed": 5}
    created = client.post("/games", json=body).get_json()
    game_id, ann = created["id"], created["players"][0]["token"]
    assert events(client, game_id, None)["events"] == []  # waiting: no deal, nothing else
    joined = client.post(
        f"/games/{game_id}/join", json={"name": "Bea", "invite": created["invite"]}
    ).get_json()
    bea = joined["token"]
    play(client, {"id": game_id, "players": [{"token": ann}, {"token": bea}]}, 6, random.Random(2))
    assert client.post(f"/games/{game_id}/leave", headers=auth(bea)).status_code == 200
    final = client.get(f"/games/{game_id}").get_json()["version"]
    for token, seat in ((ann, 0), (bea, 1), (None, None)):
        feed = events(client, game_id, token)
        assert feed["version"] == final
        kinds = [(e["version"], e["type"]) for e in feed["events"]]
        assert kinds[:2] == [(1, "join"), (1, "deal")]  # the join that filled the table dealt it
        assert feed["events"][0] == {"version": 1, "type": "join", "seat": 1, "name": "Bea"}
        # Every version from the join on appears, in order, each as one change.
        assert sorted({v for v, _ in kinds}) == list(range(1, final + 1))
        assert [v for v, _ in kinds] == sorted(v for v, _ in kinds)
        leave = [e for e in feed["events"] if e["type"] == "leave"]
        assert [(e["seat"], e["bot"]) for e in leave] == [(1, "greedy")]
        deal = feed["events"][1]
        # Each seat sees its own hand in the deal, never another's; a spectator sees none.
        assert ("hand" in deal) == (seat is not None)
        view_at_deal = client.get(f"/games/{game_id}", headers=auth(token)).get_json()
        assert deal["first_player"] == view_at_deal["first_player"]
        # `since` in game versions: only what came after.
        later = events(client, game_id, token, f"?since={final - 1}")["events"]
        assert later and all(e["version"] == final for e in later)
