"""The hosted games by name, and loading any serialized state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.base import EngineError, GameRules, GameState, InvalidState
from cardtable.engine.skipbo import RULES as SKIPBO
from cardtable.engine.skyjo import RULES as SKYJO

GAMES: dict[str, GameRules] = {rules.name: rules for rules in (SKYJO, SKIPBO)}


class UnknownGame(EngineError):
    code = "unknown_game"


def get_rules(name: object) -> GameRules:
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGame(f"unknown game {name!r}; hosted games: {', '.join(sorted(GAMES))}")
    return GAMES[name]


def load_state(data: Mapping[str, Any]) -> GameState:
    """Rebuild a serialized state of any hosted game (taking over `data`'s log entries: see
    `GameState.from_dict`)."""
    game = data.get("game") if isinstance(data, Mapping) else None
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidState(f"serialized state names no hosted game: {game!r}")
    return GAMES[game].load(data)
