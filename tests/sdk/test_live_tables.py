"""The SDK's live tables against the live server (gunicorn, real Redis): open seats and
invites, the lobby, start, leave and rematch, sync and async, with a typed error for every
new refusal."""

from __future__ import annotations

import asyncio
import random

import pytest

from cardtable_sdk import (
    OPEN_SEAT,
    AlreadyLeft,
    AlreadyStarted,
    AsyncCardtable,
    Cardtable,
    GameNotOver,
    GameNotStarted,
    InvalidInvite,
    InvalidName,
    InvalidTableSettings,
    NoOpenSeat,
    SeatSession,
    play,
)
from tests.support.live_server import LiveServer

RNG = random.Random(7)


def random_bot(view: object, legal: list[dict[str, object]]) -> dict[str, object]:
    return RNG.choice(legal)


def test_create_share_the_invite_join_and_play(table: Cardtable, live_server: LiveServer) -> None:
    game = table.create_game("skyjo", ["Ann", OPEN_SEAT], options={"max_rounds": 1})
    assert game.invite and game.players[1].open and game.players[1].token is None
    ann = game.seat(0)
    with pytest.raises(GameNotStarted):
        ann.move({"type": "reveal", "row": 0, "col": 0})
    assert ann.view()["phase"] == "waiting" and ann.legal_moves() == []
    with Cardtable(live_server.url) as other:
        with pytest.raises(InvalidInvite):
            other.join(game.id, "Bea", invite="not-it")
        with pytest.raises(InvalidName):
            other.join(game.id, "", invite=game.invite)
        bea = other.join(game.id, "Bea", invite=game.invite)
        assert isinstance(bea, SeatSession) and bea.seat == 1 and bea.token
        with pytest.raises(NoOpenSeat):
            other.join(game.id, "Cy", invite=game.invite)
        assert bea.view()["phase"] != "waiting"
        while not ann.view().finished:
            for seat in (ann, bea):
                view, legal = seat.turn()
                if legal and not view.finished:
                    seat.move(random_bot(view, legal))
        again = [ann.rematch(), bea.rematch()]
        assert again[0].game_id == again[1].game_id != game.id
        assert [s.seat for s in again] == [0, 1] and again[0].token != ann.token
        assert ann.view()["rematch"] == again[0].game_id
        assert again[1].view()["phase"] != "waiting"  # both claimed their seats: dealt
        with pytest.raises(NoOpenSeat):
            bea.rematch()


def test_lobby_start_leave_and_rematch(table: Cardtable, live_server: LiveServer) -> None:
    with pytest.raises(InvalidTableSettings):
        table.create_game("skipbo", ["Ann", OPEN_SEAT], turn_seconds=1)
    game = table.create_game("skipbo", ["Ann", OPEN_SEAT, OPEN_SEAT], public=True, turn_seconds=300)
    page = table.open_games("skipbo", limit=100)
    assert game.id in [entry["id"] for entry in page.games]
    with Cardtable(live_server.url) as other:
        bea = other.join(game.id, "Bea")  # public: no invite needed
        ann = game.seat(0)
        with pytest.raises(GameNotOver):
            ann.rematch()
        ann.start(fill="greedy")
        with pytest.raises(AlreadyStarted):
            ann.start()
        assert game.id not in [e["id"] for e in table.open_games("skipbo", limit=100).games]
        bea.leave()
        with pytest.raises(AlreadyLeft):
            bea.leave()
        view = ann.view()
        assert view["left"][1] and view["bot_reasons"][1] == "left"
        assert view["deadline"] is not None and view["turn_seconds"] == 300


def test_async_join_leave_and_lobby(live_server: LiveServer) -> None:
    async def scenario() -> None:
        async with AsyncCardtable(live_server.url) as table:
            game = await table.create_game("skyjo", ["Ann", OPEN_SEAT], public=True)
            page = await table.open_games("skyjo", limit=100)
            assert game.id in [entry["id"] for entry in page.games]
            bea = await table.join(game.id, "Bea", invite=game.invite)
            assert await bea.get_seat() == 1
            with pytest.raises(NoOpenSeat):
                await table.join(game.id, "Cy")
            await bea.leave()
            with pytest.raises(AlreadyLeft):
                await bea.leave()

    asyncio.run(scenario())


def test_the_bot_runner_plays_a_joined_seat(table: Cardtable) -> None:
    game = table.create_game("skyjo", [("Bot", "greedy"), OPEN_SEAT], options={"max_rounds": 1})
    seat = table.join(game.id, "Runner", invite=game.invite)
    result = play(seat, random_bot)
    assert result.view.finished
