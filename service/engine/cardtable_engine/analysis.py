"""Hints and post-game reviews: each legal move of a seat's view with an estimate of what
it is worth (per game: `games/<game>/analysis.py`), computed from that view alone, so a
hint never tells a seat anything about the cards it cannot see.

`hints` ranks one view's moves, best first. `review` walks a finished game's record and,
at each decision, judges the move made against the best by the same estimate (Skip-Bo:
against the expert's choice, its games having hundreds of decisions), each seat from its
own view at the time; the largest losses per seat are its mistakes."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from cardtable_engine.errors import Move
from cardtable_engine.games.skipbo import analysis as skipbo
from cardtable_engine.games.skyjo import analysis as skyjo

__all__ = ["MISTAKES_PER_SEAT", "hints", "position_seed", "review"]

ESTIMATORS: dict[str, ModuleType] = {"skyjo": skyjo, "skipbo": skipbo}
LOWER_IS_BETTER = {"expected_round_score"}
MISTAKES_PER_SEAT = 5
REVIEW_SKIPBO_SAMPLES = 4
"""Skip-Bo reviews judge each decision on fewer samples than a hint (a game has hundreds)."""


def position_seed(game_id: str, version: int, seat: int) -> int:
    """The sampling seed of one seat's position: the same hints for the same position, and
    nothing of the hidden cards in it."""
    digest = hashlib.sha256(f"{game_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Ranked:
    unit: str
    method: str
    moves: list[tuple[Move, float]]
    """(move, estimate), best first."""


def rank(game: str, view: Mapping[str, Any], legal: Sequence[Move], seed: int) -> Ranked:
    module = ESTIMATORS[game]
    values = module.estimates(view, legal, seed)
    lower = module.UNIT in LOWER_IS_BETTER
    order = sorted(range(len(legal)), key=lambda i: values[i] if lower else -values[i])
    return Ranked(module.UNIT, module.METHOD, [(legal[i], values[i]) for i in order])


def hints(game: str, view: Mapping[str, Any], legal: Sequence[Move], seed: int) -> dict[str, Any]:
    """The hints answer for `view` (the contract's shape, less seat and version): each legal
    move with its estimate, best first."""
    ranked = rank(game, view, legal, seed)
    return {
        "method": ranked.method,
        "moves": [
            {"move": move, "estimate": round(value, 3), "unit": ranked.unit, "best": i == 0}
            for i, (move, value) in enumerate(ranked.moves)
        ],
    }


Decision = Callable[[int, Mapping[str, Any], list[Move], Move], None]


def loss_of(values: list[float], legal: list[Move], move: Move, lower: bool) -> tuple[Move, float]:
    """The best of `legal` by `values` (lower or higher is better) and what `move` lost
    against it (0 when it is the best)."""
    pick = min if lower else max
    best = pick(range(len(legal)), key=values.__getitem__)
    played = values[legal.index(move)]
    return legal[best], (played - values[best] if lower else values[best] - played)


def review(game: str, record: Mapping[str, Any], game_id: str) -> dict[str, Any]:
    """The moves where each seat lost the most by the estimate: `MISTAKES_PER_SEAT` per seat,
    largest loss first; `turn` counts the game's moves from 0."""
    from cardtable_engine.registry import get_rules

    module = ESTIMATORS[game]
    lower = module.UNIT in LOWER_IS_BETTER
    n_players = len(record["players"])
    found: list[list[dict[str, Any]]] = [[] for _ in range(n_players)]
    turn = 0

    def judge(seat: int, view: Mapping[str, Any], legal: list[Move], move: Move) -> None:
        nonlocal turn
        turn += 1
        if len(legal) < 2 or move not in legal:
            return
        seed = position_seed(game_id, int(view["version"]), seat)
        if game == "skipbo":
            # Hundreds of decisions a game: the move made is judged against the expert's
            # choice only, on fewer samples than a hint.
            choice = skipbo.fast_bot(view, legal)
            if choice == move:
                return
            legal = [move, choice]
            values = skipbo.estimates(view, legal, seed, samples=REVIEW_SKIPBO_SAMPLES)
        else:
            values = module.estimates(view, legal, seed)
        best, loss = loss_of(values, legal, move, lower)
        if loss > 1e-9:
            found[seat].append(
                {"turn": turn - 1, "move": move, "best_move": best, "loss": round(loss, 3)}
            )

    get_rules(game).state_class.replay(record, before_move=judge)
    return {
        "unit": module.UNIT,
        "method": module.METHOD,
        "seats": [
            {
                "seat": seat,
                "mistakes": sorted(mistakes, key=lambda m: -m["loss"])[:MISTAKES_PER_SEAT],
            }
            for seat, mistakes in enumerate(found)
        ],
    }
