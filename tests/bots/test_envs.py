"""The training environments pass PettingZoo's and Gymnasium's own checks, map legal moves
to fixed action numbers, observe exactly what the seat's view shows (no hidden card), and
pay round and game rewards."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardtable_sdk._engine import get_rules
from cardtable_sdk.envs import CardtableEnv, env, skipbo_codec, skyjo_codec
from cardtable_sdk.envs.core import Codec

SHORT = {"skyjo": {"end_score": 30}, "skipbo": {"stock_size": 5}}


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_pettingzoo_api_test(game: str) -> None:
    api_test(env(game, 2, SHORT[game]), num_cycles=300)
    seed_test(lambda: env(game, 3, SHORT[game]), num_cycles=100)


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_gymnasium_env_checker(game: str) -> None:
    check_env(CardtableEnv(game, ["greedy"], seat=1, options=SHORT[game]), skip_render_check=True)


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_every_legal_move_has_its_own_action(game: str) -> None:
    codec, rng = Codec(game, 2), random.Random(3)
    state = get_rules(game).new_state(["a", "b"], SHORT[game], 3)
    while not state.is_over:
        seat = state.active_seats()[0]
        legal = state.legal_moves(seat)
        numbers = [codec.index(move, seat) for move in legal]
        assert len(set(numbers)) == len(legal) and all(0 <= n < codec.actions for n in numbers)
        for number, move in zip(numbers, legal, strict=True):
            assert codec.module.ACTIONS[number] == move
        state.apply(seat, rng.choice(legal))


def _equal_views(game: str, seat: int) -> list[tuple[Any, Any]]:
    """Pairs of fresh games whose `seat` sees the very same view (different seeds, so
    different hidden cards)."""
    by_view: dict[str, list[Any]] = defaultdict(list)
    for seed in range(400):
        state = get_rules(game).new_state(["a", "b"], None, seed)
        by_view[repr(state.view(seat))].append(state)
    return [(states[0], states[1]) for states in by_view.values() if len(states) > 1]


def test_a_skyjo_observation_shows_no_hidden_card() -> None:
    pairs = _equal_views("skyjo", 0)
    assert len(pairs) >= 5
    hidden_differ = 0
    for a, b in pairs:
        assert np.array_equal(skyjo_codec.encode(a.view(0), 2), skyjo_codec.encode(b.view(0), 2))
        for state in (a, b):
            state.apply(0, {"type": "reveal", "row": 0, "col": 0})
        hidden_differ += a.view(0) != b.view(0)
        if a.view(0) != b.view(0):  # what the seat sees differs: so does its observation
            assert not np.array_equal(
                skyjo_codec.encode(a.view(0), 2), skyjo_codec.encode(b.view(0), 2)
            )
    assert hidden_differ >= 3  # the face-down cards really were different


def test_a_skipbo_observation_shows_no_hidden_card() -> None:
    pairs = _equal_views("skipbo", 1)
    assert len(pairs) >= 3
    for a, b in pairs:
        assert np.array_equal(skipbo_codec.encode(a.view(1), 2), skipbo_codec.encode(b.view(1), 2))
    # Seat 0's hand is hidden from seat 1, and differs in some pair.
    assert any(a.view(0)["hand"] != b.view(0)["hand"] for a, b in pairs)


@pytest.mark.parametrize(
    ("game", "options"),
    [("skyjo", {"end_score": 200}), ("skipbo", {"stock_size": 3, "target_score": 150})],
)
def test_rewards_come_per_round_and_at_the_end(game: str, options: dict[str, Any]) -> None:
    aec = env(game, 2, options)
    aec.reset(seed=3)
    totals = dict.fromkeys(aec.agents, 0.0)
    paid_steps, rng = 0, random.Random(3)
    for agent in aec.agent_iter():
        _, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        paid_steps += reward != 0
        if terminated or truncated:
            aec.step(None)
            continue
        mask = aec.observe(agent)["action_mask"]
        aec.step(rng.choice(np.flatnonzero(mask).tolist()))
    score = aec.match.state.score()
    assert len(score["rounds"]) >= 2 and paid_steps >= len(score["rounds"])
    (winner,) = score["winners"]
    for seat, agent in enumerate(aec.possible_agents):
        rounds = sum(aec.match.codec.round_reward(r["scores"], seat) for r in score["rounds"])
        assert totals[agent] == pytest.approx(rounds + (1 if seat == winner else -1))


def test_an_illegal_gym_action_changes_nothing() -> None:
    gym = CardtableEnv("skyjo", ["random"], options=SHORT["skyjo"])
    obs, info = gym.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, _, info = gym.step(illegal)
    assert info["illegal_action"] and reward < 0 and not terminated
    assert np.array_equal(obs, again)
