"""The async client on the live server: full games, two async bots in one game on one event
loop, coroutine bots, long-polling, and the typed errors."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from cardtable_engine.registry import GAMES
from cardtable_sdk import (
    AsyncCardtable,
    GameNotFound,
    InvalidOptions,
    InvalidToken,
    MoveList,
    StaleVersion,
    View,
    play_async,
)
from tests.support.live_server import LiveServer


def test_an_async_bot_plays_a_whole_game_against_a_server_bot(live_server: LiveServer) -> None:
    async def scenario() -> None:
        rng = random.Random(5)

        async def thinking_bot(view: View, legal: MoveList) -> dict[str, Any]:
            await asyncio.sleep(0)  # a coroutine bot may await anything
            return rng.choice(legal)

        async with AsyncCardtable(live_server.url) as table:
            assert {t.game for t in await table.game_types()} == {"skyjo", "skipbo"}
            game = await table.create_game(
                "skipbo", ["Async", ("Greedy", "greedy")], options={"stock_size": 8}, seed=5
            )
            seat = game.seat(0)
            result = await play_async(seat, thinking_bot)
            assert result.score["finished"] and result.seat == 0
            record = await seat.record()
            assert GAMES["skipbo"].replay(record).score() == result.score
            assert await game.spectate().score() == result.score

    asyncio.run(scenario())


def test_two_async_bots_share_a_game_on_one_event_loop(live_server: LiveServer) -> None:
    async def scenario() -> None:
        async with AsyncCardtable(live_server.url) as table:
            game = await table.create_game("skyjo", ["A", "B"], options={"end_score": 30}, seed=6)
            rngs = [random.Random(0), random.Random(1)]
            results = await asyncio.gather(
                *(
                    play_async(seat, lambda v, legal, r=rngs[i]: r.choice(legal), wait=2.0)
                    for i, seat in enumerate(game.human_seats())
                )
            )
            assert results[0].score == results[1].score
            assert results[0].score["finished"]
            assert results[0].moves + results[1].moves == results[0].view.version

    asyncio.run(scenario())


def test_async_sessions_read_wait_and_raise_typed_errors(live_server: LiveServer) -> None:
    async def scenario() -> None:
        async with AsyncCardtable(live_server.url, timeout=10) as table:
            game = await table.create_game("skyjo", ["A", "B"], seed=7)
            ann, ben = game.seat(0), game.seat(1)
            turn = await ann.turn()
            assert turn.view.version == 0 and len(turn.legal_moves) == 12
            assert await ann.wait_for_change(0.2) is None  # 304: nothing happened
            waiting = asyncio.create_task(ann.wait_for_change(10))
            await asyncio.sleep(0.2)
            await ben.turn()
            await ben.move({"type": "reveal", "row": 1, "col": 1})
            changed = await waiting
            assert changed is not None and changed.version == 1
            with pytest.raises(StaleVersion) as stale:
                await ann.move({"type": "reveal", "row": 0, "col": 0}, version=0)
            assert stale.value.view.version == 1
            with pytest.raises(InvalidToken):
                await table.seat(game.id, "nope").view()
            with pytest.raises(GameNotFound):
                await table.spectate("missing").view()
            with pytest.raises(InvalidOptions):
                await table.create_game("skipbo", ["A", "B"], options={"stock_size": 99})

    asyncio.run(scenario())
