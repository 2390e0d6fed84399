"""The settings table of docs/deploying.md, generated from `Settings` (one source).

`python -m cardtable.settings_table --write docs/deploying.md` rewrites the table between
the markers; tests/deploy/test_settings_table.py fails when the page differs from it (a
default changed in the code and not in the docs, or the other way round).
"""

from __future__ import annotations

import argparse
import ast
import inspect
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

from cardtable import config
from cardtable.config import Settings

START = "<!-- settings table: generated from cardtable.config.Settings, do not edit -->"
END = "<!-- end of settings table -->"


def field_docs() -> dict[str, str]:
    """Each field's docstring (the string literal just under it in config.py)."""
    tree = ast.parse(inspect.getsource(config))
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Settings"]
    docs, previous = {}, None
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            previous = node.target.id
        elif (
            previous
            and isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            docs[previous] = " ".join(node.value.value.split())
            previous = None
        else:
            previous = None
    return docs


def variable(name: str) -> str:
    if name == "redis_url":
        return "`CARDTABLE_REDIS_URL` (or `REDIS_URL`)"
    return f"`{config.variable_of(name)}`"


def shown(value: Any) -> str:
    if value is None or value == ():
        return "none"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, float) and value.is_integer():
        return f"`{int(value)}`"
    return f"`{value}`"


def table() -> str:
    docs = field_docs()
    rows = ["| Variable | Default | Meaning |", "| --- | --- | --- |"]
    for item in fields(Settings):
        default = item.default
        if default is MISSING and callable(item.default_factory):
            default = item.default_factory()
        meaning = docs.get(item.name, "").replace("|", "\\|")
        rows.append(f"| {variable(item.name)} | {shown(default)} | {meaning} |")
    return "\n".join(rows)


def section() -> str:
    return f"{START}\n{table()}\n{END}"


def replace_in(text: str) -> str:
    before, start, rest = text.partition(START)
    _, end, after = rest.partition(END)
    if not start or not end:
        raise ValueError("the page has no settings table markers")
    return before + section() + after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="page to update in place")
    args = parser.parse_args()
    if args.write:
        args.write.write_text(replace_in(args.write.read_text()))
    else:
        print(table())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
