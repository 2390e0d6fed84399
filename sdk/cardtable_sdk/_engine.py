"""The one place the bot tools (arena, environments, search) import the rules engine from:
its public interface only (rules by name, game states, the engine's bots)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.base import GameRules, GameState
from cardtable.engine.registry import get_rules

__all__ = ["GameRules", "GameState", "Move", "get_rules"]

Move = dict[str, Any]
"""A move: the contract's flat JSON object, e.g. {"type": "draw"}."""
