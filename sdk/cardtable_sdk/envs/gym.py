"""A Gymnasium single-agent environment: one seat of Skyjo or Skip-Bo, the others played by
bots (`random`, `greedy`, a `module:function`, a file, or a function `(view, legal_moves)`).

The observation is the seat's encoded view (a `Box`); the legal actions are
`action_masks()` (sb3-contrib's MaskablePPO convention) and `info["action_mask"]`. An
illegal action follows the policy both environments share (`core.IllegalAction`): by
default nothing moves and it costs `illegal_penalty`. An episode is truncated after
`max_steps` steps. Rewards: the seat's round rewards and its share of the final +1 / -1,
as in the AEC environment. The environment pickles (vector environments in processes).
Once an episode is over, `step()` raises `gymnasium.error.ResetNeeded` and the mask allows
every action (so a vector environment's masks are valid with every autoreset mode: the
default NEXT_STEP one ignores the action of the step that resets). `render_mode="ansi"`
renders our seat's view as text.

    import gymnasium, cardtable_sdk.envs
    env = gymnasium.make("cardtable/Skyjo-v0", opponents=["greedy"])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable_sdk._engine import GameState, Move
from cardtable_sdk.adapters import text
from cardtable_sdk.arena import load_bot
from cardtable_sdk.envs.core import ILLEGAL_PENALTY, MAX_STEPS, IllegalAction, Match
from cardtable_sdk.views import MoveList, make_view

Opponent = str | Callable[..., Any]


class CardtableEnv(gymnasium.Env[np.ndarray, np.int64]):
    """`CardtableEnv("skyjo", opponents=["greedy"], seat=0)`: one seat per entry of
    `opponents` besides ours; `seat` is where we sit."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        opponents: Sequence[Opponent] = ("greedy",),
        *,
        seat: int = 0,
        options: Mapping[str, Any] | None = None,
        illegal_penalty: float | None = ILLEGAL_PENALTY,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' (text) or None")
        self.render_mode = render_mode
        players = len(opponents) + 1
        self.match = Match(game, players, options)
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        self.bots = {s: BotSeat(game, o) for s, o in zip(others, opponents, strict=True)}
        self.illegal_penalty = illegal_penalty
        self.max_steps = MAX_STEPS[game] if max_steps is None else max_steps
        codec = self.match.codec
        self.observation_space = spaces.Box(0.0, 1.0, (codec.size,), np.float32)
        self.action_space = spaces.Discrete(codec.actions)
        self._bot_rng = random.Random()
        self._steps = 0
        self._ended = True  # until the first reset

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(2**63))
        self.match.reset(deal)
        self._bot_rng = random.Random(deal)
        self._steps = 0
        reward = self._others_play()
        self._ended = self.match.over
        return self._observe(), {"action_mask": self._mask(), "reward_before": reward}

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._ended:
            raise gymnasium.error.ResetNeeded(
                "the episode is over (terminated or truncated): call reset() before step()"
            )
        self._steps += 1
        truncated = self._steps >= self.max_steps
        try:
            reward = self.match.step(action)[self.seat]
        except IllegalAction:
            if self.illegal_penalty is None:
                raise IllegalAction(
                    f"action {action!r} is not legal (see action_masks())"
                ) from None
            self._ended = truncated
            info = {"action_mask": self._mask(), "illegal_action": True}
            return self._observe(), -self.illegal_penalty, False, truncated, info
        reward += self._others_play()
        over = self.match.over
        self._ended = over or truncated
        return self._observe(), reward, over, truncated and not over, {"action_mask": self._mask()}

    def action_masks(self) -> np.ndarray:
        """The legal actions of our seat now, as booleans (MaskablePPO's convention).
        Once the episode is over every action is allowed: never an all-false mask, which
        a masked policy cannot sample from. A vector environment's next step (Gymnasium's
        default NEXT_STEP autoreset) resets and ignores that action; `step()` raises."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """`render_mode="ansi"`: our seat's view as text (what it sees, nothing more)."""
        if self.render_mode != "ansi":
            return None
        return text.render(self.match.state.view(self.seat))

    def _others_play(self) -> float:
        """The bots move until our seat must act or the game ends; our rewards meanwhile."""
        reward = 0.0
        while not self.match.over and self.match.acting != self.seat:
            reward += self.match.play(self.bots[self.match.acting], self._bot_rng)[self.seat]
        return reward

    def _observe(self) -> np.ndarray:
        return self.match.observe(self.seat)

    def _mask(self) -> np.ndarray:
        if self._ended:
            return np.ones(self.match.codec.actions, dtype=np.int8)
        return self.match.mask(self.seat)


class BotSeat:
    """A bot seat, picklable: a bot named by a string is loaded again after unpickling, a
    function is pickled by reference (so it must be importable: a module-level function)."""

    def __init__(self, game: str, opponent: Opponent) -> None:
        self.game, self.opponent = game, opponent
        self._decide: Callable[[GameState, int, random.Random], Move] | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.game, "opponent": self.opponent, "_decide": None}

    def __call__(self, state: GameState, seat: int, rng: random.Random) -> Move:
        if self._decide is None:
            self._decide = self._load()
        return self._decide(state, seat, rng)

    def _load(self) -> Callable[[GameState, int, random.Random], Move]:
        if isinstance(self.opponent, str):
            return load_bot(self.game, self.opponent)
        function = self.opponent

        def decide(state: GameState, seat: int, rng: random.Random) -> Move:
            view = make_view(state.view(seat))
            return dict(function(view, MoveList(state.legal_moves(seat), version=state.version)))

        return decide
