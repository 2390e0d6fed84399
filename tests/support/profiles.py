"""Each game's test profile and pinned move space, read from the game's own folder
(`testing.py`, `move_space.json`): the shared tests list no game."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from cardtable_engine.base import GameRules

Setup = tuple[int, dict[str, Any]]


def _package(rules: GameRules) -> ModuleType:
    """The game's folder: the package whose `RULES` host the game (the state class's module's
    parent); a game written in one file (the high-card game) is that module."""
    module = importlib.import_module(rules.state_class.__module__)
    parent = importlib.import_module(module.__name__.rpartition(".")[0])
    return parent if getattr(parent, "RULES", None) is rules else module


def profile(rules: GameRules) -> ModuleType:
    """The game's `testing` module (a game in one file keeps its profile in that file)."""
    package = _package(rules)
    if not hasattr(package, "__path__"):
        return package
    return importlib.import_module(f"{package.__name__}.testing")


def setups(rules: GameRules) -> list[Setup]:
    return cast(list[Setup], profile(rules).SETUPS)


def view_setups(rules: GameRules) -> list[Setup]:
    return cast(list[Setup], profile(rules).VIEW_SETUPS)


def view_steps(rules: GameRules) -> set[str | None]:
    return cast(set[str | None], profile(rules).VIEW_STEPS)


def has_setup_phase(rules: GameRules, options: dict[str, Any]) -> bool:
    found = getattr(profile(rules), "has_setup_phase", None)
    return bool(found(options)) if found else False


def hide(rules: GameRules, data: dict[str, Any], viewer: int | None, rng: random.Random) -> None:
    profile(rules).hide(data, viewer, rng)


def _pin(rules: GameRules) -> Path:
    return Path(cast(str, _package(rules).__file__)).parent / "move_space.json"


def pinned_move_space(rules: GameRules) -> Any:
    """The game's pinned move space (`move_space.json` in its folder), by player count."""
    return json.loads(_pin(rules).read_text(encoding="utf-8"))


def pin_move_space(rules: GameRules, text: str) -> None:
    _pin(rules).write_text(text, encoding="utf-8")
