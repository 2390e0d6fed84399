"""Skyjo environment steps per second beside michaelfeil/skyjo_rl's (numba) environment,
side by side in one run: the two alternate, `--seconds` of CPU time each, `--repeat`
times, and the medians and their ratio are printed. Each step observes the acting agent
(observation and action mask) and steps a random legal action, two players, in both.
Both count steps per CPU-second of their own process, so the other jobs of a shared
machine slow the wall clock of a run, not its figure.

    python bench/peer_env_bench.py --peer-repo /path/to/skyjo_rl --peer-python /path/to/python

The peer runs in its own interpreter (`--peer-python`, which needs numba, numpy,
pettingzoo and gymnasium; its `gym` import is served by gymnasium, and the two AEC helpers
it calls from an old PettingZoo are given their current meaning). Its JIT compilation is
done before the first measurement.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

from env_bench import env_steps  # the same loop on our AEC environment

PEER = r"""
import random, sys
import gymnasium
sys.modules["gym"] = gymnasium
sys.path.insert(0, sys.argv[1])
from pettingzoo import AECEnv
from rlskyjo.environment import skyjo_env as peer
E = peer.SimpleSkyjoEnv
if not hasattr(E, "_was_done_step"):
    E._was_done_step = AECEnv._was_dead_step
if not hasattr(E, "_dones_step_first"):
    E._dones_step_first = lambda self: None
aec, rng = E(num_players=2), random.Random(0)
aec.reset()
sys.path.insert(0, sys.argv[2])  # bench/, for the loop env_bench.py times too
from aec_loop import random_steps
def run(seconds):
    return random_steps(aec, rng, seconds, lambda agent: aec.dones[agent])
for _ in range(3):  # numba compiles on first use (every path: a few whole games)
    run(2.0)
print("ready", flush=True)
for line in sys.stdin:
    print(run(float(line)), flush=True)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--peer-repo", type=Path, required=True)
    parser.add_argument("--peer-python", default=sys.executable)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per run")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    peer = subprocess.Popen(
        [args.peer_python, "-c", PEER, str(args.peer_repo), str(Path(__file__).resolve().parent)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert peer.stdin is not None and peer.stdout is not None
    if peer.stdout.readline().strip() != "ready":
        raise SystemExit("the peer environment did not start")
    mine, theirs = [], []
    for _ in range(args.repeat):
        mine.append(env_steps("skyjo", args.seconds))
        peer.stdin.write(f"{args.seconds}\n")
        peer.stdin.flush()
        theirs.append(float(peer.stdout.readline()))
    peer.stdin.close()
    peer.wait()
    a, b = statistics.median(mine), statistics.median(theirs)
    print(f"cardtable skyjo env {a:8,.0f} steps/s (runs: {', '.join(f'{x:,.0f}' for x in mine)})")
    print(f"skyjo_rl (numba)    {b:8,.0f} steps/s (runs: {', '.join(f'{x:,.0f}' for x in theirs)})")
    print(f"ratio {a / b:.2f}x (medians of {args.repeat} alternating runs of {args.seconds} CPU s)")


if __name__ == "__main__":
    main()
