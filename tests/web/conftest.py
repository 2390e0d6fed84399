"""Browser fixtures: Debian's Chromium driven by Playwright against a real gunicorn + Redis,
with every page watched for console errors and failed requests."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require(path: str, what: str, install: str) -> None:
    """Fail, saying how to install it, when a tool the browser tests need is missing: a
    skipped test would pass silently (`make test` proves nothing without them)."""
    if shutil.which(path) is None and not Path(path).exists():
        pytest.fail(f"{what} ({path}) is missing: {install} (`make test` installs it as root)")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    require(CHROMIUM, "Debian's chromium", "apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Watched:
    """A browser context whose pages report console errors, page errors and failed requests."""

    context: Any
    problems: list[str] = field(default_factory=list)
    # While the test cuts the network on purpose, failed requests are what it expects.
    cut: bool = False

    def set_offline(self, offline: bool) -> None:
        """Cut or restore this context's network; failures while cut are not problems."""
        if offline:
            self.cut = True
        self.context.set_offline(offline)

    def reconnected(self) -> None:
        """The pages caught up after a cut: from now on failures count again."""
        self.cut = False

    def new_page(self) -> Any:
        page = self.context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)
        return page

    def _console(self, message: Any) -> None:
        if message.type == "error" and not self.cut:
            self.problems.append(f"console {message.type}: {message.text}")

    def _failed(self, request: Any) -> None:
        # A page that goes elsewhere cuts its event stream, long-poll or a score sheet's
        # poll (a conditional GET) short: not a failure.
        polling = "if-none-match" in request.headers
        waiting = "/events" in request.url or "wait=" in request.url or polling
        if (waiting and "ERR_ABORTED" in str(request.failure)) or self.cut:
            return
        self.problems.append(f"request failed: {request.method} {request.url} {request.failure}")

    def _response(self, response: Any) -> None:
        if response.status >= 400 and not self.cut:
            self.problems.append(f"HTTP {response.status}: {response.url}")


@pytest.fixture
def contexts(browser: Any, live_server: LiveServer) -> Iterator[Any]:
    """Make browser contexts on the live server; at the end, none may have seen a problem."""
    made: list[Watched] = []

    def make(**options: Any) -> Watched:
        # Cards do not travel unless a test asks for motion: every step is drawn at once.
        options.setdefault("reduced_motion", "reduce")
        watched = Watched(browser.new_context(base_url=live_server.url, **options))
        made.append(watched)
        return watched

    yield make
    problems = [problem for watched in made for problem in watched.problems]
    for watched in made:
        # Closing aborts the long-polls still in flight: those are not the page's fault.
        watched.problems = []
        watched.context.close()
    assert problems == []


def bots_game(url: str, game: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A game of two greedy server bots (Ann and Bea), played to its end, as POST /games
    answers it. Bots alone play in bounded slices, one as the game is created and one a
    read after (each slice at most 200 moves or 20 ms of the server's time, whichever comes
    first), so it is read until it is over: how many reads depends on the machine's load."""
    players = [{"name": "Ann", "bot": "greedy"}, {"name": "Bea", "bot": "greedy"}]
    body = {"game": game, "players": players, "options": options, "seed": seed}
    created: dict[str, Any] = httpx.post(f"{url}/games", json=body, timeout=10).json()
    for _ in range(200):
        if httpx.get(f"{url}/games/{created['id']}", timeout=10).json()["finished"]:
            return created
    raise AssertionError(f"the bots did not finish game {created['id']} in 200 reads")


def screenshot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def unlabelled_controls(page: Any) -> list[str]:
    """Buttons, inputs and selects with no text label (an accessibility check)."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('button, input, select, textarea, [role=img]')]
                .filter((el) => {
                  const labelled = el.getAttribute('aria-label') || el.textContent.trim()
                    || (el.id && document.querySelector(`label[for="${el.id}"]`))
                    || el.closest('label');
                  return !labelled;
                })
                .map((el) => el.outerHTML.slice(0, 120))"""
        )
    )


AXE = ROOT / "tests" / "web" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Any) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now (one line each)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make install` (npm ci in tests/web/axe)")
    # Evaluated through the devtools protocol: the page's CSP (no inline scripts) stays on.
    page.evaluate(f"() => {{ const module = undefined; {AXE.read_text()}; window.axe = axe; }}")
    found = page.evaluate(
        """async () => (await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a',
             'wcag21aa', 'best-practice'] })).violations.map((v) => `${v.id}: ${v.nodes.length}
             at ${v.nodes[0].target.join(' ')} ${v.nodes[0].failureSummary}`)"""
    )
    return list(found)
