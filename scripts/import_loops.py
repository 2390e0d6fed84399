"""Count the import loops among the service's modules (service/cardtable and the engine).

Every `import` and `from ... import` of a module of these packages is an edge, those under
`if TYPE_CHECKING:` included (a loop only types hide is still a loop in the design),
imports inside functions included too (a deferred import is how a loop is usually hidden).
A loop is a strongly connected group of two or more modules; each is printed with its
modules, and the count is the last line.

    python scripts/import_loops.py [--top-level-only]

`--top-level-only` leaves out the imports inside functions and under TYPE_CHECKING: the
loops Python itself would meet at import time.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

SERVICE = Path(__file__).resolve().parent.parent / "service"
ROOTS = {
    "cardtable": SERVICE / "cardtable",
    "cardtable_engine": SERVICE / "engine/cardtable_engine",
}


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package, root in ROOTS.items():
        for path in root.rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, top_level_only: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    def walk(node: ast.AST, nested: bool) -> Iterator[ast.Import | ast.ImportFrom]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if not (nested and top_level_only):
                    yield child
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) or (
                isinstance(child, ast.If) and _type_checking(child)
            ):
                yield from walk(child, True)
            else:
                yield from walk(child, nested)

    return walk(tree, False)


def graph(top_level_only: bool) -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text()), top_level_only):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            for target in targets:
                # The module itself, or the package whose name it imports from.
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
                    break
    return edges


def loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of two or more modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--top-level-only", action="store_true")
    args = parser.parse_args()
    found = loops(graph(args.top_level_only))
    for group in found:
        print(f"{len(group)} modules: {', '.join(group)}")
    print(f"import loops: {len(found)}")


if __name__ == "__main__":
    main()
