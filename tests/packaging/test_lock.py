"""requirements.lock is what `make` installs: it is fresh (no input changed since it was
resolved) and the running environment holds exactly the versions it pins."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;]+)")


def pins() -> dict[str, str]:
    found = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        match = PIN.match(line)
        if match:
            found[metadata_name(match.group(1))] = match.group(2)
    return found


def metadata_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_lock_is_fresh_for_its_inputs() -> None:
    checked = subprocess.run(
        [sys.executable, "scripts/lock.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr


def test_the_lock_pins_every_third_party_dependency_exactly() -> None:
    locked = pins()
    # The generators and the type checker are among them: their output is compared by tests.
    for name in ("redis", "flask", "mypy", "openapi-python-client", "openskill", "gunicorn"):
        assert name in locked, name
    assert len(locked) > 100


def test_the_environment_holds_the_locked_versions() -> None:
    installed = {
        metadata_name(dist.metadata["Name"]): dist.version for dist in metadata.distributions()
    }
    wrong = {
        name: (version, installed.get(name))
        for name, version in pins().items()
        if installed.get(name) != version
    }
    assert wrong == {}, "run `make install` (or `make lock` after changing a pyproject.toml)"
