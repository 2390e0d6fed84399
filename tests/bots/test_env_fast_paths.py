"""The environments' fast paths for Skyjo, pinned to the slow ones they replace: the
observation read straight from the state equals the encoded view, the mask read from the
grid equals the legal moves, neither depends on a hidden card, and a move applied without
the engine's checks (`apply_legal`) writes what `apply` writes."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from cardtable_sdk._engine import GameState, get_rules
from cardtable_sdk.envs import env, skyjo_codec
from cardtable_sdk.search import sample_state


def _positions(players: int, games: int) -> Iterator[GameState]:
    """Every position of `games` random games of `players` seats (short ones)."""
    rules = get_rules("skyjo")
    for game in range(games):
        rng = random.Random(game)
        state = rules.new_state([f"p{i}" for i in range(players)], {"end_score": 40}, game)
        while True:
            yield state
            if state.is_over:
                break
            seat = state.active_seats()[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_observation_equals_the_encoded_view(players: int) -> None:
    """For every seat at every position, so it shows exactly what the view shows."""
    checked = 0
    for state in _positions(players, 3):
        for seat in range(players):
            fast = skyjo_codec.encode_state(state, seat, players)
            assert fast.dtype == np.float32 and fast.flags.writeable
            assert np.array_equal(fast, skyjo_codec.encode(state.view(seat), players))
            checked += 1
    assert checked > 100 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_mask_read_from_the_grid_is_the_legal_moves(players: int) -> None:
    checked = 0
    for state in _positions(players, 3):
        for seat in state.active_seats():
            flags = skyjo_codec.mask_state(state, seat)
            legal = skyjo_codec.action_numbers(state.legal_moves(seat))
            assert [n for n, flag in enumerate(flags) if flag] == sorted(legal)
            assert set(flags) <= {0, 1} and len(flags) == len(skyjo_codec.ACTIONS)
            checked += 1
    assert checked > 200


def test_the_fast_paths_show_no_hidden_card() -> None:
    """A state dealt anew behind a seat's view (other face-down cards, draw pile, another
    seat's drawn card) gives that seat the same observation and mask."""
    rng = random.Random(5)
    differed = 0
    for number, state in enumerate(_positions(2, 2)):
        if state.is_over or number % 3:
            continue
        for seat in range(2):
            other = sample_state("skyjo", state.view(seat), rng)
            differed += other.grids[1 - seat].cards != state.grids[1 - seat].cards
            mine, theirs = (skyjo_codec.encode_state(s, seat, 2) for s in (state, other))
            assert np.array_equal(mine, theirs)
            if seat in state.active_seats():
                assert skyjo_codec.mask_state(state, seat) == skyjo_codec.mask_state(other, seat)
    assert differed > 50  # the hidden cards really were dealt otherwise


def test_a_game_played_through_the_environment_replays_move_for_move() -> None:
    """The environment applies its moves without the engine's checks: the record it leaves
    replays (every move checked again) to the same score."""
    aec, rng = env("skyjo", 2, {"end_score": 60}), random.Random(1)
    aec.reset(seed=3)
    while not aec.terminations[aec.agent_selection]:
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(rng.choice(np.flatnonzero(mask).tolist())))
    state = aec.match.state
    assert type(state).replay(state.record()).score() == state.score()


def test_apply_legal_writes_what_apply_writes() -> None:
    rules, rng = get_rules("skyjo"), random.Random(2)
    checked, legal = rules.new_state(["a", "b"], None, 7), rules.new_state(["a", "b"], None, 7)
    heard: list[tuple[int, dict[str, object]]] = []
    legal.on_move = lambda seat, move: heard.append((seat, move))
    while not checked.is_over:
        seat = checked.active_seats()[0]
        move = rng.choice(checked.legal_moves(seat))
        checked.apply(seat, move)
        legal.apply_legal(seat, move)
    assert legal.to_dict() == checked.to_dict()
    assert [entry for entry in legal.log if entry["type"] == "move"] == [
        {"type": "move", "seat": seat, "move": move} for seat, move in heard
    ]
