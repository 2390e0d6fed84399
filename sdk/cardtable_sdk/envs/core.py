"""One game as the environments play it: the engine's state behind the seats' views, the
legal moves as action numbers, the rewards of each finished round and of the end, and the
one policy both environments follow for an illegal action.

Every game ends: rounds are played with the game's default `max_turns` (the rules' turn
cap, as on the server) unless the options say otherwise, and both environments also truncate
an episode after `max_steps` steps."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from cardtable_sdk._engine import GameState, Move, get_rules
from cardtable_sdk.envs import skipbo_codec, skyjo_codec

Decide = Callable[[GameState, int, random.Random], Move]
"""A bot as the arena runs it (`cardtable_sdk.arena.load_bot`)."""

CODECS: dict[str, ModuleType] = {"skyjo": skyjo_codec, "skipbo": skipbo_codec}

MAX_STEPS = {"skyjo": 2_000, "skipbo": 4_000}
"""Steps of one agent after which an episode is truncated: far more than a game takes
(a Skyjo game to 100 points is about 150 steps per seat, a Skip-Bo round a few hundred)."""

ILLEGAL_PENALTY = 0.1
"""The default cost of an illegal action (see `IllegalAction`)."""


INT8 = np.dtype(np.int8)
"""Passed to numpy by position: its keyword parsing costs more than the call."""


class IllegalAction(ValueError):
    """An action that is not legal for the acting seat (its mask entry is 0).

    Both environments treat it alike: with `illegal_penalty=None` they raise this error;
    otherwise (the default, 0.1) nothing moves, the acting agent is charged the penalty,
    `info["illegal_action"]` is True, it still has to act, and the step counts toward the
    truncation. Masked policies (MaskablePPO, `action_masks()`) never send one."""


@dataclass(frozen=True)
class Codec:
    """A game's encodings, seen through one interface."""

    game: str
    players: int

    @property
    def module(self) -> ModuleType:
        return CODECS[self.game]

    @property
    def actions(self) -> int:
        return len(self.module.ACTIONS)

    @property
    def size(self) -> int:
        size: int = self.module.observation_size(self.players)
        return size

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        obs: np.ndarray = self.module.encode(view, self.players)
        return obs

    def index(self, move: Mapping[str, Any], seat: int) -> int:
        number: int = self.module.action_index(move, seat)
        return number

    def round_reward(self, scores: list[int], seat: int) -> float:
        reward: float = self.module.round_reward(scores, seat)
        return reward


class Match:
    """A game in progress; `step` applies one action of the acting seat and returns every
    seat's reward for it (non-zero when a round or the game ended)."""

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None) -> None:
        self.rules = get_rules(game)
        self.codec = Codec(game, players)
        self.players = players
        self.options = dict(options or {})
        self.state: GameState = self.rules.new_state(
            [f"player_{i}" for i in range(players)], self.options, 0
        )
        self._rounds = 0
        self._legal: dict[int, Move] | None = None
        self._flags: bytearray | None = None
        self._acting: int | None = None
        self._logged = len(self.state.log)
        module = self.codec.module
        self._actions = self.codec.actions
        # The game's fast paths, read straight from the state (equal to the slow ones by test).
        self._encode_state = getattr(module, "encode_state", None)
        self._mask_state = getattr(module, "mask_state", None)

    def reset(self, seed: int) -> None:
        names = [f"player_{i}" for i in range(self.players)]
        self.state = self.rules.new_state(names, self.options, seed)
        self._rounds = 0
        self._moved()
        self._logged = len(self.state.log)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def acting(self) -> int:
        """The seat to act (the lowest one when several may, as in Skyjo's setup)."""
        if self._acting is None:
            self._acting = self.state.active_seats()[0]
        return self._acting

    def legal(self) -> dict[int, Move]:
        """The acting seat's legal moves by action number."""
        if self._legal is None:
            moves = self.state.legal_moves(self.acting)
            numbers = self.codec.module.action_numbers(moves, self.acting)
            self._legal = dict(zip(numbers, moves, strict=True))
        return self._legal

    def mask(self, seat: int) -> np.ndarray:
        """`seat`'s legal actions (int8, 1 legal; all 0 unless it acts now). A fresh array:
        the caller may keep or change it."""
        flags = self._legal_flags()  # all 0 once the game is over
        if seat != self._acting:
            return np.zeros(self._actions, dtype=np.int8)
        return np.frombuffer(bytearray(flags), INT8)

    def _legal_flags(self) -> bytearray:
        """One byte per action, 1 when the acting seat may take it (worked out once a move;
        all 0 once the game is over)."""
        if self._flags is None:
            if self.state.is_over:
                self._flags = bytearray(self._actions)
            elif self._mask_state is not None:
                self._flags = self._mask_state(self.state, self.acting)
            else:
                self._flags = bytearray(self._actions)
                for number in self.legal():
                    self._flags[number] = 1
        return self._flags

    def observe(self, seat: int) -> np.ndarray:
        if self._encode_state is not None:  # the same observation, without building the view
            obs: np.ndarray = self._encode_state(self.state, seat, self.players)
            return obs
        return self.codec.encode(self.state.view(seat))

    def is_legal(self, action: object) -> bool:
        return self._legal_number(action) is not None

    def _legal_number(self, action: object) -> int | None:
        """The action as an int when the acting seat may take it, else None."""
        try:
            number: int = int(action)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return None
        if 0 <= number < self._actions and self._legal_flags()[number] == 1:
            return number
        return None

    def step(self, action: object) -> list[float]:
        """Apply the acting seat's `action`; IllegalAction, and nothing moves, when it is not
        legal. The move goes in without the engine's checks: the mask has made them. A game
        with `mask_state` never lists its moves: its actions are the moves themselves
        (Skyjo's); others' are looked up among the legal ones."""
        number = self._legal_number(action)
        if number is None:
            raise IllegalAction(f"action {action!r} is not legal")
        if self._mask_state is not None:
            move: Move = self.codec.module.ACTIONS[number]
        else:
            move = self.legal()[number]
        self.state.apply_legal(self.acting, move)
        self._moved()
        return self.rewards()

    def play(self, decide: Decide, rng: random.Random) -> list[float]:
        """Let a bot (an arena `Decide`) play the acting seat's move."""
        self.state.apply(self.acting, decide(self.state, self.acting, rng))
        self._moved()
        return self.rewards()

    def _moved(self) -> None:
        """Forget what was worked out for the last position."""
        self._legal = self._flags = self._acting = None

    def rewards(self) -> list[float]:
        """Each seat's reward for the rounds finished since the last call, and for the end:
        the winners share +1, the others share -1 (so a game's rewards sum to zero)."""
        rewards = [0.0] * self.players
        # A move logs one entry; a round's end also logs the next deal (Skip-Bo may log a
        # reshuffle): only then can the score have changed, so only then is it read.
        logged = len(self.state.log)
        grown, self._logged = logged - self._logged, logged
        if grown <= 1 and not self.state.is_over:
            return rewards
        score = self.state.score()
        for entry in score["rounds"][self._rounds :]:
            for seat in range(self.players):
                rewards[seat] += self.codec.round_reward(list(entry["scores"]), seat)
        self._rounds = len(score["rounds"])
        if self.over:
            winners = set(score["winners"])
            for seat in range(self.players):
                if winners and len(winners) < self.players:
                    share = len(winners) if seat in winners else self.players - len(winners)
                    rewards[seat] += (1.0 if seat in winners else -1.0) / share
        return rewards
