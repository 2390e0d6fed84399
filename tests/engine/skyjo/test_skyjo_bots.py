"""The server bots: always legal, deciding from the view alone, and greedy beats random."""

from __future__ import annotations

import random

import pytest
from skyjo_helpers import G0, G1, at, dealt_state, play_bots

from cardtable_engine.games.skyjo import RULES
from cardtable_engine.games.skyjo.state import SkyjoState


@pytest.mark.parametrize(
    ("bots", "options"),
    [
        (["greedy", "random"], {}),
        (["random", "greedy", "greedy"], {"initial_reveals": 0, "end_score": 60}),
        (["greedy", "greedy", "random", "greedy"], {"finisher_penalty": False}),
        (["greedy"] * 6, {"max_rounds": 1, "initial_reveals": 3}),
    ],
)
def test_bots_play_whole_games_with_legal_moves(bots: list[str], options: dict[str, int]) -> None:
    state = RULES.new_state([f"p{i}" for i in range(len(bots))], options, 17)
    rng = random.Random(17)
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        legal = state.legal_moves(seat)
        move = RULES.bots[bots[seat]](state.view(seat), legal, rng)
        assert move in legal
        state.apply(seat, move)
    assert state.winners()


def test_a_bot_decision_depends_only_on_the_view() -> None:
    state = dealt_state([G0, G1], 3, draw_top=[9], options={"initial_reveals": 1})
    state.apply(0, at("reveal", 0, 0))
    state.apply(1, at("reveal", 0, 0))
    data = state.to_dict()
    data["grids"][0]["cards"][5], data["grids"][0]["cards"][6] = 7, 6  # hidden from everyone
    other = SkyjoState.from_dict(data)
    for bot in RULES.bots.values():
        moves = {str(bot(s.view(0), s.legal_moves(0), random.Random(4))) for s in (state, other)}
        assert len(moves) == 1


def test_greedy_completes_a_column_from_the_discard() -> None:
    grid = [5, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12]
    state = dealt_state([grid, G1], 5, options={"initial_reveals": 2})
    state.apply(0, at("reveal", 0, 0))
    state.apply(0, at("reveal", 1, 0))
    state.apply(1, at("reveal", 0, 1))
    state.apply(1, at("reveal", 0, 2))
    assert state.current == 0
    move = RULES.bots["greedy"](state.view(0), state.legal_moves(0), random.Random(0))
    assert move == at("take_discard", 2, 0)


def test_greedy_throws_away_a_high_drawn_card() -> None:
    state = dealt_state([G0, G1], 3, draw_top=[12], options={"initial_reveals": 0})
    state.apply(0, {"type": "draw"})
    move = RULES.bots["greedy"](state.view(0), state.legal_moves(0), random.Random(0))
    assert move["type"] == "discard_and_reveal"


def test_greedy_beats_random() -> None:
    games, wins = 40, 0
    for game in range(games):
        greedy_seat = game % 2
        bots = ["random", "random"]
        bots[greedy_seat] = "greedy"
        state = play_bots(bots, {}, 1000 + game)
        wins += state.winners() == [greedy_seat]
    assert wins >= 32, f"greedy won only {wins} of {games}"
