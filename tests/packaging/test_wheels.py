"""The three distributions build as wheels, and local play installs from them alone: the
engine and `cardtable-sdk[local]` go into a fresh venv offline (`--no-index`, from the
built wheels plus the SDK's own HTTP dependencies), play a game, and bring no Flask,
gunicorn or Redis."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DISTRIBUTIONS = {"cardtable_engine": "./service/engine", "cardtable": ".", "cardtable_sdk": "./sdk"}
SERVICE_ONLY = ("flask", "gunicorn", "redis", "marshmallow", "gevent")

PLAY = """
import importlib.util, json, sys
from cardtable_sdk.local import play_local
from cardtable_sdk.search import sample_state
result = play_local("skipbo", ["random", "greedy"], options={"stock_size": 5}, seed=4)
present = [name for name in sys.argv[1:] if importlib.util.find_spec(name)]
print(json.dumps({"finished": result.score["finished"], "present": present}))
"""

pytestmark = pytest.mark.slow


def pip(python: Path | str, *args: str) -> None:
    subprocess.run(
        [str(python), "-m", "pip", "--disable-pip-version-check", "--quiet", *args],
        check=True,
        cwd=ROOT,
    )


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    pip(sys.executable, "wheel", "--no-deps", "--wheel-dir", str(dist), *DISTRIBUTIONS.values())
    return dist


def test_every_distribution_builds_a_wheel(wheels: Path) -> None:
    built = {path.name.split("-")[0] for path in wheels.glob("*.whl")}
    assert built == set(DISTRIBUTIONS)


def test_the_engine_wheel_holds_the_engine_and_the_service_wheel_does_not(wheels: Path) -> None:
    def names(prefix: str) -> set[str]:
        (wheel,) = wheels.glob(f"{prefix}-*.whl")
        return set(zipfile.ZipFile(wheel).namelist())

    engine, service = names("cardtable_engine"), names("cardtable")
    assert "cardtable_engine/base.py" in engine and "cardtable_engine/host.py" in engine
    assert not any(name.startswith(("cardtable/api", "cardtable/app")) for name in engine)
    assert not any(name.startswith("cardtable_engine/") for name in service)
    # Each distribution is one plain package of its own.
    assert "cardtable_engine/__init__.py" in engine and "cardtable/__init__.py" in service
    assert not any(name.startswith("cardtable/") for name in engine)


def test_local_play_installs_offline_from_the_wheels(wheels: Path, tmp_path: Path) -> None:
    # The SDK's HTTP dependencies come from the package index once; then the install
    # itself runs with --no-index: the engine and the `local` extra must resolve from the
    # built wheels alone.
    deps = tmp_path / "deps"
    pip(
        sys.executable,
        "download",
        "--dest",
        str(deps),
        "--find-links",
        str(wheels),
        "cardtable-sdk",
    )
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    pip(
        python,
        "install",
        "--no-index",
        "--find-links",
        str(wheels),
        "--find-links",
        str(deps),
        "cardtable-sdk[local]",
    )
    out = subprocess.run(
        [str(python), "-c", PLAY, *SERVICE_ONLY],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert out.stdout.strip().splitlines()[-1] == '{"finished": true, "present": []}'
