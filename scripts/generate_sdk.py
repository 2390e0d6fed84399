"""Regenerate the SDK's generated parts from `openapi.yaml`: the low-level package
`sdk/cardtable_client`, the typed views, moves and events of `cardtable_sdk.typed` and the
TypeScript client's per-game names (`src/games.generated.ts`) (scripts/generate_typed.py;
`tests/sdk/test_generated_typed.py` keeps them in step).

The package is produced by the pinned openapi-python-client (0.29.1) with the settings in
`sdk/openapi-client-config.yaml`, then formatted (`ruff format` only) by the project's
pinned ruff in isolated mode (no configuration file is read), so the same spec gives the
same files on any machine.
Nobody edits the result by hand; `tests/sdk/test_generated_client.py` regenerates it into a
temporary folder and fails on any difference.

    python scripts/generate_sdk.py                 # rewrite both
    python scripts/generate_sdk.py --check         # exit 1 if either differs from a fresh run
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import generate_typed

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "openapi.yaml"
CONFIG = ROOT / "sdk" / "openapi-client-config.yaml"
PACKAGE = "cardtable_client"
TARGET = ROOT / "sdk" / PACKAGE
GENERATOR_VERSION = "0.29.1"
LINE_LENGTH = "100"


def _run(*args: str, cwd: Path | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout + done.stderr


def check_generator_version() -> None:
    from importlib.metadata import version

    found = version("openapi-python-client")
    if found != GENERATOR_VERSION:
        raise RuntimeError(
            f"openapi-python-client {GENERATOR_VERSION} is pinned, but {found} is installed"
        )


# openapi-python-client 0.29.1 leaves the inner list of an array of arrays of a oneOf with
# a literal (a `round_end` event's Skyjo `grids`) unannotated in `to_dict`; mypy infers it
# from its first append as list[int | Literal["removed"]] and refuses to append it to the
# list[list[int | str]] the generator declared (lists are invariant). One annotation, in
# the generated text, so that the package passes `mypy --strict` wherever it is checked.
TYPE_FIXES = [
    (
        "models/round_end_event.py",
        "                grids_item = []\n"
        "                for grids_item_item_data in grids_item_data:",
        "                grids_item: list[int | str] = []\n"
        "                for grids_item_item_data in grids_item_data:",
    ),
]


def generate(spec: Path, destination: Path) -> Path:
    """Generate the package from `spec` into `destination` (created; must not exist)."""
    check_generator_version()
    said = _run(
        sys.executable, "-m", "openapi_python_client", "generate",
        "--path", str(spec),
        "--config", str(CONFIG),
        "--meta", "none",
        "--output-path", str(destination),
    )  # fmt: skip
    if "Warning" in said:
        # The generator leaves out what it cannot read (an endpoint, a model) and still
        # exits 0: a spec it does not fully understand is an error here.
        raise SystemExit(f"generate_sdk: the generator skipped parts of the spec:\n{said}")
    # Formatting only (no lint fixes: they change code, e.g. `*args: Any` into `object`,
    # which mypy then rejects). Isolated: no ruff.toml above the folder may change it.
    # -P: the folder (which has a types.py) must not shadow the standard library.
    _run(sys.executable, "-P", "-m", "ruff", "format", "--isolated", "--line-length", LINE_LENGTH,
         "--quiet", ".", cwd=destination)  # fmt: skip
    for relative, before, after in TYPE_FIXES:
        path = destination / relative
        text = path.read_text()
        if before not in text:
            raise SystemExit(f"generate_sdk: the known typing slip is gone from {relative}: "
                             "drop its entry from TYPE_FIXES")  # fmt: skip
        path.write_text(text.replace(before, after, 1))
    # The generator writes the PEP 561 marker only with packaging metadata (--meta), which
    # we do not want; the package is typed, so say so.
    (destination / "py.typed").write_text("")
    for cache in destination.rglob("__pycache__"):
        shutil.rmtree(cache)
    shutil.rmtree(destination / ".ruff_cache", ignore_errors=True)
    return destination


def _files(tree: Path) -> dict[str, bytes]:
    skipped = {"__pycache__", ".ruff_cache", ".mypy_cache"}
    return {
        path.relative_to(tree).as_posix(): path.read_bytes()
        for path in sorted(tree.rglob("*"))
        if path.is_file() and not skipped.intersection(path.relative_to(tree).parts)
    }


def differences(expected: Path, actual: Path) -> list[str]:
    """Relative paths that are missing, extra or different between two package trees."""
    fresh, committed = _files(expected), _files(actual)
    found = [f"missing from {actual.name}: {name}" for name in fresh.keys() - committed.keys()]
    found += [f"not generated: {name}" for name in committed.keys() - fresh.keys()]
    found += [
        f"differs: {name}"
        for name in fresh.keys() & committed.keys()
        if fresh[name] != committed[name]
    ]
    return sorted(found)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", type=Path, default=SPEC, help="the OpenAPI document")
    parser.add_argument("--output", type=Path, default=TARGET, help="where the package goes")
    parser.add_argument("--check", action="store_true", help="only compare with a fresh generation")
    args = parser.parse_args(argv)
    schemas = generate_typed.load(args.spec)
    typed, typescript = generate_typed.generate(schemas), generate_typed.typescript(schemas)
    with tempfile.TemporaryDirectory(prefix="cardtable-sdk-") as scratch:
        fresh = generate(args.spec, Path(scratch) / PACKAGE)
        if args.check:
            problems = differences(fresh, args.output)
            problems += generate_typed.differences(typed, generate_typed.TARGET)
            if generate_typed.TYPESCRIPT.read_text(encoding="utf-8") != typescript:
                problems.append(f"differs: {generate_typed.TYPESCRIPT.name}")
            for line in problems:
                print(line)
            return 1 if problems else 0
        if args.output.exists():
            shutil.rmtree(args.output)
        shutil.copytree(fresh, args.output)
    for name, text in typed.items():
        (generate_typed.TARGET / name).write_text(text, encoding="utf-8")
    generate_typed.TYPESCRIPT.write_text(typescript, encoding="utf-8")
    print(f"generated {args.output} and {generate_typed.TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
