"""The hand-written code stays readable in one sitting: radon rates no function D or worse
(cyclomatic complexity above 20), and no function is longer than 50 lines. The generated
client (sdk/cardtable_client) is not ours to shape."""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Iterator
from pathlib import Path

from radon.complexity import cc_rank, cc_visit

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("service", "sdk/cardtable_sdk", "scripts")
MAX_LINES = 50
WORST_RANK = "C"


def _files() -> Iterator[Path]:
    for folder in SOURCES:
        yield from (
            p for p in sorted((ROOT / folder).rglob("*.py")) if "node_modules" not in p.parts
        )


def too_complex(source: str) -> list[str]:
    """Each function or class of `source` that radon rates worse than WORST_RANK."""
    return [
        f"{block.fullname}:{block.lineno} {cc_rank(block.complexity)} ({block.complexity})"
        for block in cc_visit(source)
        if cc_rank(block.complexity) > WORST_RANK
    ]


def too_long(source: str) -> list[str]:
    """Each function of `source` longer than MAX_LINES (its signature and docstring included)."""
    return [
        f"{node.name}:{node.lineno} {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_LINES
    ]


def test_the_checks_see_a_long_and_branchy_function() -> None:
    body = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(30))
    source = f"def branchy(x):\n{body}    return -1\n"
    assert too_complex(source) == ["branchy:1 E (31)"]
    assert too_long(source) == ["branchy:1 62 lines"]
    assert too_complex("def plain(x):\n    return x\n") == too_long("def f():\n    pass\n") == []


def test_no_function_is_rated_d_or_worse() -> None:
    files = list(_files())
    assert any(p.name == "app.py" for p in files)
    found = [f"{p.relative_to(ROOT)}: {b}" for p in files for b in too_complex(p.read_text())]
    assert found == []


def test_no_function_is_longer_than_50_lines() -> None:
    found = [f"{p.relative_to(ROOT)}: {f}" for p in _files() for f in too_long(p.read_text())]
    assert found == []


def test_the_service_has_no_more_import_loops() -> None:
    """The loops scripts/import_loops.py counts (3 when it was written: the engine's
    skeleton, and each game's state with its modules) do not grow, and none joins the
    stored form (documents/) and the live table (games/), nor the rated players and
    their ratings."""
    spec = importlib.util.spec_from_file_location("import_loops", ROOT / "scripts/import_loops.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    loops = script.loops(script.graph(top_level_only=False))
    assert len(loops) <= 3, loops
    mixed = [
        loop
        for loop in loops
        for m in loop
        if m.startswith(("cardtable.documents", "cardtable.games"))
    ]
    assert mixed == []
