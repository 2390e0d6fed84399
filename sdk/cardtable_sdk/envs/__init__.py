"""Training environments for Skyjo and Skip-Bo (the `envs` extra: PettingZoo, Gymnasium,
numpy): `aec.env(game)` for every seat at once, `gym.CardtableEnv(game, opponents)` for one
seat against bots, registered with Gymnasium on import:

    import gymnasium, cardtable_sdk.envs
    env = gymnasium.make("cardtable/Skyjo-v0", opponents=["greedy"])   # or SkipBo-v0
    envs = gymnasium.make_vec("cardtable/Skyjo-v0", num_envs=4, vectorization_mode="async")

Observations encode one seat's view only, with perfect recall (`skyjo_codec`,
`skipbo_codec` document the layout); `action_masks()` gives the legal actions. Every
episode ends: the rules' `max_turns` applies, and `max_episode_steps` truncates."""

from gymnasium.envs.registration import register, registry

from cardtable_sdk.envs.aec import CardtableAECEnv, env
from cardtable_sdk.envs.core import MAX_STEPS, IllegalAction
from cardtable_sdk.envs.gym import CardtableEnv

ENV_IDS = {"skyjo": "cardtable/Skyjo-v0", "skipbo": "cardtable/SkipBo-v0"}
"""The Gymnasium ids, by game."""


def register_envs() -> None:
    """Register `cardtable/Skyjo-v0` and `cardtable/SkipBo-v0` (done on import)."""
    for game, env_id in ENV_IDS.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="cardtable_sdk.envs.gym:CardtableEnv",
                kwargs={"game": game},
                max_episode_steps=MAX_STEPS[game],
            )


register_envs()

__all__ = ["ENV_IDS", "CardtableAECEnv", "CardtableEnv", "IllegalAction", "env", "register_envs"]
