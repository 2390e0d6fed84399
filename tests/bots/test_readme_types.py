"""The README's typed bot passes `mypy --strict` as printed, and a typo in a view key fails
it (so the check is not vacuous)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.sdk.conftest import ROOT
from tests.sdk.test_docs import python_samples


def _mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    sample = tmp_path / "readme_bot.py"
    sample.write_text(source, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(sample)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        # The SDK is installed in editable mode, which mypy cannot follow: point it there.
        env={**os.environ, "MYPYPATH": str(ROOT / "sdk")},
    )


def test_the_readme_bot_passes_mypy_strict_and_a_typo_fails_it(tmp_path: Path) -> None:
    sample = next(s for s in python_samples() if "def lowest_card_bot" in s)
    checked = _mypy(tmp_path, sample)
    assert checked.returncode == 0, checked.stdout
    typo = _mypy(tmp_path, sample.replace('view["discard_top"]', 'view["dicsard_top"]'))
    assert typo.returncode == 1 and '"dicsard_top"' in typo.stdout, typo.stdout
