"""The SDK's generated typed modules (`cardtable_sdk.typed.<game>`): regenerating them from
openapi.yaml gives exactly the committed files, and a game the service hosts gets its own
module with no hand edit: the test-only third game's, generated from the spec served with it
hosted, type-checks a bot under `mypy --strict` and refuses one that misreads its view."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from cardtable.openapi import openapi_dict
from cardtable_engine.registry import GAMES, hosted
from tests.sdk.conftest import ROOT
from tests.support.highcard import RULES as HIGHCARD

sys.path.insert(0, str(ROOT / "scripts"))
import generate_typed

sys.path.remove(str(ROOT / "scripts"))

COMMITTED = ROOT / "sdk" / "cardtable_sdk" / "typed"

BOT = '''
import highcard


@highcard.bot
def lowest(view: highcard.View, legal_moves: list[highcard.Move]) -> highcard.Move:
    """Play the lowest rank, unless the trick's card can be beaten."""
    trick = view["trick"]
    beating = [move for move in legal_moves if trick and move["rank"] > trick[0]]
    return min(beating or legal_moves, key=lambda move: move["rank"])
'''
MISREAD = """
import highcard


def misread(view: highcard.View, move: highcard.Move) -> int:
    return view["tricks"] + move["card"]
"""


def test_the_committed_modules_are_what_the_generator_makes_of_openapi_yaml() -> None:
    files = generate_typed.generate(generate_typed.load(ROOT / "openapi.yaml"))
    assert set(files) == {"__init__.py", "_view.py", "events.py", *(f"{g}.py" for g in GAMES)}
    problems = generate_typed.differences(files, COMMITTED)
    assert not problems, (
        "sdk/cardtable_sdk/typed is out of date with openapi.yaml; run `make sdk`:\n"
        + "\n".join(problems)
    )


def test_the_typescript_clients_game_names_are_what_the_generator_makes_of_openapi_yaml() -> None:
    fresh = generate_typed.typescript(generate_typed.load(ROOT / "openapi.yaml"))
    assert fresh == generate_typed.TYPESCRIPT.read_text(encoding="utf-8"), (
        "sdk/typescript/src/games.generated.ts is out of date with openapi.yaml; run `make sdk`"
    )
    with hosted(HIGHCARD):
        hosting = generate_typed.typescript(openapi_dict()["components"]["schemas"])  # type: ignore[arg-type]
    names = " | ".join(f'"{name}"' for name in sorted([*GAMES, "highcard"]))
    assert f"export type GameName = {names};" in hosting
    assert '  highcard: ["play"],' in hosting and 'highcard: Schemas["HighcardView"];' in hosting


def test_the_drift_check_notices_a_hand_edit(tmp_path: Path) -> None:
    files = generate_typed.generate(generate_typed.load(ROOT / "openapi.yaml"))
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert generate_typed.differences(files, tmp_path) == []
    edited = tmp_path / "skipbo.py"
    edited.write_text(edited.read_text().replace("    card: int\n", "    cards: int\n", 1))
    (tmp_path / "skyjo.py").unlink()
    assert generate_typed.differences(files, tmp_path) == [
        "differs: skipbo.py",
        "differs: skyjo.py",
    ]


def test_a_hosted_third_game_gets_a_typed_module_that_type_checks(tmp_path: Path) -> None:
    with hosted(HIGHCARD):
        schemas = openapi_dict()["components"]["schemas"]
    files = generate_typed.generate(schemas)  # type: ignore[arg-type]
    assert set(files) == {"__init__.py", "_view.py", "events.py", "highcard.py"} | {
        f"{g}.py" for g in GAMES
    }
    assert "from cardtable_sdk.typed import highcard, skipbo, skyjo" in files["__init__.py"]
    module = files["highcard.py"]
    assert 'game: Literal["highcard"]' in module and "    rank: int\n" in module
    (tmp_path / "highcard.py").write_text(module, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("highcard_typed", tmp_path / "highcard.py")
    assert spec is not None and spec.loader is not None
    typed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(typed)
    assert set(typed.View.__required_keys__) == set(schemas["HighcardView"]["required"])
    assert [set(move.__annotations__) for move in typed.MOVES] == [{"type", "rank"}]
    (tmp_path / "lowest.py").write_text(BOT, encoding="utf-8")
    (tmp_path / "misread.py").write_text(MISREAD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         str(tmp_path / "highcard.py"), str(tmp_path / "lowest.py"), str(tmp_path / "misread.py")],
        cwd=ROOT, capture_output=True, text=True, check=False,
        env={**os.environ, "MYPYPATH": f"{tmp_path}{os.pathsep}{ROOT / 'sdk'}"},
    )  # fmt: skip
    errors = done.stdout.splitlines()
    # Both misreadings are caught, in misread.py only: the module and the bot type-check.
    assert errors and {Path(line.split(":", 1)[0]).name for line in errors} == {"misread.py"}
    assert any('has no key "tricks"' in line for line in errors), errors
    assert any('has no key "card"' in line for line in errors), errors
