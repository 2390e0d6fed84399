"""The TypeScript side, run by the project's test command: the client's unit tests (against a
live server), type checks, and drift checks for the generated types and the built web table."""

from __future__ import annotations

import filecmp
import gzip
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cardtable.server.redis_server import RedisServer
from tests.support.live_server import LiveServer
from tests.web.conftest import ROOT, require

TS = ROOT / "sdk" / "typescript"
WEB_BUILD = ROOT / "service" / "cardtable" / "web"


@pytest.fixture(scope="module")
def node_tools() -> Path:
    require("npm", "npm", "install Node.js 18+ with npm (apt-get install nodejs npm)")
    if not (TS / "node_modules" / ".bin" / "esbuild").exists():
        pytest.fail("sdk/typescript/node_modules is missing: run `make install` (npm ci)")
    return TS / "node_modules" / ".bin"


@pytest.fixture(scope="module")
def busy_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    """One worker that holds a single stream (the next gets 503 + Retry-After); a closed
    stream frees its slot at the next heartbeat, every 0.2 s."""
    env = {"CARDTABLE_MAX_STREAMS": "1", "CARDTABLE_SSE_HEARTBEAT_SECONDS": "0.2"}
    with LiveServer(redis_url=redis_server.url, workers=1, extra_env=env) as server:
        yield server


def run(*command: str | Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(part) for part in command],
        cwd=TS,
        env={**os.environ, **(env or {}), "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    return done.stdout + done.stderr


def test_the_clients_unit_tests_pass_against_a_live_server(
    node_tools: Path, live_server: LiveServer, busy_server: LiveServer
) -> None:
    urls = {"CARDTABLE_URL": live_server.url, "CARDTABLE_BUSY_URL": busy_server.url}
    output = run("npm", "test", env=urls)
    assert "skipped" not in output, output
    assert " passed" in output and "failed" not in output, output


def test_client_tests_and_web_sources_type_check(node_tools: Path) -> None:
    run(node_tools / "tsc", "--noEmit", "-p", "tsconfig.json")


def test_generated_types_match_openapi_yaml(node_tools: Path, tmp_path: Path) -> None:
    fresh = tmp_path / "schema.d.ts"
    run(node_tools / "openapi-typescript", ROOT / "openapi.yaml", "-o", fresh)
    committed = TS / "src" / "schema.d.ts"
    assert fresh.read_text() == committed.read_text(), (
        "sdk/typescript/src/schema.d.ts is stale: run `make sdk`"
    )


def test_built_web_table_matches_its_sources(node_tools: Path, tmp_path: Path) -> None:
    run("node", ROOT / "service" / "web" / "build.mjs", tmp_path)
    comparison = filecmp.dircmp(tmp_path, WEB_BUILD)
    stale = comparison.diff_files + comparison.left_only + comparison.right_only
    assets = filecmp.dircmp(tmp_path / "assets", WEB_BUILD / "assets")
    stale += assets.diff_files + assets.left_only + assets.right_only
    assert stale == [], f"the built web table is stale ({stale}): run `make web`"
    files = [WEB_BUILD / "index.html", *(WEB_BUILD / "assets").iterdir()]
    sizes = {path.name: len(gzip.compress(path.read_bytes())) for path in files}
    # Small enough to load at once on a phone (the page weight, gzip as served): no
    # framework, no fonts, no images.
    assert sum(sizes.values()) < 150_000, sizes


def test_the_app_serves_the_web_table(live_server: LiveServer) -> None:
    page = httpx.get(f"{live_server.url}/play/games/abc", timeout=10)
    assert page.status_code == 200 and "/play/assets/app.js" in page.text
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    script = httpx.get(f"{live_server.url}/play/assets/app.js", timeout=10)
    assert script.status_code == 200
    assert script.headers["Content-Encoding"] == "gzip"  # httpx asks for it, then unpacks
    assert int(script.headers["Content-Length"]) < 0.5 * len(script.content)
    assert script.headers["Content-Type"].startswith(("text/javascript", "application/javascript"))
    assert script.content == (WEB_BUILD / "assets" / "app.js").read_bytes()
    missing = httpx.get(f"{live_server.url}/play/assets/nothing.js", timeout=10)
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
