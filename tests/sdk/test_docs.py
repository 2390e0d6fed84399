"""Every Python sample of the README's section for bot authors runs, in order, in one
namespace as a reader would paste them, against the live server."""

from __future__ import annotations

import re

from tests.sdk.conftest import ROOT
from tests.support.live_server import LiveServer

README = ROOT / "docs/sdk.md"
SECTION = "## Writing bots: the Python SDK\n"
SAMPLE = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)
DOC_URL = "http://localhost:8000"


def bot_authors_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return text[start : end if end != -1 else len(text)]


def python_samples() -> list[str]:
    return SAMPLE.findall(bot_authors_section())


def test_the_doc_has_the_promised_samples() -> None:
    samples = python_samples()
    assert len(samples) >= 6
    text = "\n".join(samples)
    for promised in ("def lowest_card_bot", "play_local(", "LocalGame(", "StaleVersion",
                     "AsyncCardtable", "create_scoresheet"):  # fmt: skip
        assert promised in text, promised
    assert all(DOC_URL in s for s in samples if "Cardtable(" in s)


def test_every_python_sample_runs(live_server: LiveServer, capsys) -> None:
    namespace: dict[str, object] = {"__name__": "bot_authors_doc"}
    for number, sample in enumerate(python_samples(), start=1):
        code = compile(sample.replace(DOC_URL, live_server.url), f"<sample {number}>", "exec")
        exec(code, namespace)
    printed = capsys.readouterr().out
    assert "the random bot won" in printed
    assert "the game moved on; now at version 1" in printed
    assert "<SkipBoView v0 round 1, seat 0, your turn" in printed


def test_samples_that_define_their_own_bot_run_on_their_own(live_server: LiveServer) -> None:
    """A reader may paste the local-game or the async sample alone: each defines its bot."""
    standalone = [s for s in python_samples() if "LocalGame(" in s or "AsyncCardtable" in s]
    assert len(standalone) == 2
    for sample in standalone:
        exec(compile(sample.replace(DOC_URL, live_server.url), "<sample>", "exec"), {})
