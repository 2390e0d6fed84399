"""Installable: the page links a web manifest (name, start URL and scope /play/, standalone,
an icon, the theme colour) and says its theme colour; the dark theme passes axe too."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, screenshot
from tests.web.test_table_features import PHONE_CONTEXT

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
