"""The hosted games by name, loading any serialized state, and the hook that hosts another
game (tests register a third one with it).

The games are discovered, not listed: every package in `cardtable_engine/games/` that
defines `RULES` is hosted, so a new game is its folder and nothing else."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from cardtable_engine import games as games_package
from cardtable_engine.base import GameRules, GameState
from cardtable_engine.errors import InvalidState, UnknownGame


def discover(package: ModuleType = games_package) -> dict[str, GameRules]:
    """The `RULES` of every game folder of `package` (the engine's `games`), by game name, in
    the folders' alphabetical order."""
    found: dict[str, GameRules] = {}
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        rules = getattr(importlib.import_module(f"{package.__name__}.{module.name}"), "RULES", None)
        if not isinstance(rules, GameRules):
            continue
        if rules.name in found:
            raise RuntimeError(f"two game folders host a game named {rules.name!r}")
        found[rules.name] = rules
    return found


GAMES: dict[str, GameRules] = discover()

__all__ = ["GAMES", "UnknownGame", "discover", "get_rules", "hosted", "load_state"]


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
