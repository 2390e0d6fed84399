"""The stepping loop both environment benchmarks time (env_bench.py on our AEC environment,
peer_env_bench.py on skyjo_rl's, in the peer's own interpreter): it needs only numpy, so
the peer can import it without our packages."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def random_steps(
    aec: Any, rng: random.Random, seconds: float, done: Callable[[str], bool]
) -> float:
    """AEC steps per CPU-second for `seconds`: observe the acting agent, step a random legal
    action from its mask, reset when `done(agent)`."""
    steps, started = 0, time.process_time()
    while time.process_time() - started < seconds:
        agent = aec.agent_selection
        if done(agent):
            aec.reset()
            continue
        mask = aec.observe(agent)["action_mask"]
        aec.step(int(rng.choice(np.flatnonzero(mask).tolist())))
        steps += 1
    return steps / (time.process_time() - started)
