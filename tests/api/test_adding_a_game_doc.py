"""docs/adding-a-game.md walks the test-only high-card game literally: its walkthrough's
code runs here, in order, against the real app on a real Redis."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from flask.testing import FlaskClient

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"
BLOCK = re.compile(r"^( *)```python\n(.*?)^\1```", re.S | re.M)


def walkthrough_blocks() -> list[str]:
    text = DOC.read_text()
    section = text[text.index("## Walkthrough") :]
    return [textwrap.dedent(match.group(2)) for match in BLOCK.finditer(section)]


def test_the_walkthrough_runs_as_written(client: FlaskClient) -> None:
    blocks = walkthrough_blocks()
    assert len(blocks) == 4
    namespace: dict[str, object] = {"client": client}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    assert namespace["events"]
