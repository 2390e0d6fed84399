"""Every relative link of README.md and docs/*.md leads to a file of the repository, so
the documentation works in a fresh clone (it once pointed outside the repository)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# [text](target) and [text]: target, but not images' or code spans' contents.
INLINE = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s+(\S+)", re.MULTILINE)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


def relative_links(document: Path) -> list[str]:
    text = CODE.sub("", document.read_text(encoding="utf-8"))
    targets = INLINE.findall(text) + REFERENCE.findall(text)
    return [t for t in targets if not re.match(r"^[a-z][a-z+.-]*:|^#", t)]


def test_links_are_found() -> None:
    sample = ROOT / "README.md"
    assert "docs/rules.md" in relative_links(sample)
    assert not any(link.startswith("http") for link in relative_links(sample))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_relative_link_resolves_in_the_repository(document: Path) -> None:
    missing = []
    for link in relative_links(document):
        target = (document.parent / link.split("#")[0]).resolve()
        if not target.exists() or ROOT not in target.parents:
            missing.append(link)
    assert missing == [], f"{document.name} links to files a clone does not have"


def test_no_document_mentions_paths_outside_the_repository() -> None:
    for document in DOCUMENTS:
        assert "../shared" not in document.read_text(encoding="utf-8"), document.name
