"""Bot seats played by the engine's `play_bots`: the same seed gives the same game however
the work is split, and it stops where a seat without a bot must act."""

from __future__ import annotations

import pytest

from cardtable_engine.autoplay import bots_to_act, play_bots
from cardtable_engine.registry import GAMES

CASES = [
    ("skyjo", {"max_rounds": 1}, 3),
    ("skipbo", {"stock_size": 5}, 2),
    ("skipbo", {"stock_size": 3, "teams": True}, 4),
]


@pytest.mark.parametrize(("game", "options", "players"), CASES)
def test_a_bots_only_game_is_the_same_however_it_is_split(
    game: str, options: dict, players: int
) -> None:
    rules = GAMES[game]
    bots = {seat: ("greedy" if seat % 2 else "random") for seat in range(players)}
    whole = rules.new_state([f"p{i}" for i in range(players)], options, 99)
    moves = play_bots(rules, whole, bots)
    assert whole.is_over
    assert len(moves) == whole.version
    chunked = rules.new_state([f"p{i}" for i in range(players)], options, 99)
    while not chunked.is_over:
        assert play_bots(rules, chunked, bots, max_moves=7)
    assert chunked.record() == whole.record()
    # The seeds' streams differ: another seed plays another game.
    other = rules.new_state([f"p{i}" for i in range(players)], options, 100)
    play_bots(rules, other, bots)
    assert other.record()["log"] != whole.record()["log"]


def test_bots_stop_where_a_human_must_act() -> None:
    rules = GAMES["skyjo"]
    state = rules.new_state(["bot", "human"], {"initial_reveals": 2}, 5)
    moves = play_bots(rules, state, {0: "greedy"})
    assert [seat for seat, _ in moves] == [0, 0]  # the bot's two setup reveals
    assert bots_to_act(state, {0: "greedy"}) == []
    assert state.active_seats() == [1]


def test_returned_moves_are_the_logged_moves() -> None:
    rules = GAMES["skipbo"]
    state = rules.new_state(["a", "b"], {"stock_size": 4}, 3)
    moves = play_bots(rules, state, {0: "random", 1: "greedy"})
    logged = [(e["seat"], e["move"]) for e in state.log if e["type"] == "move"]
    assert moves == logged
