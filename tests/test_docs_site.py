"""The documentation site builds with `mkdocs build --strict` (every link and anchor of
docs/ resolves), and the README stays the short way in."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from cardtable_engine.registry import GAMES
from tests.support.highcard import RULES as HIGHCARD

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    mkdocs = Path(sys.executable).parent / "mkdocs"
    assert mkdocs.is_file(), "mkdocs is not installed: install the project's [test] extra"
    result = subprocess.run(
        [str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "site/operations/index.html").is_file()
    assert (tmp_path / "site/runbooks/target-absent/index.html").is_file()
    for name in GAMES:  # each game's page, written from its folder (scripts/docs_game_pages.py)
        assert (tmp_path / f"site/games/{name}/index.html").is_file()


def test_a_games_page_is_written_from_its_folder_alone() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from docs_game_pages import game_page
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    page = game_page(HIGHCARD)
    assert page.startswith("# High card\n\nHigh card: a small two-player game")
    assert "| `rounds` | `2` | 1 to 5 | Rounds to play. |" in page
    assert "- **Players:** 2 to 2" in page and "- **Score sheets:** yes" in page


def test_every_page_in_the_nav_exists() -> None:
    nav = re.findall(
        r"^\s+-\s+(?:[^:\n]+:\s+)?([\w/.-]+\.md)$", (ROOT / "mkdocs.yml").read_text(), re.M
    )
    assert "operations.md" in nav and "index.md" in nav
    assert [page for page in nav if not (ROOT / "docs" / page).is_file()] == []


def test_the_readme_is_short_and_points_into_the_repository() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    assert "../shared" not in text and "/work/" not in text
    for command in ("make run", "make test"):
        assert command in text
    for audience in ("frontend developers", "bot authors", "operators"):
        assert f"For {audience}" in text


def test_the_code_map_names_every_service_module_and_k8s_part() -> None:
    """The map in docs/development.md once left out 12 of 22 modules."""
    text = (ROOT / "docs/development.md").read_text(encoding="utf-8")
    service = ROOT / "service/cardtable"
    # Every module of the top and of each part (api/ is named as a whole).
    parts = [service] + [
        p for p in service.iterdir() if (p / "__init__.py").is_file() and p.name != "api"
    ]
    modules = [p.name for part in parts for p in part.glob("*.py") if p.name != "__init__.py"]
    packages = [f"{p.name}/" for p in service.iterdir() if p.is_dir() and p.name != "__pycache__"]
    missing = [name for name in modules + packages if name not in text]
    assert missing == [], f"docs/development.md's code map does not name {missing}"
    for kind in ("overlays", "components"):
        for part in sorted(p.name for p in (ROOT / "k8s" / kind).iterdir()):
            assert part in text, f"docs/development.md does not name k8s/{kind}/{part}"
