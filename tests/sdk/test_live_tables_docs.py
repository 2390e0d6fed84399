"""Every sample of the README's "Live tables" walkthrough runs against the live server: the
shell one with curl (as a reader would paste it), then the SDK one."""

from __future__ import annotations

import json
import re
import subprocess

from tests.sdk.conftest import ROOT
from tests.support.live_server import LiveServer

SECTION = "### Live tables: open seats, the lobby, timers, leaving and rematch\n"
SAMPLE = re.compile(r"^```(sh|python)\n(.*?)^```", re.DOTALL | re.MULTILINE)
DOC_HOST = "localhost:8000"


def samples() -> list[tuple[str, str]]:
    text = (ROOT / "docs/api.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n### ", start + len(SECTION))
    return SAMPLE.findall(text[start:end])


def test_the_walkthrough_has_a_curl_and_an_sdk_sample() -> None:
    kinds = [kind for kind, _ in samples()]
    assert kinds == ["sh", "python"]
    sh, python = (code for _, code in samples())
    for promised in ("/join", "open=true", "/leave", "turn_seconds", '"open": true'):
        assert promised in sh, promised
    for promised in ("OPEN_SEAT", ".join(", "open_games(", ".rematch()", ".leave()"):
        assert promised in python, promised


def test_the_curl_walkthrough_runs(live_server: LiveServer) -> None:
    host = live_server.url.removeprefix("http://")
    script = "set -eu\n" + samples()[0][1].replace(DOC_HOST, host)
    script += 'echo "ANN=$ANN"; curl -s localhost:8000/games/$ID | field \'["left"]\'\n'.replace(
        DOC_HOST, host
    )
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    lobby = json.loads(lines[0])
    assert lobby["games"][0]["open_seats"] == 1 and "invite" not in lines[0]
    assert lines[1].endswith("Z")  # the deadline, ISO 8601 UTC
    assert json.loads(lines[2])["seat"] == 1
    assert lines[-1] == "[False, True]"


def test_the_sdk_walkthrough_runs(live_server: LiveServer, capsys) -> None:
    code = samples()[1][1].replace(f"http://{DOC_HOST}", live_server.url)
    exec(compile(code, "<live tables sample>", "exec"), {"__name__": "live_tables_doc"})
    assert "rematch True True" in capsys.readouterr().out
