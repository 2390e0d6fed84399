"""Train a neural Skyjo policy that beats greedy, on one CPU core, with numpy only:

    cardtable-train selfplay --seed 0 --out skyjo_mlp.npz

The recipe (docs/training.md has it step by step, with its budget and figure):

1. **Warm start by imitation.** The engine's `expert` bot plays `--warm-games` games, each
   against an opponent drawn from the starting league (`greedy`, `expert`), from both
   seats; every decision of its seat is kept: the observation and action mask of the
   environments as they are (`cardtable_sdk.envs.core.Match`, `skyjo_codec`) and the
   expert's action. A small network (ReLU layers, `--hidden`) is fitted to those actions
   by masked cross-entropy (illegal actions get no probability).
2. **League rounds.** Each of `--rounds` rounds, the current network plays `--games`
   games, each against an opponent drawn from the league: `greedy`, `expert` and frozen
   snapshots of the network after each earlier round (the past selves). On the positions
   the network reaches itself, the expert says what it would play (DAgger: the network
   learns to recover from its own mistakes, which plain imitation never shows it); the
   new positions join the data set, the network trains `--epochs` more epochs on all of
   it, and a frozen copy of it joins the league.

Every number drawn comes from `--seed` (deals, opponents, initial weights, batches), so a
run reproduces: same seed, same file. Each round prints one JSON line (positions so far,
the training loss and accuracy on the expert's actions, and the CPU seconds so far).
The written file is a policy file (`cardtable_sdk.policies.files`): play it with
`cardtable-arena skyjo policy:skyjo_mlp.npz greedy`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import resource
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from cardtable_sdk._engine import GameState, Move, get_rules
from cardtable_sdk.arena import load_bot
from cardtable_sdk.envs import skyjo_codec
from cardtable_sdk.envs.core import Match
from cardtable_sdk.policies.files import save_mlp

GAME, PLAYERS = "skyjo", 2
STARTING_LEAGUE = ("greedy", "expert")
FIRST_DEAL = 20_000_000
"""Training deals start here (+ a million per seed): far from the arena's deals (0 on)."""

Decide = Callable[[GameState, int, random.Random], Move]


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Network:
    """A multilayer perceptron, observation -> one logit per action, trained by Adam."""

    def __init__(self, sizes: Sequence[int], rng: np.random.Generator) -> None:
        self.layers = [
            (
                (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32),
                np.zeros(b, dtype=np.float32),
            )
            for a, b in itertools.pairwise(sizes)
        ]
        self._moments = [
            (np.zeros_like(w), np.zeros_like(b), np.zeros_like(w), np.zeros_like(b))
            for w, b in self.layers
        ]
        self._steps = 0

    def frozen(self) -> list[tuple[np.ndarray, np.ndarray]]:
        return [(w.copy(), b.copy()) for w, b in self.layers]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        inputs = []
        for k, (w, b) in enumerate(self.layers):
            inputs.append(x)
            x = x @ w + b
            if k < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        return x, inputs

    def train_batch(
        self, obs: np.ndarray, mask: np.ndarray, target: np.ndarray, lr: float, decay: float = 0.0
    ) -> tuple[float, float]:
        """One Adam step of masked cross-entropy; the batch's loss and accuracy."""
        logits, inputs = self.forward(obs)
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        rows = np.arange(len(target))
        loss = float(-np.log(probs[rows, target] + 1e-12).mean())
        accuracy = float((probs.argmax(axis=1) == target).mean())
        grad = probs
        grad[rows, target] -= 1.0
        grad /= len(target)
        self._steps += 1
        for k in range(len(self.layers) - 1, -1, -1):
            w = self.layers[k][0]
            x = inputs[k]
            grad_w, grad_b = x.T @ grad, grad.sum(axis=0)
            if k > 0:
                grad = (grad @ w.T) * (x > 0)
            if decay:  # decoupled weight decay (AdamW): the weights only, not the biases
                w *= np.float32(1.0 - lr * decay)
            self._adam(k, grad_w, grad_b, lr)
        return loss, accuracy

    def _adam(self, k: int, grad_w: np.ndarray, grad_b: np.ndarray, lr: float) -> None:
        beta1, beta2, eps = 0.9, 0.999, 1e-8
        w, b = self.layers[k]
        mw, mb, vw, vb = self._moments[k]
        t = self._steps
        for param, grad, m, v in ((w, grad_w, mw, vw), (b, grad_b, mb, vb)):
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            step = lr * np.sqrt(1 - beta2**t) / (1 - beta1**t)
            param -= (step * m / (np.sqrt(v) + eps)).astype(np.float32)


def network_bot(layers: list[tuple[np.ndarray, np.ndarray]]) -> Decide:
    """A frozen network as an arena bot, straight from the engine's state (the envs' path)."""

    def decide(state: GameState, seat: int, rng: random.Random) -> Move:
        obs = skyjo_codec.encode_state(state, seat, PLAYERS)
        mask = np.frombuffer(skyjo_codec.mask_state(state, seat), np.int8).astype(bool)
        return dict(skyjo_codec.ACTIONS[best_action(layers, obs, mask)])

    return decide


def best_action(
    layers: list[tuple[np.ndarray, np.ndarray]], obs: np.ndarray, mask: np.ndarray
) -> int:
    x = obs
    for k, (w, b) in enumerate(layers):
        x = x @ w + b
        if k < len(layers) - 1:
            x = np.maximum(x, 0.0)
    return int(np.argmax(np.where(mask, x, -np.inf)))


@dataclass
class Dataset:
    """The positions seen so far: observation, legal actions, the expert's action."""

    obs: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return (
            np.array(self.obs, dtype=np.float16),
            np.array(self.masks, dtype=bool),
            np.array(self.actions, dtype=np.int64),
        )


def play_and_label(
    match: Match,
    deal: int,
    seat: int,
    opponent: Decide,
    student: list[tuple[np.ndarray, np.ndarray]] | None,
    data: Dataset,
) -> float:
    """One game: our seat is played by the student (or by the expert when None), the other
    by `opponent`; the expert's action is recorded at every position of our seat. Our
    result: 1 won, 0.5 shared, 0 lost."""
    expert = get_rules(GAME).bots["expert"]
    rng = random.Random(deal * 2 + seat)
    match.reset(deal)
    while not match.over:
        acting = match.acting
        if acting != seat:
            match.play(opponent, rng)
            continue
        state = match.state
        obs = match.observe(seat)
        mask = match.mask(seat).astype(bool)
        label = skyjo_codec.action_index(expert(state.view(seat), state.legal_moves(seat), rng))
        data.obs.append(obs)
        data.masks.append(mask)
        data.actions.append(label)
        action = label if student is None else best_action(student, obs, mask)
        match.step(action)
    winners = match.state.score()["winners"]
    return 0.0 if seat not in winners else 1.0 if len(winners) == 1 else 0.5


def fit(
    net: Network,
    data: Dataset,
    epochs: int,
    batch: int,
    lr: float,
    rng: np.random.Generator,
    decay: float = 0.0,
) -> tuple[float, float]:
    obs, masks, actions = data.arrays()
    loss = accuracy = 0.0
    for _ in range(epochs):
        order = rng.permutation(len(actions))
        losses, hits = [], []
        for start in range(0, len(order), batch):
            rows = order[start : start + batch]
            step = net.train_batch(
                obs[rows].astype(np.float32), masks[rows], actions[rows], lr, decay
            )
            losses.append(step[0])
            hits.append(step[1])
        loss, accuracy = float(np.mean(losses)), float(np.mean(hits))
    return loss, accuracy


def train(args: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng(args.seed)
    match = Match(GAME, PLAYERS, None)
    size = skyjo_codec.observation_size(PLAYERS)
    net = Network([size, *args.hidden, len(skyjo_codec.ACTIONS)], rng)
    league: list[tuple[str, Decide]] = [(name, load_bot(GAME, name)) for name in STARTING_LEAGUE]
    data = Dataset()
    deal = FIRST_DEAL + args.seed * 1_000_000
    curve: list[dict[str, Any]] = []
    for round_number in range(args.rounds + 1):
        warm = round_number == 0
        games = args.warm_games if warm else args.games
        student = None if warm else net.frozen()
        points: dict[str, list[float]] = {}
        for game in range(games):
            name, opponent = league[int(rng.integers(len(league)))]
            seat = game % PLAYERS
            result = play_and_label(match, deal, seat, opponent, student, data)
            points.setdefault(name, []).append(result)
            deal += 1
        epochs = args.warm_epochs if warm else args.epochs
        loss, accuracy = fit(net, data, epochs, args.batch, args.lr, rng, args.weight_decay)
        point = {
            "round": round_number,
            "player": "expert" if warm else "network",
            "games": games,
            "win_rate_by_opponent": {
                k: round(float(np.mean(v)), 3) for k, v in sorted(points.items())
            },
            "positions": len(data.actions),
            "loss": round(loss, 4),
            "accuracy": round(accuracy, 4),
            "cpu_seconds": round(cpu_seconds(), 1),
        }
        curve.append(point)
        print(json.dumps(point), flush=True)
        league.append((f"self-{round_number}", network_bot(net.frozen())))
    return {"network": net, "curve": curve}


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(
        prog="cardtable-train selfplay", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--warm-games", type=int, default=600, help="expert games to imitate")
    parser.add_argument("--warm-epochs", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3, help="league rounds after the warm start")
    parser.add_argument("--games", type=int, default=300, help="network games per league round")
    parser.add_argument("--epochs", type=int, default=4, help="epochs on all data per round")
    parser.add_argument("--hidden", type=int, nargs="+", default=[128, 128])
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=0.0, help="AdamW's, per step")
    parser.add_argument("--out", type=Path, default=Path("skyjo_mlp.npz"))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    result = train(args)
    net: Network = result["network"]
    meta = {
        "game": GAME,
        "players": PLAYERS,
        "trained_by": "cardtable-train selfplay",
        "arguments": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
        "cpu_seconds": round(cpu_seconds(), 1),
    }
    save_mlp(args.out, net.layers, meta)
    print(
        f"network {args.hidden} -> {args.out} ({cpu_seconds():.0f} CPU s,"
        f" {time.perf_counter() - started:.0f} s)",
        file=sys.stderr,
    )
    return result


if __name__ == "__main__":
    main()
