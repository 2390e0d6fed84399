"""The Gymnasium environment under every vector autoreset mode: every mask a masked policy
is handed allows at least one action, and each action sampled from it is legal (the action
of a NEXT_STEP reset step is ignored); a step after the end raises; a text render mode."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from cardtable_sdk.envs import ENV_IDS, CardtableEnv

ONE_ROUND = {"skyjo": {"max_rounds": 1}, "skipbo": {"stock_size": 3}}


@pytest.mark.parametrize("game", sorted(ENV_IDS))
@pytest.mark.parametrize("mode", list(AutoresetMode), ids=lambda m: m.name)
def test_every_mask_allows_an_action_and_every_sampled_action_is_legal(
    game: str, mode: AutoresetMode
) -> None:
    envs = gymnasium.make_vec(
        ENV_IDS[game],
        num_envs=2,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": mode},
        opponents=["random"],
        options=ONE_ROUND[game],
    )
    rng = np.random.default_rng(0)
    try:
        envs.reset(seed=[1, 2])
        ended = np.zeros(2, dtype=bool)
        episodes = 0
        for _ in range(600):
            masks = np.stack(envs.call("action_masks"))
            assert masks.any(axis=1).all(), "an all-false mask"
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            _, _, terminated, truncated, infos = envs.step(actions)
            illegal = infos.get("illegal_action", np.zeros(2, dtype=bool))
            assert not np.asarray(illegal, dtype=bool)[~ended].any()
            if mode == AutoresetMode.NEXT_STEP:
                ended = terminated | truncated  # the next step resets, ignoring its action
            elif mode == AutoresetMode.DISABLED and (terminated | truncated).any():
                envs.reset(options={"reset_mask": terminated | truncated})
            episodes += int((terminated | truncated).sum())
        assert episodes >= 4  # the end of an episode was crossed, more than once
    finally:
        envs.close()


def test_a_step_after_the_end_raises_and_the_mask_stays_usable() -> None:
    env = CardtableEnv("skyjo", ["random"], options={"max_rounds": 1})
    env.reset(seed=3)
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(env.action_masks())[0])
        _, _, terminated, _, _ = env.step(action)
    assert env.action_masks().any()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    env.reset(seed=4)
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # playable again


@pytest.mark.parametrize("game", sorted(ENV_IDS))
def test_the_text_render_mode_shows_what_the_seat_sees(game: str) -> None:
    env = gymnasium.make(ENV_IDS[game], opponents=["random"], render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text and "seat 1" in text
    view = env.unwrapped.match.state.view(0)  # type: ignore[attr-defined]
    if game == "skyjo":
        hidden = sum(c is None for p in view["players"] for c in p["grid"])
        assert text.count(" ?") == hidden  # a face-down card shows as "?", never its value
    else:
        assert "hand: " in text and text.count("hand: ") == 1  # only our own hand
    with pytest.raises(ValueError, match="render_mode"):
        CardtableEnv(game, ["random"], render_mode="human")
