"""The SDK's rated play against the live server (gunicorn, real Redis): players, profiles,
the queue and its tickets, a rated game against the server's bots, the leaderboard, and
the typed errors of the contract's "Rated play" section."""

from __future__ import annotations

import asyncio
import queue
import random
import secrets
import threading

import pytest

from cardtable_sdk import (
    AlreadyMatched,
    AlreadyQueued,
    AsyncCardtable,
    AuthenticationError,
    Cardtable,
    CardtableError,
    NameTaken,
    NotYours,
    Ticket,
    play,
    play_async,
)
from tests.support.live_server import LiveServer

RNG = random.Random(11)


def random_bot(view: object, legal: list[dict[str, object]]) -> dict[str, object]:
    return RNG.choice(legal)


def fresh_name(prefix: str) -> str:
    """Names are unique on the server the whole test session shares."""
    return f"{prefix}{secrets.token_hex(4)}"


def test_a_player_is_created_once_its_key_shown_once_and_never_in_its_profile(
    table: Cardtable,
) -> None:
    name = fresh_name("Ann")
    ann = table.create_player(name)
    assert ann.name == name and ann.kind == "human" and len(ann.key) >= 22
    assert ann.key not in repr(ann)
    profile = table.profile(ann.id)
    assert (profile.id, profile.name, profile.kind) == (ann.id, name, "human")
    assert ann.key not in repr(profile.details)
    for game in ("skyjo", "skipbo"):
        rating = profile.rating(game)
        assert rating is not None and rating.games == 0
    with pytest.raises(NameTaken):
        table.create_player(name.upper(), kind="bot")


def test_one_waiting_ticket_at_a_time_cancelled_by_its_player_only(table: Cardtable) -> None:
    bot = table.create_player(fresh_name("Waiter"), kind="bot")
    player = table.player_session(bot.key, bot.id)
    # A bot that wants humans, with no human queueing: its ticket waits.
    ticket = player.enqueue("skyjo", 2, opponents="humans")
    assert isinstance(ticket, Ticket) and ticket.waiting and ticket.token is None
    with pytest.raises(AlreadyQueued):
        player.enqueue("skipbo", 2, opponents="bots")
    assert player.ticket(ticket).waiting
    assert player.ticket(ticket, wait=1).waiting  # nothing happens in a second
    other = table.create_player(fresh_name("Other"), kind="bot")
    with pytest.raises(CardtableError) as refused:
        table.player_session(other.key, other.id).ticket(ticket)
    assert refused.value.status in (403, 404)
    with pytest.raises(AuthenticationError):
        table.player_session("not-a-key").enqueue("skyjo", 2)
    cancelled = player.cancel(ticket)
    assert cancelled.status == "cancelled" and player.ticket(ticket).status == "cancelled"
    # A cancelled ticket frees the player to queue again.
    again = player.enqueue("skyjo", 2, opponents="humans")
    assert again.ticket != ticket.ticket
    player.cancel(again)


def test_a_bot_is_matched_with_a_server_bot_plays_and_is_rated(table: Cardtable) -> None:
    created = table.create_player(fresh_name("Rated"), kind="bot")
    player = table.player_session(created.key, created.id)
    ticket = player.wait_for_match(player.enqueue("skyjo", 2, opponents="bots"), timeout=120)
    assert ticket.matched and ticket.game_id and ticket.token and ticket.seat is not None
    assert ticket.token not in repr(ticket)
    with pytest.raises(AlreadyMatched):
        player.cancel(ticket)
    seat = player.seat(ticket)
    view = seat.view()
    assert view["rated"] is True
    assert view["players"][ticket.seat]["player"] == created.id
    result = play(seat, random_bot)
    ratings = result.score["ratings"]
    mine = next(entry for entry in ratings if entry["player"] == created.id)
    assert mine["seat"] == ticket.seat and mine["after"] != mine["before"]
    profile = player.profile()
    rating = profile.rating("skyjo")
    assert rating is not None and rating.games == 1 and rating.rating == mine["after"]
    board = table.leaderboard("skyjo", kind="bot", limit=200)
    rows = {row["id"]: row for row in board.items}
    assert all(row["kind"] == "bot" for row in board.items)
    assert rows[created.id]["rating"] == mine["after"] and rows[created.id]["games"] == 1
    listed = [row["rating"] for row in board.items]
    assert listed == sorted(listed, reverse=True)
    humans = table.leaderboard("skyjo", kind="human")
    assert created.id not in {row["id"] for row in humans.items}


def test_a_bot_queues_for_a_skipbo_team_table(table: Cardtable) -> None:
    created = table.create_player(fresh_name("Team"), kind="bot")
    player = table.player_session(created.key, created.id)
    queued = player.enqueue("skipbo", 4, opponents="bots", teams=True)
    assert queued.details["teams"] is True
    ticket = player.wait_for_match(queued, timeout=120)
    assert ticket.matched and ticket.details["teams"] is True
    view = player.seat(ticket).view()
    assert view["options"]["teams"] is True and view["teams"] == [[0, 2], [1, 3]]
    player.seat(ticket).leave()


def test_the_leaderboard_pages_with_its_cursor(table: Cardtable) -> None:
    first = table.leaderboard("skyjo", limit=1)
    assert len(first.items) <= 1
    if first.next is not None:
        second = table.leaderboard("skyjo", limit=1, cursor=first.next)
        assert second.items and second.items[0]["id"] != first.items[0]["id"]
        assert second.items[0]["rating"] <= first.items[0]["rating"]


def test_history_rename_and_key_rotation(table: Cardtable) -> None:
    created = table.create_player(fresh_name("Hist"), kind="bot")
    player = table.player_session(created.key, created.id)
    ticket = player.wait_for_match(player.enqueue("skyjo", 2, opponents="bots"), timeout=120)
    result = play(player.seat(ticket), random_bot)
    mine = next(entry for entry in result.score["ratings"] if entry["player"] == created.id)
    history = player.history(limit=5)
    assert history.next is None and len(history.items) == 1
    entry = history.items[0]
    assert entry["game_id"] == ticket.game_id and entry["game"] == "skyjo"
    assert (entry["before"], entry["after"]) == (mine["before"], mine["after"])
    assert entry["placement"] == (1 if result.won else 2)
    new_name = fresh_name("Renamed")
    assert player.rename(new_name).name == new_name
    assert table.profile(created.id).name == new_name
    # The old name is free again; the new one is taken.
    table.create_player(created.name, kind="human")
    with pytest.raises(NameTaken):
        table.create_player(new_name.lower())
    old_key = player.key
    new_key = player.rotate_key()
    assert new_key != old_key and player.key == new_key
    with pytest.raises(AuthenticationError):
        table.player_session(old_key, created.id).enqueue("skyjo", 2)
    player.cancel(player.enqueue("skyjo", 2, opponents="humans"))
    other = table.create_player(fresh_name("Intruder"), kind="bot")
    with pytest.raises(NotYours):
        table.player_session(other.key, created.id).rename(fresh_name("Stolen"))


def test_the_async_client_queues_plays_and_reads_the_rating(live_server: LiveServer) -> None:
    async def scenario() -> None:
        async with AsyncCardtable(live_server.url, timeout=15) as table:
            created = await table.create_player(fresh_name("Async"), kind="bot")
            player = table.player_session(created.key, created.id)
            ticket = await player.enqueue("skyjo", 2, opponents="bots")
            ticket = await player.wait_for_match(ticket, timeout=120)
            assert ticket.matched
            result = await play_async(player.seat(ticket), random_bot)
            mine = next(e for e in result.score["ratings"] if e["player"] == created.id)
            rating = (await player.profile()).rating("skyjo")
            assert rating is not None and (rating.games, rating.rating) == (1, mine["after"])
            history = await player.history()
            assert [entry["game_id"] for entry in history.items] == [ticket.game_id]
            board = await table.leaderboard("skyjo", kind="bot", limit=200)
            assert created.id in {row["id"] for row in board.items}

    asyncio.run(scenario())


def test_the_players_own_feed_says_matched_its_turn_and_the_end(table: Cardtable) -> None:
    created = table.create_player(fresh_name("Feed"), kind="bot")
    player = table.player_session(created.key, created.id)
    ticket = player.enqueue("skyjo", 2, opponents="bots")
    heard: queue.Queue[dict[str, object]] = queue.Queue()

    def follow() -> None:
        for event in player.events():
            heard.put(event)
            if event["type"] == "game_end":
                return

    threading.Thread(target=follow, daemon=True).start()
    matched = heard.get(timeout=60)
    assert matched["type"] == "matched" and matched["ticket"] == ticket.ticket
    ticket = player.ticket(ticket)
    assert (matched["game_id"], matched["seat"], matched["token"]) == (
        ticket.game_id,
        ticket.seat,
        ticket.token,
    )
    play(player.seat(ticket), random_bot)
    types = []
    while (event := heard.get(timeout=60))["type"] != "game_end":
        assert event["game_id"] == ticket.game_id
        types.append(event["type"])
    assert event["game_id"] == ticket.game_id and "turn" in types
