"""The SDK's event iterators against a live gevent server: they follow a game to its end,
sync and async, as a seat and as a spectator, and equal the JSON feed."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import httpx

from cardtable_sdk.events import aevents, events
from tests.support.live_server import LiveServer


def play_to_end(url: str, created: dict[str, Any]) -> None:
    """Seat 0 is human, seat 1 the server's greedy bot: seat 0 plays its first legal move."""
    token = created["players"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    while True:
        legal = httpx.get(f"{url}/games/{created['id']}/legal-moves", headers=auth).json()
        if not legal["moves"]:
            return
        answer = httpx.post(
            f"{url}/games/{created['id']}/moves", json={"move": legal["moves"][0]}, headers=auth
        )
        assert answer.status_code == 200, answer.text


def test_sync_and_async_iterators_follow_a_game_to_its_end(
    push_servers: Callable[..., LiveServer],
) -> None:
    server = push_servers()
    created = httpx.post(
        f"{server.url}/games",
        json={
            "game": "skipbo",
            "players": [{"name": "Me"}, {"name": "Bot", "bot": "greedy"}],
            "options": {"stock_size": 3},
            "seed": 4,
        },
    ).json()
    game_id, token = created["id"], created["players"][0]["token"]
    seen: dict[str, list[dict[str, Any]]] = {}

    def follow_sync() -> None:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            seen["sync"] = list(events(client, game_id, token, since=0))

    async def follow_async() -> None:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
            seen["async"] = [event async for event in aevents(client, game_id, since=0)]

    followers = [
        threading.Thread(target=follow_sync),
        threading.Thread(target=lambda: asyncio.run(follow_async())),
    ]
    for follower in followers:
        follower.start()
    play_to_end(server.url, created)
    for follower in followers:
        follower.join(60)
    seat = httpx.get(
        f"{server.url}/games/{game_id}/events", headers={"Authorization": f"Bearer {token}"}
    ).json()["events"]
    spectator = httpx.get(f"{server.url}/games/{game_id}/events").json()["events"]
    assert seen["sync"] == seat and seen["async"] == spectator
    assert seat[-1]["type"] == "game_end"
