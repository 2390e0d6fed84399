"""The rules engine is a pure library: nothing under cardtable_engine imports Flask,
marshmallow, flask-smorest or redis, directly or by importing the package."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import cardtable_engine

FORBIDDEN = ("flask", "flask_smorest", "marshmallow", "redis", "werkzeug", "apispec")
ENGINE_DIR = Path(cardtable_engine.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Name, ast.Attribute))
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def _is_forbidden(module: str) -> bool:
    return module.split(".")[0] in FORBIDDEN


def test_the_engine_package_has_modules_to_check() -> None:
    files = list(ENGINE_DIR.rglob("*.py"))
    assert ENGINE_DIR / "base.py" in files
    assert ENGINE_DIR / "games" / "skyjo" / "state.py" in files


def test_no_engine_module_imports_a_web_or_storage_library() -> None:
    offenders = {
        f"{path.relative_to(ENGINE_DIR)}: {module}"
        for path in ENGINE_DIR.rglob("*.py")
        for module in _imported_modules(path)
        if _is_forbidden(module)
    }
    assert not offenders, sorted(offenders)


def test_the_checker_would_notice_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\nfrom marshmallow import fields\nimport redis.client\n"
        "def f():\n    import flask\n    return __import__('flask_smorest')\n",
        encoding="utf-8",
    )
    found = {module for module in _imported_modules(sample) if _is_forbidden(module)}
    assert found == {"marshmallow", "redis.client", "flask", "flask_smorest"}


def test_importing_every_engine_module_loads_none_of_them() -> None:
    modules = sorted(
        "cardtable_engine"
        + ("." + ".".join(path.relative_to(ENGINE_DIR).with_suffix("").parts)).removesuffix(
            ".__init__"
        )
        for path in ENGINE_DIR.rglob("*.py")
    )
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = json.loads(result.stdout)
    assert "cardtable_engine.games.skyjo" in loaded
    assert not [name for name in loaded if _is_forbidden(name)]
