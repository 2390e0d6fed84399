"""A bot named on a command line (`module:function`, `path/to/file.py[:function]`, the
function `bot` by default, or `policy:path/to/file.npz`, a trained policy file), for the
arena and the ladder alike; no engine needed."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

POLICY_PREFIX = "policy:"
"""`policy:PATH` names a policy file (`cardtable_sdk.policies.files`), not a module."""


def import_function(spec: str, game: str | None = None) -> Callable[..., Any]:
    """`module:function`, `path/to/file.py[:function]` or `policy:path.npz` -> the function.
    A policy file must be for `game` when it is given."""
    if spec.startswith(POLICY_PREFIX):
        from cardtable_sdk.policies import files

        return files.load(spec[len(POLICY_PREFIX) :], game)
    target, _, name = spec.partition(":")
    if target.endswith(".py"):
        path = Path(target).resolve()
        # Examples import their neighbours as scripts do: their folder goes on sys.path.
        sys.path.insert(0, str(path.parent))
        loader = importlib.util.spec_from_file_location(path.stem, path)
        if loader is None or loader.loader is None:
            raise ValueError(f"cannot load {target}")
        module = importlib.util.module_from_spec(loader)
        sys.modules.setdefault(path.stem, module)
        loader.loader.exec_module(module)
    else:
        module = importlib.import_module(target)
    function = getattr(module, name or "bot", None)
    if not callable(function):
        raise ValueError(f"{spec}: no function {name or 'bot'!r}")
    return function  # type: ignore[no-any-return]
