"""Resolve requirements.lock, the exact versions `make` installs, or check that it is fresh.

    python scripts/lock.py --write   # re-resolve with uv (`make lock`)
    python scripts/lock.py --check   # exit 1 if an input changed since the lock was written

The lock's first line records a digest of its inputs (requirements.in and the three
pyproject.toml files), so a dependency added to a pyproject.toml without `make lock` is
caught by a test instead of by the next fresh clone.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
INPUTS = (
    "requirements.in",
    "pyproject.toml",
    "sdk/pyproject.toml",
    "service/engine/pyproject.toml",
)
DIGEST_PREFIX = "# inputs-sha256: "


def inputs_digest() -> str:
    digest = hashlib.sha256()
    for name in INPUTS:
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return digest.hexdigest()


def recorded_digest() -> str | None:
    first = LOCK.read_text().splitlines()[0] if LOCK.exists() else ""
    return first.removeprefix(DIGEST_PREFIX) if first.startswith(DIGEST_PREFIX) else None


def write() -> None:
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if uv is None:
        sys.exit("uv is needed to resolve the lock: pip install uv")
    resolved = subprocess.run(
        [uv, "pip", "compile", "requirements.in", "--python-version", "3.11", "--no-header"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    header = (
        f"{DIGEST_PREFIX}{inputs_digest()}\n"
        "# Written by `make lock` (scripts/lock.py) from requirements.in; do not edit by hand.\n"
    )
    LOCK.write_text(header + resolved)
    print(f"wrote {LOCK.relative_to(ROOT)}")


def check() -> int:
    if recorded_digest() != inputs_digest():
        print(
            "requirements.lock is stale: an input changed since it was written "
            f"({', '.join(INPUTS)}); run `make lock`",
            file=sys.stderr,
        )
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.write:
        write()
        return 0
    return check()


if __name__ == "__main__":
    sys.exit(main())
