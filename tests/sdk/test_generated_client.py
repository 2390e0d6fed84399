"""The generated low-level package: regenerating it from openapi.yaml with the pinned
generator gives exactly the committed files, and every module of it imports."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import cardtable_client
from tests.sdk.conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import generate_sdk

sys.path.remove(str(ROOT / "scripts"))


def test_the_committed_package_is_what_the_generator_makes_of_openapi_yaml(
    tmp_path: Path,
) -> None:
    fresh = generate_sdk.generate(ROOT / "openapi.yaml", tmp_path / "cardtable_client")
    problems = generate_sdk.differences(fresh, ROOT / "sdk" / "cardtable_client")
    assert not problems, (
        "sdk/cardtable_client is out of date with openapi.yaml; run `make sdk`:\n"
        + "\n".join(problems)
    )


def test_the_drift_check_notices_a_hand_edit(tmp_path: Path) -> None:
    committed = ROOT / "sdk" / "cardtable_client"
    edited = tmp_path / "edited"
    subprocess.run(["cp", "-r", str(committed), str(edited)], check=True)
    (edited / "client.py").write_text((committed / "client.py").read_text() + "# edited\n")
    (edited / "extra.py").write_text("")
    assert generate_sdk.differences(committed, edited) == [
        "differs: client.py",
        "not generated: extra.py",
    ]


def test_the_generator_is_the_pinned_version() -> None:
    generate_sdk.check_generator_version()
    assert generate_sdk.GENERATOR_VERSION == "0.29.1"


def test_every_generated_module_imports() -> None:
    names = [
        module.name
        for module in pkgutil.walk_packages(cardtable_client.__path__, "cardtable_client.")
    ]
    for name in names:
        importlib.import_module(name)
    # One module per operationId, grouped by tag: the names the SDK builds on.
    for operation in (
        "api.games.create_game",
        "api.games.get_game",
        "api.games.get_legal_moves",
        "api.games.apply_move",
        "api.games.get_score",
        "api.games.get_record",
        "api.catalog.list_game_types",
        "api.scoresheets.create_scoresheet",
        "api.scoresheets.get_scoresheet",
    ):
        assert f"cardtable_client.{operation}" in names
