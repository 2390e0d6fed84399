"""Rated matchmaking on two real gunicorn replicas sharing one Redis: 40 players (humans
who want humans, bots who want bots or anyone; tables of 2 and 3) queue at once, half on
each replica. Every ticket is matched exactly once, at a table of its size, whose every
seat is a player its ticket accepts, with nobody twice at a table."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cardtable.server.redis_server import RedisServer
from tests.e2e.gunicorn import Gunicorn
from tests.support.limits import RAISED_LIMITS_ENV
from tests.support.rated import bearer

POLLS = 60


@pytest.fixture
def replicas(redis_server: RedisServer) -> Iterator[list[Gunicorn]]:
    env = {
        **RAISED_LIMITS_ENV,
        "CARDTABLE_REDIS_URL": redis_server.url,
        "CARDTABLE_KEY_PREFIX": "rated-replicas",
    }
    with Gunicorn(env=env) as one, Gunicorn(env=env) as two:
        yield [one, two]


def crowd() -> list[tuple[str, int, str]]:
    """(kind, size, opponents) of each player: humans only with humans, so their tables
    close among themselves (8 for tables of 2, 9 for tables of 3); bots with bots or
    anyone, completed by the server's bots when no full table is waiting."""
    humans = [("human", 2, "humans")] * 8 + [("human", 3, "humans")] * 9
    bots = [("bot", 2 + i % 2, "bots" if i % 3 else "any") for i in range(23)]
    mixed = [p for pair in zip(bots, humans, strict=False) for p in pair]
    return mixed + bots[len(humans) :]


def test_forty_players_on_two_replicas_are_each_matched_once(replicas: list[Gunicorn]) -> None:
    clients = [httpx.Client(base_url=server.url, timeout=30) for server in replicas]
    wanted = crowd()
    assert len(wanted) == 40
    players: list[dict[str, Any]] = []
    for index, (kind, _size, _opponents) in enumerate(wanted):
        created = clients[index % 2].post("/players", json={"name": f"R{index}", "kind": kind})
        assert created.status_code == 201, created.text
        players.append(created.json())

    tickets: dict[int, str] = {}
    failures: list[str] = []
    start = threading.Barrier(len(players))

    def queue(index: int) -> None:
        _kind, size, opponents = wanted[index]
        body = {"game": "skyjo", "players": size, "opponents": opponents}
        with httpx.Client(base_url=replicas[index % 2].url, timeout=60) as client:
            start.wait()
            answer = client.post("/queue", json=body, headers=bearer(players[index]["key"]))
        if answer.status_code != 202:
            failures.append(answer.text)
        else:
            tickets[index] = answer.json()["ticket"]

    threads = [threading.Thread(target=queue, args=(i,)) for i in range(len(players))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert failures == [] and len(tickets) == len(players)

    answers: dict[int, dict[str, Any]] = {}
    for _ in range(POLLS):  # a poll also runs the match: the last ones close their tables
        for index, ticket in tickets.items():
            if index in answers:
                continue
            polled = clients[index % 2].get(
                f"/queue/{ticket}", headers=bearer(players[index]["key"])
            )
            assert polled.status_code == 200, polled.text
            if polled.json()["status"] != "waiting":
                answers[index] = polled.json()
        if len(answers) == len(tickets):
            break
    assert len(answers) == len(tickets)
    assert all(a["status"] == "matched" for a in answers.values()), answers

    ours = Counter(answer["game_id"] for answer in answers.values())
    kinds: dict[str, str] = {}
    for index, answer in answers.items():
        kind, size, opponents = wanted[index]
        view = clients[1 - index % 2].get(f"/games/{answer['game_id']}").json()
        assert view["rated"] is True
        ids = [entry["player"] for entry in view["players"]]
        assert len(ids) == size and len(set(ids)) == size  # right size, nobody twice
        assert ids[answer["seat"]] == players[index]["id"]
        for player_id in ids:
            if player_id not in kinds:
                kinds[player_id] = clients[0].get(f"/players/{player_id}").json()["kind"]
        accepted = {"humans": {"human"}, "bots": {"bot"}, "any": {"human", "bot"}}[opponents]
        others = [kinds[p] for p in ids if p != players[index]["id"]]
        assert set(others) <= accepted, (opponents, others)
        if kind == "human":
            assert ours[answer["game_id"]] == size  # a humans' table: all of them queued here
            assert not any(view["bots"])
    # Every ticket at one seat of one game: the seats our tickets took are all distinct.
    seats = Counter((answer["game_id"], answer["seat"]) for answer in answers.values())
    assert max(seats.values()) == 1
    for client in clients:
        client.close()


def test_duplicate_sets_queued_at_once_on_two_replicas_are_each_made_once(
    replicas: list[Gunicorn],
) -> None:
    """12 bots ask for duplicate sets (tables of 2 and 3) at once, half on each replica:
    each ticket is matched once, and every game of its set exists on the other replica,
    dealt for its rotation, with the player one seat on in each."""
    clients = [httpx.Client(base_url=server.url, timeout=30) for server in replicas]
    bots = []
    for index in range(12):
        created = clients[index % 2].post("/players", json={"name": f"D{index}", "kind": "bot"})
        assert created.status_code == 201, created.text
        bots.append(created.json())
    answers: dict[int, dict[str, Any]] = {}
    start = threading.Barrier(len(bots))

    def queue(index: int) -> None:
        size = 2 + index % 2
        body = {"game": "skyjo", "players": size, "opponents": "bots", "format": "duplicate"}
        headers = bearer(bots[index]["key"])
        with httpx.Client(base_url=replicas[index % 2].url, timeout=60) as client:
            start.wait()
            ticket = client.post("/queue", json=body, headers=headers).json()["ticket"]
            answers[index] = client.get(f"/queue/{ticket}", headers=headers).json()

    threads = [threading.Thread(target=queue, args=(i,)) for i in range(len(bots))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert len(answers) == len(bots)
    taken: Counter[tuple[str, int]] = Counter()
    for index, answer in answers.items():
        size = 2 + index % 2
        assert answer["status"] == "matched" and len(answer["games"]) == size, answer
        for rotation, game in enumerate(answer["games"]):
            view = clients[1 - index % 2].get(f"/games/{game['game_id']}").json()
            assert view["set"] == {"id": answer["set_id"], "index": rotation, "size": size}
            ids = [entry["player"] for entry in view["players"]]
            assert len(set(ids)) == size and ids[game["seat"]] == bots[index]["id"]
            assert game["seat"] == (answer["seat"] + rotation) % size
            taken[(game["game_id"], game["seat"])] += 1
    assert max(taken.values()) == 1
    for client in clients:
        client.close()
