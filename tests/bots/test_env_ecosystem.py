"""The environments as the RL ecosystem expects them: `action_masks()`, Gymnasium ids with a
TimeLimit, truncation in both envs, one illegal-action policy for both, pickling, vector
environments in processes, and a game that goes nowhere still ends (the rules' max_turns)."""

from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.wrappers import TimeLimit

from cardtable_sdk.envs import ENV_IDS, CardtableEnv, IllegalAction, env

SHORT = {"skyjo": {"end_score": 30}, "skipbo": {"stock_size": 5}}


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_action_masks_are_the_legal_actions(game: str) -> None:
    gym = CardtableEnv(game, ["random"], options=SHORT[game])
    _, info = gym.reset(seed=2)
    for _ in range(200):
        masks = gym.action_masks()
        assert masks.dtype == bool and np.array_equal(masks, info["action_mask"].astype(bool))
        assert set(np.flatnonzero(masks)) == set(gym.match.legal())
        _, _, terminated, truncated, info = gym.step(int(np.flatnonzero(masks)[0]))
        if terminated or truncated:
            _, info = gym.reset()


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_gymnasium_make_registers_both_games_with_a_time_limit(game: str) -> None:
    made = gymnasium.make(ENV_IDS[game], opponents=["greedy"])
    assert isinstance(made, TimeLimit) and made.spec is not None
    assert made.spec.max_episode_steps == made.unwrapped.max_steps  # type: ignore[attr-defined]
    _, info = made.reset(seed=0)
    assert info["action_mask"].any()
    # How sb3-contrib's MaskablePPO reaches the masks through the wrappers (its vector
    # environments' env_method("action_masks") calls get_wrapper_attr).
    masks = made.get_wrapper_attr("action_masks")()
    assert masks.dtype == bool and np.array_equal(masks, info["action_mask"].astype(bool))


def test_an_agent_that_sends_one_illegal_action_is_truncated_not_looped_forever() -> None:
    gym = CardtableEnv("skyjo", ["greedy"], max_steps=50)
    _, info = gym.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for step in range(1, 51):
        _, reward, terminated, truncated, info = gym.step(illegal)
        assert info["illegal_action"] and reward == -0.1 and not terminated
        assert truncated == (step == 50)


def test_the_aec_env_follows_the_same_illegal_action_policy_and_truncates() -> None:
    aec = env("skyjo", 2, max_steps=20)
    aec.reset(seed=1)
    agent = aec.agent_selection
    illegal = int(np.flatnonzero(aec.observe(agent)["action_mask"] == 0)[0])
    aec.step(illegal)
    assert aec.agent_selection == agent and aec.rewards[agent] == -0.1
    assert aec.infos[agent]["illegal_action"] and not any(aec.truncations.values())
    steps = 1
    while not any(aec.truncations.values()):
        aec.step(
            illegal
            if aec.agent_selection == agent
            else int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0])
        )
        steps += 1
    assert steps == 40 and all(aec.truncations.values())  # 20 steps per agent, 2 agents


@pytest.mark.parametrize("make", [
    lambda: CardtableEnv("skyjo", ["greedy"], illegal_penalty=None),
    lambda: env("skyjo", 2, illegal_penalty=None),
])  # fmt: skip
def test_with_no_penalty_both_envs_raise_the_same_error(make: object) -> None:
    made = make()  # type: ignore[operator]
    if isinstance(made, CardtableEnv):
        _, info = made.reset(seed=1)
        mask = info["action_mask"]
    else:
        made.reset(seed=1)
        mask = made.observe(made.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="not legal"):
        made.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_envs_pickle_mid_game_and_go_on_identically(game: str) -> None:
    gym = CardtableEnv(game, ["greedy"], options=SHORT[game])
    _, info = gym.reset(seed=4)
    for _ in range(5):
        gym.step(int(np.flatnonzero(info["action_mask"])[0]))
        info = {"action_mask": gym.action_masks()}
    copy = pickle.loads(pickle.dumps(gym))
    for _ in range(30):
        action = int(np.flatnonzero(gym.action_masks())[-1])
        a, b = gym.step(action), copy.step(action)
        assert np.array_equal(a[0], b[0]) and a[1:4] == b[1:4]
        if a[2]:
            break
    aec = env(game, 2, SHORT[game])
    aec.reset(seed=4)
    assert pickle.loads(pickle.dumps(aec)).observe("player_0")["observation"].shape


def test_a_vector_env_in_processes_steps_with_masks() -> None:
    envs = gymnasium.make_vec(
        ENV_IDS["skyjo"], num_envs=2, vectorization_mode="async", opponents=["random"]
    )
    try:
        obs, _ = envs.reset(seed=[1, 2])
        assert obs.shape[0] == 2
        for _ in range(20):
            masks = np.stack(envs.call("action_masks"))
            actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
            obs, _, _, _, infos = envs.step(actions)
            assert not infos.get("illegal_action", np.zeros(2)).any()
    finally:
        envs.close()


def test_the_locked_loop_of_the_issue_ends_under_the_rules_turn_limit() -> None:
    """Both seats take the discard into a face-up cell forever: the game still ends."""

    def swap(view: object, legal: list[dict[str, object]]) -> dict[str, object]:
        grid = view["players"][view["seat"]]["grid"]  # type: ignore[index]
        for move in legal:
            if move["type"] == "take_discard" and isinstance(
                grid[int(move["row"]) * 4 + int(move["col"])],
                int,  # type: ignore[call-overload]
            ):
                return move
        return legal[0]

    gym = CardtableEnv("skyjo", [swap], options={"max_rounds": 1})
    gym.reset(seed=0)
    steps = 0
    while steps < 2000:
        steps += 1
        legal = gym.match.legal()
        view = gym.match.state.view(0)
        move = swap(view, list(legal.values()))
        action = next(n for n, m in legal.items() if m == move)
        _, _, terminated, truncated, _ = gym.step(action)
        if terminated:
            break
    assert terminated and not truncated and steps <= 2 * 100 + 10
