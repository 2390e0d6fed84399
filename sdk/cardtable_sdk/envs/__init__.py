"""Training environments for Skyjo and Skip-Bo (the `envs` extra: PettingZoo, Gymnasium,
numpy): `aec.env(game)` for every seat at once, `gym.CardtableEnv(game, opponents)` for one
seat against bots. Observations encode one seat's view only (`skyjo_codec`,
`skipbo_codec` document the layout)."""

from cardtable_sdk.envs.aec import CardtableAECEnv, env
from cardtable_sdk.envs.gym import CardtableEnv

__all__ = ["CardtableAECEnv", "CardtableEnv", "env"]
