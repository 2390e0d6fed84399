"""The `max_turns` safeguard: a round that goes nowhere ends after that many turns per seat
and is scored as it lies, in both games; the count survives a stored state, and states
written without the option still load unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable_engine.base import GameState
from cardtable_engine.games.skyjo.scoring import round_scores
from cardtable_engine.registry import GAMES, load_state


def _swap_forever(state: GameState, seat: int) -> dict[str, Any]:
    """The issue's lock-up: take the discard into a face-up cell (or reveal) forever."""
    moves = state.legal_moves(seat)
    if state.step() == "reveal":
        return moves[0]
    view = state.view(seat)
    grid = view["players"][seat]["grid"]
    for move in moves:
        if move["type"] == "take_discard" and isinstance(grid[move["row"] * 4 + move["col"]], int):
            return move
    return moves[0]


def test_a_skyjo_round_that_goes_nowhere_ends_after_max_turns_scored_as_it_lies() -> None:
    state = GAMES["skyjo"].new_state(["a", "b"], {"max_turns": 10, "max_rounds": 1}, 3)
    moves = 0
    while not state.is_over:
        seat = state.active_seats()[0]
        state.apply(seat, _swap_forever(state, seat))
        moves += 1
        assert moves < 1000
    (result,) = state.rounds
    # Every card is turned up, and the scores follow from the totals as in any round.
    assert all(cell is not None for grid in result["grids"] for cell in grid)
    totals = result["card_totals"]
    assert result["finisher"] == totals.index(min(totals))
    assert result["scores"] == round_scores(totals, result["finisher"], finisher_penalty=True)
    assert GAMES["skyjo"].replay(state.record()).score() == state.score()


@pytest.mark.parametrize(("game", "cap"), [("skyjo", 100), ("skipbo", 200)])
def test_every_game_is_capped_by_default(game: str, cap: int) -> None:
    state = GAMES[game].new_state(["a", "b"], {}, 3)
    assert state.options["max_turns"] == cap


def test_the_same_game_capped_by_default_ends_and_without_the_cap_runs_on() -> None:
    capped = GAMES["skyjo"].new_state(["a", "b"], {"max_rounds": 1}, 3)
    state = GAMES["skyjo"].new_state(["a", "b"], {"max_rounds": 1, "max_turns": None}, 3)
    for game in (capped, state):
        for _ in range(2000):
            if game.is_over:
                break
            seat = game.active_seats()[0]
            game.apply(seat, _swap_forever(game, seat))
    assert capped.is_over and capped.rounds[0]["card_totals"]
    assert not state.is_over and state.round == 1


def test_a_skipbo_round_capped_by_max_turns_is_drawn() -> None:
    state = GAMES["skipbo"].new_state(["a", "b"], {"max_turns": 3}, 1)
    rng = random.Random(0)
    while not state.is_over:
        seat = state.active_seats()[0]
        moves = state.legal_moves(seat)
        # Never build: only discards (or passes) end the turns.
        quiet = [m for m in moves if m["type"] != "play"] or moves
        state.apply(seat, rng.choice(quiet))
    (result,) = state.rounds
    assert result["winner"] is None and result["scores"] == [0, 0]
    assert state.score()["winners"] == []


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_the_turn_count_is_stored_and_loads_back(game: str) -> None:
    state = GAMES[game].new_state(["a", "b"], {"max_turns": 50}, 7)
    rng = random.Random(7)
    for _ in range(40):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert state.turns > 0
    for data in (state.to_dict(), state.snapshot()):
        assert data["turns"] == state.turns
        loaded = load_state(data)
        assert loaded.turns == state.turns and loaded.snapshot() == state.snapshot()
    trusted = load_state(state.snapshot(), trusted=True)
    assert trusted.turns == state.turns
    plain = GAMES[game].new_state(["a", "b"], {"max_turns": None}, 7).to_dict()
    assert "turns" not in plain


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_a_state_written_before_the_option_loads_unchanged(game: str) -> None:
    data = GAMES[game].new_state(["a", "b"], {"max_turns": None}, 7).to_dict()
    del data["options"]["max_turns"]
    assert load_state(data).to_dict() == data
    with pytest.raises(Exception, match="turns"):  # the option needs its count
        load_state({**data, "options": {**data["options"], "max_turns": 5}})
