"""The matchmaking queue through the real app: matching (same game and size, kinds
respected, nobody twice), the matched live table, long-polls, cancelling, expiry, the
refusals, and many tickets queued at once on two app instances sharing one Redis."""

from __future__ import annotations

import json
import threading
from collections import Counter
from typing import Any

from cardtable.config import Settings
from tests.support.app_under_test import app_under_test
from tests.support.rated import bearer, enqueue, new_player, poll, queued, schema_errors


def test_two_humans_are_matched_at_a_rated_live_table(client: Any) -> None:
    ann, bob = new_player(client), new_player(client)
    first = enqueue(client, ann)
    assert first.status_code == 202
    assert first.get_json()["status"] == "waiting"
    ticket = first.get_json()["ticket"]
    second = queued(client, bob)
    assert second["status"] == "matched"
    mine = poll(client, ann, ticket)
    assert mine["status"] == "matched" and mine["game_id"] == second["game_id"]
    assert {mine["seat"], second["seat"]} == {0, 1}
    assert poll(client, ann, ticket)["token"] == mine["token"]  # as often as asked
    for answer in (first.get_json(), second, mine):
        assert schema_errors("Ticket", answer) == []

    view = client.get(f"/games/{mine['game_id']}", headers=bearer(mine["token"])).get_json()
    assert view["seat"] == mine["seat"] and view["rated"] is True
    assert view["phase"] != "waiting" and view["turn_seconds"] >= 15
    players = {entry["seat"]: entry["player"] for entry in view["players"]}
    assert players == {mine["seat"]: ann["id"], second["seat"]: bob["id"]}
    legal = client.get(f"/games/{mine['game_id']}/legal-moves", headers=bearer(mine["token"]))
    assert legal.status_code == 200 and legal.get_json()["moves"]
    # Another player's token is not shown to this one, nor its ticket.
    assert client.get(f"/queue/{ticket}", headers=bearer(bob["key"])).status_code == 403
    assert client.get(f"/queue/{ticket}").status_code == 401


def test_one_waiting_ticket_per_player_and_cancel(client: Any) -> None:
    ann = new_player(client)
    ticket = queued(client, ann)["ticket"]
    again = enqueue(client, ann, game="skipbo", size=3)
    assert again.status_code == 409 and again.get_json()["code"] == "already_queued"
    gone = client.delete(f"/queue/{ticket}", headers=bearer(ann["key"]))
    assert gone.status_code == 200
    assert gone.get_json()["status"] == "cancelled" and gone.get_json()["ticket"] == ticket
    assert poll(client, ann, ticket)["status"] == "cancelled"
    assert enqueue(client, ann, game="skipbo", size=3).status_code == 202


def test_a_matched_ticket_cannot_be_cancelled(client: Any) -> None:
    ann, bob = new_player(client), new_player(client)
    ticket = queued(client, ann)["ticket"]
    enqueue(client, bob)
    refused = client.delete(f"/queue/{ticket}", headers=bearer(ann["key"]))
    assert refused.status_code == 409 and refused.get_json()["code"] == "already_matched"


def test_kinds_games_and_sizes_are_respected(client: Any) -> None:
    human, bot = new_player(client), new_player(client, "bot")
    # The bot accepts humans, the human only humans (the default): no match.
    t_human = queued(client, human)["ticket"]
    assert queued(client, bot, opponents="humans")["status"] == "waiting"
    assert poll(client, human, t_human)["status"] == "waiting"
    other = new_player(client)
    assert queued(client, other, size=3)["status"] == "waiting"  # another size
    third = new_player(client)
    assert queued(client, third, game="skipbo")["status"] == "waiting"
    fourth = new_player(client)
    assert queued(client, fourth)["status"] == "matched"
    assert poll(client, human, t_human)["status"] == "matched"


def test_a_bot_ticket_is_matched_at_once_with_server_bots(client: Any) -> None:
    bot = new_player(client, "bot")
    answer = queued(client, bot, size=3)
    assert answer["status"] == "matched"
    view = client.get(f"/games/{answer['game_id']}").get_json()
    assert view["rated"] is True and len(view["players"]) == 3
    ids = [entry["player"] for entry in view["players"]]
    assert len(set(ids)) == 3 and bot["id"] in ids
    bots = [b for seat, b in enumerate(view["bots"]) if seat != answer["seat"]]
    assert all(bots)  # the other seats are the server's bots
    for player in ids:
        assert client.get(f"/players/{player}").get_json()["kind"] == "bot"


def test_server_bots_lost_from_redis_are_made_again(
    client: Any, settings: Settings, raw_redis: Any
) -> None:
    # The app made its server bots at its first match, then Redis lost everything (emptied
    # or restarted without persistence) under the running app: bots are still matched.
    assert queued(client, new_player(client, "bot"))["status"] == "matched"
    for key in list(raw_redis.scan_iter(match=f"{settings.key_prefix}:*")):
        raw_redis.delete(key)
    assert client.get("/players/bot-expert-1").status_code == 404
    bot = new_player(client, "bot")
    answer = queued(client, bot)
    assert answer["status"] == "matched"
    view = client.get(f"/games/{answer['game_id']}").get_json()
    other = next(entry["player"] for entry in view["players"] if entry["player"] != bot["id"])
    assert other.startswith("bot-")
    assert client.get(f"/players/{other}").get_json()["kind"] == "bot"


def test_a_human_never_meets_itself_and_waits_by_default(client: Any) -> None:
    human = new_player(client)
    answer = queued(client, human)
    assert answer["status"] == "waiting"  # humans meet server bots only when they ask
    assert poll(client, human, answer["ticket"], wait=0.2)["status"] == "waiting"


def test_a_long_poll_wakes_when_matched(client: Any, app: Any) -> None:
    ann, bob = new_player(client), new_player(client)
    ticket = queued(client, ann)["ticket"]
    seen: dict[str, Any] = {}

    def wait() -> None:
        seen.update(poll(app.test_client(), ann, ticket, wait=20))

    waiter = threading.Thread(target=wait)
    waiter.start()
    enqueue(client, bob)
    waiter.join(30)
    assert seen["status"] == "matched"


def test_a_ticket_nobody_polls_expires(settings: Settings) -> None:
    with app_under_test(settings.with_overrides(queue_expire_seconds=0.01)) as app:
        client = app.test_client()
        ann, bob = new_player(client), new_player(client)
        ticket = enqueue(client, ann).get_json()["ticket"]
        threading.Event().wait(0.05)
        # Bob's queueing sweeps Ann's stale ticket out before it looks for opponents: they
        # are not matched.
        theirs = enqueue(client, bob).get_json()["ticket"]
        assert poll(client, ann, ticket)["status"] == "expired"
        assert poll(client, bob, theirs)["status"] != "matched"


def test_unknown_and_malformed_tickets(client: Any) -> None:
    ann = new_player(client)
    for ticket in ("nope", "skyjo.2.nope", "chess.2.x"):
        assert client.get(f"/queue/{ticket}", headers=bearer(ann["key"])).status_code == 404
    assert enqueue(client, ann, size=9).status_code == 422
    assert enqueue(client, ann, size="2").status_code == 422
    assert enqueue(client, ann, opponents="cats").status_code == 422


def test_many_players_on_two_app_instances_are_each_matched_once(settings: Settings) -> None:
    with app_under_test(settings) as one, app_under_test(settings) as two:
        apps = [one, two]
        sizes = {2: 12, 3: 12, 4: 12}
        players = []
        for index, size in enumerate(size for size, count in sizes.items() for _ in range(count)):
            client = apps[index % 2].test_client()
            players.append((size, new_player(client, "human")))
        tickets: dict[str, tuple[int, dict[str, Any]]] = {}
        lock = threading.Lock()
        start = threading.Barrier(len(players))

        def queue(index: int, size: int, player: dict[str, Any]) -> None:
            client = apps[index % 2].test_client()
            start.wait()
            answer = enqueue(client, player, size=size)
            assert answer.status_code == 202, answer.get_json()
            with lock:
                tickets[answer.get_json()["ticket"]] = (size, player)

        threads = [
            threading.Thread(target=queue, args=(i, size, p)) for i, (size, p) in enumerate(players)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert len(tickets) == len(players)
        answers = {}
        for index, (ticket, (_size, player)) in enumerate(tickets.items()):
            answers[ticket] = poll(apps[index % 2].test_client(), player, ticket)
        assert all(a["status"] == "matched" for a in answers.values()), answers
        games = Counter(a["game_id"] for a in answers.values())
        for ticket, answer in answers.items():
            size, player = tickets[ticket]
            assert games[answer["game_id"]] == size  # right size, every ticket seated once
            view = one.test_client().get(f"/games/{answer['game_id']}").get_json()
            ids = [entry["player"] for entry in view["players"]]
            assert len(ids) == size and len(set(ids)) == size  # nobody twice at a table
            assert ids[answer["seat"]] == player["id"]
            assert not any(view["bots"])  # humans asked for humans


def test_one_player_racing_itself_gets_one_waiting_ticket(app: Any) -> None:
    ann = new_player(app.test_client())
    answers: list[int] = []
    start = threading.Barrier(8)

    def queue(size: int) -> None:
        start.wait()
        answers.append(enqueue(app.test_client(), ann, game="skipbo", size=size).status_code)

    threads = [threading.Thread(target=queue, args=(2 + i % 5,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(answers) == [202] + [409] * 7


def test_a_ticket_streams_its_match_as_server_sent_events(client: Any, app: Any) -> None:
    ann, bob = new_player(client), new_player(client)
    ticket = queued(client, ann)["ticket"]
    messages: list[str] = []

    def listen() -> None:
        headers = {**bearer(ann["key"]), "Accept": "text/event-stream"}
        response = app.test_client().get(f"/queue/{ticket}", headers=headers, buffered=False)
        assert response.mimetype == "text/event-stream"
        for chunk in response.response:
            messages.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        response.close()

    listener = threading.Thread(target=listen)
    listener.start()
    while not messages:
        threading.Event().wait(0.01)
    enqueue(client, bob)
    listener.join(30)
    data = [json.loads(m[len("data: ") :]) for m in messages if m.startswith("data: ")]
    assert [d["status"] for d in data] == ["waiting", "matched"]
    assert data[-1]["token"] == poll(client, ann, ticket)["token"]
    refused = client.get(f"/queue/{ticket}", headers={"Accept": "text/event-stream"})
    assert refused.status_code == 401


def test_a_players_own_feed_says_matched_and_its_turns(client: Any, app: Any) -> None:
    bot = new_player(client, "bot")
    messages: list[dict[str, Any]] = []
    done = threading.Event()

    def listen() -> None:
        headers = {**bearer(bot["key"]), "Accept": "text/event-stream"}
        response = app.test_client().get(
            f"/players/{bot['id']}/events", headers=headers, buffered=False
        )
        assert response.mimetype == "text/event-stream"
        for chunk in response.response:
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith("data: "):
                messages.append(json.loads(text[len("data: ") :]))
            if any(m["type"] == "turn" for m in messages) or done.is_set():
                break
        response.close()

    listener = threading.Thread(target=listen)
    listener.start()
    answer = queued(client, bot)  # matched at once with a server bot
    listener.join(30)
    done.set()
    kinds = [m["type"] for m in messages]
    assert kinds[0] == "matched", messages
    assert messages[0]["game_id"] == answer["game_id"] and messages[0]["token"] == answer["token"]
    turn = next(m for m in messages if m["type"] == "turn")
    assert turn["game_id"] == answer["game_id"] and turn["seat"] == answer["seat"]
    legal = client.get(f"/games/{turn['game_id']}/legal-moves", headers=bearer(answer["token"]))
    assert legal.get_json()["moves"]
    other = new_player(client)
    assert (
        client.get(f"/players/{bot['id']}/events", headers=bearer(other["key"])).status_code == 403
    )
    assert client.get(f"/players/{bot['id']}/events").status_code == 401


def test_an_abandoned_ticket_neither_revives_nor_blocks_its_player(settings: Settings) -> None:
    with app_under_test(settings.with_overrides(queue_expire_seconds=0.01)) as app:
        client = app.test_client()
        ann = new_player(client)
        ticket = queued(client, ann, game="skipbo", size=5)["ticket"]
        threading.Event().wait(0.05)  # nobody else queues for that size: no sweep ran
        assert enqueue(client, ann).status_code == 202  # not already_queued
        assert poll(client, ann, ticket)["status"] == "expired"
        bob = new_player(client)
        stale = queued(client, bob, game="skipbo", size=5)["ticket"]
        threading.Event().wait(0.05)
        assert poll(client, bob, stale)["status"] == "expired"  # a late poll does not revive it


def test_a_queue_request_retried_with_its_idempotency_key_replays(client: Any) -> None:
    ann, bob = new_player(client), new_player(client)
    headers = {**bearer(ann["key"]), "Idempotency-Key": "queue-0123456789"}
    body = {"game": "skyjo", "players": 2}
    first = client.post("/queue", json=body, headers=headers)
    again = client.post("/queue", json=body, headers=headers)
    assert first.status_code == again.status_code == 202
    assert again.get_json() == first.get_json()
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert "Idempotent-Replayed" not in first.headers
    ticket = first.get_json()["ticket"]
    # Still one waiting ticket, matched once with the next player.
    assert poll(client, ann, ticket)["status"] == "waiting"
    assert queued(client, bob)["status"] == "matched"
    replay = client.post("/queue", json=body, headers=headers)
    assert replay.get_json() == first.get_json()  # the first answer, though matched since
    assert poll(client, ann, ticket)["status"] == "matched"
    # The same key for another queue (a team table) is refused.
    teams = {"game": "skipbo", "players": 4, "teams": True}
    reused = client.post("/queue", json=teams, headers=headers)
    assert reused.status_code == 422 and reused.get_json()["code"] == "idempotency_key_reused"
