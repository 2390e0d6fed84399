"""A Gymnasium single-agent environment: one seat of Skyjo or Skip-Bo, the others played by
bots (`random`, `greedy`, a `module:function`, a file, or a function `(view, legal_moves)`).

The observation is the seat's encoded view (a `Box`); the legal actions are in
`info["action_mask"]`. An illegal action changes nothing and costs `illegal_penalty`, so
any action of the space may be sent. Rewards: the seat's round rewards and its share of
the final +1 / -1, as in the AEC environment."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable_sdk._engine import GameState, Move
from cardtable_sdk.arena import load_bot
from cardtable_sdk.envs.core import Match
from cardtable_sdk.views import MoveList, make_view

Opponent = str | Callable[..., Any]


class CardtableEnv(gymnasium.Env[np.ndarray, np.int64]):
    """`CardtableEnv("skyjo", opponents=["greedy"], seat=0)`: one seat per entry of
    `opponents` besides ours; `seat` is where we sit."""

    metadata = {"render_modes": []}

    def __init__(
        self,
        game: str,
        opponents: Sequence[Opponent] = ("greedy",),
        *,
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        illegal_penalty: float = 0.1,
    ) -> None:
        players = len(opponents) + 1
        self.match = Match(game, players, options)
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        self.bots = {s: _decider(game, o) for s, o in zip(others, opponents, strict=True)}
        self.illegal_penalty = illegal_penalty
        codec = self.match.codec
        self.observation_space = spaces.Box(0.0, 1.0, (codec.size,), np.float32)
        self.action_space = spaces.Discrete(codec.actions)
        self._bot_rng = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**63))
        self.match.reset(deal)
        self._bot_rng = random.Random(deal)
        reward = self._others_play()
        return self._observe(), {"action_mask": self._mask(), "reward_before": reward}

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if int(action) not in self.match.legal():
            info = {"action_mask": self._mask(), "illegal_action": True}
            return self._observe(), -self.illegal_penalty, False, False, info
        reward = self.match.step(int(action))[self.seat] + self._others_play()
        return self._observe(), reward, self.match.over, False, {"action_mask": self._mask()}

    def _others_play(self) -> float:
        """The bots move until our seat must act or the game ends; our rewards meanwhile."""
        reward = 0.0
        while not self.match.over and self.match.acting != self.seat:
            reward += self.match.play(self.bots[self.match.acting], self._bot_rng)[self.seat]
        return reward

    def _observe(self) -> np.ndarray:
        return self.match.observe(self.seat)

    def _mask(self) -> np.ndarray:
        return self.match.mask(self.seat)


def _decider(game: str, opponent: Opponent) -> Callable[[GameState, int, random.Random], Move]:
    if isinstance(opponent, str):
        return load_bot(game, opponent)
    function = opponent

    def decide(state: GameState, seat: int, rng: random.Random) -> Move:
        view = make_view(state.view(seat))
        return dict(function(view, MoveList(state.legal_moves(seat), version=state.version)))

    return decide
