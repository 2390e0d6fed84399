"""Games are discovered from their folders, not listed: a package of game folders is
scanned, and a folder that defines `RULES` is a hosted game."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable_engine.registry import GAMES, discover
from tests.support.highcard import RULES as HIGHCARD


@pytest.fixture
def toy_games(tmp_path: Path) -> Iterator[str]:
    """A package of game folders as a newcomer writes them: a toy game's folder (its
    `__init__.py` hosts the high-card game), a folder with no RULES, and a plain module."""
    package = tmp_path / "toy_games"
    (package / "highcard").mkdir(parents=True)
    (package / "__init__.py").write_text('"""Toy games."""\n')
    (package / "highcard" / "__init__.py").write_text("from tests.support.highcard import RULES\n")
    (package / "helpers").mkdir()
    (package / "helpers" / "__init__.py").write_text("HELP = 1\n")
    (package / "notes.py").write_text("RULES = None\n")
    sys.path.insert(0, str(tmp_path))
    try:
        yield "toy_games"
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.split(".")[0] == "toy_games"]:
            del sys.modules[name]


def test_the_engine_hosts_every_folder_of_its_games_package() -> None:
    folders = Path(importlib.import_module("cardtable_engine.games").__path__[0])
    hosted = sorted(p.name for p in folders.iterdir() if (p / "__init__.py").exists())
    assert list(GAMES) == hosted and {"skipbo", "skyjo"} <= set(GAMES)


def test_a_new_folder_is_a_new_game(toy_games: str) -> None:
    found = discover(importlib.import_module(toy_games))
    assert found == {"highcard": HIGHCARD}
    assert found["highcard"].sheet is not None  # its score sheet's rules came with it
