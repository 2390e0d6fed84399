"""The one place the SDK imports the rules engine from, for local play and the bot tools
(arena, environments, search): its public interface only (rules by name, game states, the
engine's bots and tables, its errors)."""

from __future__ import annotations

from typing import Any

try:
    from cardtable_engine import turn_limit
    from cardtable_engine.base import EngineError, GameRules, GameState
    from cardtable_engine.host import ServiceError
    from cardtable_engine.registry import GAMES, get_rules
    from cardtable_engine.search import clone, determinize, sample_state
    from cardtable_engine.table import AppliedMove, Table
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "local play and the bot tools run the rules engine in-process; install it with "
        "`pip install 'cardtable-sdk[local]'` (the `cardtable-engine` distribution)"
    ) from exc

__all__ = [
    "GAMES",
    "AppliedMove",
    "EngineError",
    "GameRules",
    "GameState",
    "Move",
    "ServiceError",
    "Table",
    "clone",
    "determinize",
    "get_rules",
    "sample_state",
    "turn_limit",
]

Move = dict[str, Any]
"""A move: the contract's flat JSON object, e.g. {"type": "draw"}."""
