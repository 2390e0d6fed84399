"""A PettingZoo AEC environment for Skyjo or Skip-Bo: agents `player_0`... take turns
(Skyjo's simultaneous setup reveals are taken lowest seat first), each observes
`{"observation", "action_mask"}` built from its own view only, and rewards come at the end
of each round and of the game. Encodings: `skyjo_codec` and `skipbo_codec`.

An illegal action follows the policy both environments share (`core.IllegalAction`: by
default nothing moves, the agent is charged `illegal_penalty` and acts again); an episode
is truncated for every agent after `max_steps` steps per agent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable_sdk.envs.core import ILLEGAL_PENALTY, MAX_STEPS, IllegalAction, Match


class CardtableAECEnv(AECEnv):  # type: ignore[misc]
    """`CardtableAECEnv("skyjo", players=2, options={"end_score": 50})`; `reset(seed=...)`
    deals with that seed (without one, with a seed drawn from the last one given)."""

    metadata = {"name": "cardtable_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        *,
        illegal_penalty: float | None = ILLEGAL_PENALTY,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        self.match = Match(game, players, options)
        self.illegal_penalty = illegal_penalty
        self.max_steps = (MAX_STEPS[game] if max_steps is None else max_steps) * players
        self._steps = 0
        self.metadata = {**self.metadata, "name": f"{game}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._no_rewards = dict.fromkeys(self.possible_agents, 0.0)
        self.agents = list(self.possible_agents)
        codec = self.match.codec
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (codec.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (codec.actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(codec.actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat, match = self._seats[agent], self.match
        return {"observation": match.observe(seat), "action_mask": match.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.match.reset(int(self._seeds.integers(2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.match.acting]
        self._steps = 0

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        self._cumulative_rewards[agent] = 0.0
        self._steps += 1
        try:
            rewards = match.step(action)
            self.infos[agent] = {}
        except IllegalAction:
            if self.illegal_penalty is None:
                message = f"action {action!r} is not legal for {agent} (see action_mask)"
                raise IllegalAction(message) from None
            self.infos[agent] = {"illegal_action": True}
            rewards = [0.0] * match.players
            rewards[match.acting] = -self.illegal_penalty
        if any(rewards):  # pettingzoo's _accumulate_rewards, on the steps that pay
            self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
            for name, reward in self.rewards.items():
                self._cumulative_rewards[name] += reward
        else:
            self.rewards = self._no_rewards.copy()
        if match.over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            if self._steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[match.acting]

    def render(self) -> None:
        """Nothing to draw: print `match.state.view(seat)` to look at a seat's view."""

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str, players: int = 2, options: Mapping[str, Any] | None = None, **settings: Any
) -> CardtableAECEnv:
    """The AEC environment of `game` (PettingZoo's usual constructor name); `settings`:
    `illegal_penalty`, `max_steps`."""
    return CardtableAECEnv(game, players, options, **settings)
