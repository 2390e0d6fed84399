"""Policy files: a trained policy saved as one numpy `.npz` file (no pickle), played by the
arena and the ladder from its path alone:

    cardtable-arena skyjo policy:skyjo_mlp.npz greedy --games 200
    cardtable-ladder --game skyjo --bot policy:skyjo_mlp.npz --key ...

Two kinds are read:

- `mlp`, written by `cardtable-train selfplay` (`cardtable_sdk.selfplay`): a small neural
  network (ReLU layers `w0, b0, w1, b1, ...`) from the environments' observation of the
  seat (`cardtable_sdk.envs.skyjo_codec`) to one logit per action; the legal action with
  the highest logit is played. Runs with numpy (and the `envs` extra for the codec).
- `linear`, written by `python -m cardtable_sdk.train`: the ten weights of the shipped Skyjo
  policy's features (`cardtable_sdk.policies.skyjo`).

A file names its game and table size; loading it for another game is an error that says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

Bot = Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], Any]

FORMAT = "cardtable-policy/1"
"""The `format` entry every policy file written by the SDK's training carries."""


class PolicyFileError(ValueError):
    """A policy file that cannot be played: missing, unreadable, or for another game."""


def save_mlp(
    path: Path, layers: Sequence[tuple[np.ndarray, np.ndarray]], meta: Mapping[str, Any]
) -> None:
    """Write a neural policy: its layers as float32 arrays and `meta` (game, players, how it
    was trained) as a JSON string."""
    arrays: dict[str, np.ndarray] = {}
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{k}"] = np.asarray(b, dtype=np.float32)
    header = {"format": FORMAT, "kind": "mlp", **meta}
    arrays["meta"] = np.array(json.dumps(header, sort_keys=True))
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def read(path: str | Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """A policy file's header and arrays (PolicyFileError when it is not one)."""
    file = Path(path)
    if not file.is_file():
        raise PolicyFileError(f"policy file {str(path)!r} not found")
    try:
        with np.load(file, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError) as error:
        raise PolicyFileError(f"{path}: not a policy file (.npz): {error}") from None
    if "meta" in arrays:
        header = json.loads(str(arrays.pop("meta")))
    elif "features" in arrays and "weights" in arrays:  # the CEM trainer's file
        header = {"format": FORMAT, "kind": "linear", "game": "skyjo", "players": None}
    else:
        raise PolicyFileError(f"{path}: an .npz file, but not a policy (no meta, no weights)")
    return header, arrays


def load(path: str | Path, game: str | None = None) -> Bot:
    """The bot `(view, legal_moves) -> move` a policy file plays; `game` (when known) must be
    the file's game."""
    header, arrays = read(path)
    if game is not None and header.get("game") != game:
        raise PolicyFileError(f"{path}: a {header.get('game')} policy, it cannot play {game}")
    if header["kind"] == "linear":
        return _linear_bot(path, arrays)
    if header["kind"] == "mlp":
        return MlpPolicy(header, arrays).bot
    raise PolicyFileError(f"{path}: unknown policy kind {header['kind']!r}")


def _linear_bot(path: str | Path, arrays: Mapping[str, np.ndarray]) -> Bot:
    from cardtable_sdk.policies import skyjo

    if tuple(str(name) for name in arrays["features"]) != skyjo.FEATURES:
        raise PolicyFileError(f"{path}: trained on other features than {skyjo.FEATURES}")
    weights = tuple(float(w) for w in arrays["weights"])

    def bot(view: Mapping[str, Any], legal_moves: Sequence[Mapping[str, Any]]) -> Any:
        return dict(skyjo.decide(view, legal_moves, weights))

    return bot


class MlpPolicy:
    """A neural policy: observation -> logits, the best legal action played."""

    def __init__(self, header: Mapping[str, Any], arrays: Mapping[str, np.ndarray]) -> None:
        self.game = str(header["game"])
        self.players = int(header["players"])
        count = sum(1 for name in arrays if name.startswith("w"))
        self.layers = [(arrays[f"w{k}"], arrays[f"b{k}"]) for k in range(count)]
        from cardtable_sdk.envs.core import CODECS

        self.codec = CODECS[self.game]

    def logits(self, obs: np.ndarray) -> np.ndarray:
        x = obs
        for k, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if k < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        return x

    def bot(self, view: Mapping[str, Any], legal_moves: Sequence[Mapping[str, Any]]) -> Any:
        players = len(view["players"])
        if players != self.players:
            raise PolicyFileError(
                f"this policy was trained for {self.players} players, not {players}"
            )
        obs = self.codec.encode(view, self.players)
        numbers = self.codec.action_numbers(list(legal_moves), 0)
        scores = self.logits(obs)[numbers]
        return dict(legal_moves[int(np.argmax(scores))])
