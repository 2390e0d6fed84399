"""The README's "Watching a game live" sample runs, as a reader would paste it, against a
live gevent server: the JSON feed, then a `curl -N` Server-Sent Events stream."""

from __future__ import annotations

import re
import subprocess

from tests.sdk.conftest import ROOT
from tests.support.live_server import LiveServer

SECTION = "### Watching a game live: the event feed\n"
FIELD = 'field() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }\n'


def sample() -> str:
    text = (ROOT / "docs/api.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.index("\n### ", start + len(SECTION))
    found = re.findall(r"^```sh\n(.*?)^```", text[start:end], re.DOTALL | re.MULTILINE)
    assert len(found) == 1
    return str(found[0])


def test_the_readme_watches_a_game_with_curl(live_server: LiveServer) -> None:
    host = live_server.url.removeprefix("http://")
    script = "set -eu\n" + FIELD + sample().replace("localhost:8000", host)
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "move"
    assert lines[1].startswith("retry: ")
    assert lines[2:4] == ["", "id: 1"]  # a blank line ends each message
    assert lines[4].startswith('data: {"version":1,"type":"move"')
