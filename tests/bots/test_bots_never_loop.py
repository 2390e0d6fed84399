"""Bots that never loop: the expert once swapped a 3 and a 4 through the discard pile with a
copy of itself for ever (deal 900000, from move ~200 every move a `take_discard` into a
face-up cell). Now every move of the Skyjo expert brings its round nearer the end (a cell
turned up, a column removed, or a face-up cell lowered), so even with the turn cap off
(`max_turns: null`) its games end; both the hosted bot and the SDK example."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable_engine.base import GameState
from cardtable_engine.games.skyjo.cards import COLS
from cardtable_engine.registry import GAMES
from cardtable_sdk.views import make_view

Decide = Callable[[GameState, int], dict[str, Any]]
EXAMPLES = Path(__file__).resolve().parents[2] / "sdk" / "examples"


def _hosted(state: GameState, seat: int) -> dict[str, Any]:
    bot = GAMES["skyjo"].bots["expert"]
    return bot(state.view(seat), state.legal_moves(seat), random.Random(0))


def _search(state: GameState, seat: int) -> dict[str, Any]:
    """The `search` bot plays only moves among the expert's (never a non-progressing one)."""
    bot = GAMES["skyjo"].bots["search"]
    return bot(state.view(seat), state.legal_moves(seat), random.Random(0))


def _example(state: GameState, seat: int) -> dict[str, Any]:
    module = importlib.import_module("skyjo_expert")
    return dict(module.bot(make_view(state.view(seat)), state.legal_moves(seat)))


def _staller(state: GameState, seat: int) -> dict[str, Any]:
    """Never turns a card up after the setup: takes the discard into a face-up cell when it
    is lower, else draws and replaces the highest face-up cell."""
    legal = state.legal_moves(seat)
    grid = state.view(seat)["players"][seat]["grid"]
    up = [m for m in legal if "row" in m and isinstance(grid[m["row"] * COLS + m["col"]], int)]
    if state.step() == "reveal" or not up:
        return legal[0]
    return max(up, key=lambda m: (m["type"] == "take_discard", grid[m["row"] * COLS + m["col"]]))


@pytest.fixture(params=[_hosted, _example, _search], ids=["hosted", "example", "search"])
def expert(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Decide:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    decide: Decide = request.param
    return decide


def _play(state: GameState, seats: list[Decide], limit: int) -> int:
    moves = 0
    while not state.is_over and moves < limit:
        seat = state.active_seats()[0]
        state.apply(seat, seats[seat](state, seat))
        moves += 1
    return moves


def test_the_loop_of_two_experts_on_deal_900000_ends_without_the_turn_cap(expert: Decide) -> None:
    state = GAMES["skyjo"].new_state(["a", "b"], {"max_turns": None}, 900_000)
    moves = _play(state, [expert, expert], 20_000)
    assert state.is_over and moves < 2_000


@pytest.mark.parametrize("deal", range(4))
def test_every_placement_of_the_expert_makes_progress(expert: Decide, deal: int) -> None:
    """Against itself and against a bot that never ends a round, with no turn cap."""
    for rival in (expert, _staller):
        state = GAMES["skyjo"].new_state(["a", "b"], {"max_turns": None, "max_rounds": 1}, deal)
        moves = 0
        while not state.is_over:
            seat = state.active_seats()[0]
            move = (expert if seat == 0 else rival)(state, seat)
            if seat == 0 and move["type"] in ("take_discard", "replace"):
                view = state.view(0)
                before = view["players"][0]["grid"][move["row"] * COLS + move["col"]]
                card = (
                    view["discard_top"] if move["type"] == "take_discard" else view["drawn"]["card"]
                )
                state.apply(seat, move)
                after = state.view(0)["players"][0]["grid"][move["row"] * COLS + move["col"]]
                assert before is None or card < before or after == "removed", (move, before)
            else:
                state.apply(seat, move)
            moves += 1
            assert moves < 5_000
