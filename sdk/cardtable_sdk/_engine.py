"""The one place the bot tools (arena, environments, search) import the rules engine from:
its public interface only (rules by name, game states, the engine's bots)."""

from __future__ import annotations

from typing import Any

try:
    from cardtable.engine.base import GameRules, GameState
    from cardtable.engine.registry import get_rules
    from cardtable.engine.search import clone, determinize, sample_state
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "the bot tools run the rules engine in-process; install it with "
        "`pip install 'cardtable-sdk[local]'` (the `cardtable-engine` distribution)"
    ) from exc

__all__ = [
    "GameRules",
    "GameState",
    "Move",
    "clone",
    "determinize",
    "get_rules",
    "sample_state",
]

Move = dict[str, Any]
"""A move: the contract's flat JSON object, e.g. {"type": "draw"}."""
