"""The hosted games by name, loading any serialized state, and the hook that hosts another
game (tests register a third one with it)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from cardtable_engine.base import GameRules, GameState
from cardtable_engine.errors import InvalidState, UnknownGame
from cardtable_engine.games.skipbo import RULES as SKIPBO
from cardtable_engine.games.skyjo import RULES as SKYJO

GAMES: dict[str, GameRules] = {rules.name: rules for rules in (SKYJO, SKIPBO)}

__all__ = ["GAMES", "UnknownGame", "get_rules", "hosted", "load_state"]


def get_rules(name: object) -> GameRules:
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGame(f"unknown game {name!r}; hosted games: {', '.join(sorted(GAMES))}")
    return GAMES[name]


def load_state(data: Mapping[str, Any], *, trusted: bool = False) -> GameState:
    """Rebuild a serialized state of any hosted game (taking over `data`'s log entries: see
    `GameState.from_dict`; `trusted`: a snapshot this release wrote, see `loader.load`)."""
    game = data.get("game") if isinstance(data, Mapping) else None
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidState(f"serialized state names no hosted game: {game!r}")
    return GAMES[game].load(data, trusted=trusted)


@contextmanager
def hosted(rules: GameRules) -> Iterator[GameRules]:
    """Host one more game while the block runs (the registry is as before afterwards)."""
    if rules.name in GAMES:
        raise ValueError(f"a game named {rules.name!r} is hosted already")
    GAMES[rules.name] = rules
    try:
        yield rules
    finally:
        del GAMES[rules.name]
