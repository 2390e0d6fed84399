"""A mkdocs hook: one page per hosted game, `games/<name>.md`, written from the game's folder
alone (as PettingZoo does): the folder package's docstring, then its facts as the engine
declares them (players, options, move types, bots, whether it has score sheets). A new game
folder gets its page, in the menu, without a line of docs/ or mkdocs.yml.

Listed in mkdocs.yml under `hooks:`; `make docs` builds the pages with the rest."""

from __future__ import annotations

import importlib
import inspect
import json
from typing import Any

from cardtable_engine.base import GameRules
from cardtable_engine.registry import GAMES


def _default(spec: Any) -> str:
    if spec.default_by_players:
        return ", ".join(f"{n} players: `{v}`" for n, v in sorted(spec.default_by_players.items()))
    return f"`{json.dumps(spec.default)}`"


def _range(spec: Any) -> str:
    if spec.choices:
        found = ", ".join(f'`"{choice}"`' for choice in spec.choices)
    elif spec.minimum is not None or spec.maximum is not None:
        found = f"{spec.minimum} to {spec.maximum}"
    else:
        found = str(spec.kind)
    return f"{found} or `null`" if spec.nullable else found


def game_page(rules: GameRules) -> str:
    """The page of one game: its folder's docstring and its declared facts."""
    module = importlib.import_module(rules.state_class.__module__)
    folder = importlib.import_module(module.__name__.rpartition(".")[0])
    # The folder's package hosts the game; a game written in one file is that module.
    described = folder if getattr(folder, "RULES", None) is rules else module
    doc = inspect.cleandoc(described.__doc__ or rules.title)
    lines = [
        f"# {rules.title}",
        "",
        doc,
        "",
        f"- **Name** (`game` in requests): `{rules.name}`",
        f"- **Players:** {rules.min_players} to {rules.max_players}",
        f"- **Move types:** {', '.join(f'`{kind}`' for kind in rules.move_types)}",
        f"- **Server bots:** {', '.join(f'`{bot}`' for bot in sorted(rules.bots))}",
        f"- **Score sheets:** {'yes' if rules.sheet is not None else 'no'}",
        "",
        "| option | default | range | what it does |",
        "|---|---|---|---|",
    ]
    for spec in rules.option_specs:
        lines.append(f"| `{spec.name}` | {_default(spec)} | {_range(spec)} | {spec.description} |")
    return "\n".join(lines) + "\n"


def on_config(config: Any) -> Any:
    """The pages in the menu, after the rules reference ("Using it")."""
    pages = [f"games/{name}.md" for name in GAMES]
    for section in config["nav"] or []:
        if isinstance(section, dict) and "Using it" in section:
            section["Using it"].append({"The games": pages})
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for rules in GAMES.values():
        files.append(File.generated(config, f"games/{rules.name}.md", content=game_page(rules)))
    return files
