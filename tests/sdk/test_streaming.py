"""The runners wait on the game's event stream by default (no long-polls while it is
there), sync and async, against a live gevent server; local play keeps long-polling."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import httpx

from cardtable_sdk import AsyncCardtable, Cardtable, MoveList, View, play, play_async
from cardtable_sdk.local import LocalGame
from cardtable_sdk.runner import default_watcher
from cardtable_sdk.streaming import EventStream
from tests.support.live_server import LiveServer


def random_bot(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda view, legal: rng.choice(list(legal))


def long_polls(requests: list[httpx.Request]) -> list[str]:
    assert any(r.url.path.endswith("/moves") for r in requests)  # the hook saw the game
    return [str(r.url) for r in requests if "wait=" in str(r.url)]


def test_two_runners_follow_each_other_over_the_stream(live_server: LiveServer) -> None:
    sent: list[httpx.Request] = []
    hooks = {"event_hooks": {"request": [sent.append]}}
    with Cardtable(live_server.url, timeout=15, httpx_args=hooks) as table:
        created = table.create_game("skyjo", ["Ann", "Ben"], options={"max_rounds": 1}, seed=4)
        scores: dict[int, Any] = {}

        def run(seat: int) -> None:
            session = table.seat(created.id, created.players[seat].token)
            assert isinstance(default_watcher(session), EventStream)
            scores[seat] = play(session, random_bot(seat), wait=5.0, idle_timeout=60).score

        threads = [threading.Thread(target=run, args=(s,)) for s in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=240)
    assert scores[0] == scores[1] and scores[0]["finished"]
    assert long_polls(sent) == []  # every wait was woken by the stream


def test_an_async_runner_follows_the_stream(live_server: LiveServer) -> None:
    sent: list[httpx.Request] = []

    async def record(request: httpx.Request) -> None:
        sent.append(request)

    async def main() -> Any:
        hooks = {"event_hooks": {"request": [record]}}
        async with AsyncCardtable(live_server.url, timeout=15, httpx_args=hooks) as table:
            created = await table.create_game(
                "skipbo", ["Ann", "Ben"], options={"stock_size": 3}, seed=6
            )
            sessions = [table.seat(created.id, p.token) for p in created.players]

            async def bot(view: View, legal: MoveList) -> Any:
                return random.Random(view.version).choice(list(legal))

            return await asyncio.gather(*(play_async(s, bot, idle_timeout=60) for s in sessions))

    first, second = asyncio.run(main())
    assert first.score == second.score and first.score["finished"]
    assert long_polls(sent) == []


def test_local_play_keeps_long_polling() -> None:
    seat = LocalGame("skyjo", ["Ann", "Ben"], seed=1).seat(0)
    assert not isinstance(default_watcher(seat), EventStream)
