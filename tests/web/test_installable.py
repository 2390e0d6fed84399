"""Installable: the page links a web manifest (name, start URL and scope /play/, standalone,
an icon, the theme colour) and says its theme colour; the dark theme passes axe too. Offline:
a service worker at /play/sw.js controls the table from the first visit, and without a
network a reload of the table and of a score sheet still draws them."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, screenshot
from tests.web.test_scoresheet_live import new_sheet
from tests.web.test_scoresheet_page import enter_round, row, totals
from tests.web.test_table_features import PHONE_CONTEXT
from tests.web.test_typescript import WEB_BUILD

pytestmark = pytest.mark.slow


def test_the_table_is_installable_and_has_a_dark_theme(
    contexts: Any, live_server: LiveServer
) -> None:
    page = contexts(color_scheme="dark", locale="fr-FR", **PHONE_CONTEXT).new_page()
    page.goto("/play/")
    page.wait_for_selector("form.new-game")
    assert page.get_attribute("meta[name=theme-color]", "content") == "#1c5234"
    manifest_url = page.evaluate("document.querySelector('link[rel=manifest]').href")
    manifest = httpx.get(manifest_url, timeout=10).json()
    assert manifest["start_url"] == manifest["scope"] == "/play/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#1c5234"
    for icon in manifest["icons"]:
        answer = httpx.get(f"{live_server.url}{icon['src']}", timeout=10)
        assert answer.status_code == 200
        assert answer.headers["Content-Type"].startswith(icon["type"])
    # The dark theme: the page's background is dark, and axe finds nothing.
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(20, 23, 26)", background
    assert axe_violations(page) == []
    created = httpx.post(
        f"{live_server.url}/games",
        json={"game": "skyjo", "players": [{"name": "Ann"}, {"name": "Bea", "bot": "greedy"}]},
        timeout=10,
    ).json()
    page.goto(f"/play/games/{created['id']}#token={created['players'][0]['token']}")
    page.wait_for_selector("#table:not([data-version='-1'])")
    assert axe_violations(page) == []
    screenshot(page, "phone-fr-dark-skyjo")


def test_the_worker_is_served_for_the_whole_table(live_server: LiveServer) -> None:
    answer = httpx.get(f"{live_server.url}/play/sw.js", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith(("text/javascript", "application/javascript"))
    assert answer.headers["Cache-Control"] == "no-cache"
    assert "default-src 'self'" in answer.headers["Content-Security-Policy"]
    assert answer.content == (WEB_BUILD / "sw.js").read_bytes()
    # Its cache is named after the build: a release is a new worker with a new cache.
    build = re.search(rb'"cardtable-([0-9a-f]{16})"', answer.content)
    assert build is not None, answer.text[:200]


def test_installable_and_offline_the_table_and_a_score_sheet(
    contexts: Any, live_server: LiveServer
) -> None:
    phone = contexts(**PHONE_CONTEXT)
    page = phone.new_page()
    sheet_id = new_sheet(page, "Manon\nNico")
    enter_round(page, [12, 8], finisher=1)
    # The worker took control of the table on this first visit, and keeps the sheet as saved.
    page.wait_for_function("navigator.serviceWorker.controller?.scriptURL.endsWith('/play/sw.js')")
    scope = page.evaluate("navigator.serviceWorker.ready.then((ready) => ready.scope)")
    assert scope == f"{live_server.url}/play/"
    page.wait_for_function(
        """(path) => caches.match(path).then((kept) => kept?.json())
                       .then((sheet) => sheet?.rounds.length === 1)""",
        arg=f"/scoresheets/{sheet_id}",
    )
    # Chromium's own installability check: manifest (name, icons, start_url, display) and
    # a controlling worker with a fetch handler. A test's browser context is incognito,
    # where nothing installs: that one objection is the context's, not the page's.
    devtools = phone.context.new_cdp_session(page)
    manifest = devtools.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/play/assets/manifest.json")
    errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors] == ["in-incognito"], errors
    # One cache, named after this build (the one the served worker names).
    build = re.search(r'"(cardtable-[0-9a-f]{16})"', (WEB_BUILD / "sw.js").read_text())
    assert build is not None
    assert page.evaluate("caches.keys()") == [build.group(1)]

    phone.set_offline(True)
    page.reload()
    page.wait_for_selector("table.sheet tr[data-round='1']")
    assert [cell.split(" (")[0] for cell in row(page, 1)] == ["12", "8"]
    assert totals(page) == ["12", "8"]
    screenshot(page, "phone-sheet-offline-reload")
    page.goto("/play/")
    page.wait_for_selector("form.new-game")
    page.goto("/play/sheets")
    page.wait_for_selector("form.new-sheet")
    # Back online: the server answers again (the worker only stands in while it cannot).
    phone.set_offline(False)
    phone.reconnected()
    page.goto(f"/play/sheets/{sheet_id}")
    page.wait_for_selector("form.round[aria-label='Round 2']")
