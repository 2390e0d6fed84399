"""Deployment test helpers: the venv's tool binaries (the Redis Cluster fixture is in
tests/conftest.py, since the API tests use it too)."""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def venv_binary(name: str) -> Path:
    """`name` as installed by a wheel into this interpreter's environment.

    Only the environment's own scripts directory counts: a system-wide copy (say
    /usr/bin/kubectl) may be another version than the one pyproject.toml pins.
    """
    for directory in (Path(sysconfig.get_path("scripts")), Path(sys.executable).parent):
        candidate = directory / name
        if candidate.is_file():
            return candidate
    pytest.fail(f"{name} is not installed in {sys.prefix}; install the project's [test] extra")


@pytest.fixture(scope="session")
def hadolint_bin() -> Path:
    return venv_binary("hadolint")


@pytest.fixture(scope="session")
def kubectl_bin() -> Path:
    return venv_binary("kubectl")


@pytest.fixture(scope="session")
def kubernetes_validate_bin() -> Path:
    return venv_binary("kubernetes-validate")
