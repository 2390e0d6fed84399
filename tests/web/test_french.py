"""Every page in French: the start page, the lobby, the rules, the score sheets (a sheet
with rounds, its errors), a Skyjo and a Skip-Bo table, a replay and a server error; none may
show a string of the English catalogue (service/web/src/lang/en.ts) that French says
otherwise."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import ROOT, axe_violations, bots_game, screenshot
from tests.web.test_table_features import PHONE_CONTEXT, create

pytestmark = pytest.mark.slow

LANG = ROOT / "service" / "web" / "src" / "lang"
ENTRY = re.compile(r'^\s+(\w+): "((?:[^"\\]|\\.)+)",?$', re.MULTILINE)


def catalogue(name: str) -> dict[str, str]:
    """The catalogue's plain strings by key (its sentences with parameters are functions)."""
    return dict(ENTRY.findall((LANG / f"{name}.ts").read_text()))


def english_only() -> list[str]:
    """English strings that French words differently, long enough not to be a name."""
    english, french = catalogue("en"), catalogue("fr")
    assert len(english) > 150, "the English catalogue's strings are read"
    words = " | ".join(french.values())  # "Piles" is French too, in "Piles de construction"
    return sorted(
        {
            text
            for key, text in english.items()
            if french.get(key) != text and len(text) >= 5 and text not in words
        }
    )


def english_on(page: Any, strings: list[str]) -> list[str]:
    text = page.inner_text("body")
    return [string for string in strings if string in text]


def test_every_page_in_french_shows_no_english(contexts: Any, live_server: LiveServer) -> None:
    strings = english_only()
    french = contexts(locale="fr-FR", **PHONE_CONTEXT)
    page = french.new_page()
    seen: dict[str, list[str]] = {}

    def visit(name: str) -> None:
        seen[name] = english_on(page, strings)
        assert axe_violations(page) == [], name
        screenshot(page, f"phone-fr-{name}")

    for path, drawn, name in (
        ("/play/", "form.new-game", "home"),
        ("/play/lobby", "#lobby[data-loaded=true]", "lobby"),
        ("/play/rules", "#skipbo", "rules"),
        ("/play/sheets", "form.new-sheet", "sheets"),
    ):
        page.goto(path)
        page.wait_for_selector(drawn)
        visit(name)
    # A score sheet with a round, then a refused round (the server's error, in French).
    page.fill("#sheet-players", "Manon\nNico")
    page.click("form.new-sheet button[type=submit]")
    page.wait_for_selector("form.round")
    for seat, value in enumerate([12, 8]):
        page.fill(f"#round-{seat}", str(value))
    page.check("form.round input[name=who][value='0']")
    page.click("form.round button[type=submit]")
    page.wait_for_selector("tr[data-round='1']")
    visit("sheet")
    sheet_id = page.url.split("/sheets/")[1]
    page.evaluate("localStorage.removeItem('cardtable.sheets')")  # forget its edit token
    page.goto(f"/play/sheets/{sheet_id}")  # the read-only link
    page.wait_for_selector("tr[data-round='1']")
    visit("sheet-read-only")
    # Tables of both games, and a server error (a game that does not exist).
    create(page, "skyjo", ["greedy"])
    visit("skyjo-table")
    create(page, "skipbo", ["greedy"])
    visit("skipbo-table")
    page.goto("/play/games/no-such-game#watch")
    page.wait_for_selector(".status.error")
    assert "n'existe pas" in page.inner_text(".status.error")
    seen["error"] = english_on(page, strings)
    expected = ("no-such-game", "status of 404")  # the refusal this step asks for
    french.problems = [
        problem for problem in french.problems if not any(mark in problem for mark in expected)
    ]
    # A replay of a finished Skip-Bo game (two bots).
    created = bots_game(live_server.url, "skipbo", {"stock_size": 5}, seed=4)
    page.goto(f"/play/replay/{created['id']}")
    page.wait_for_selector("#replay-step[data-step='0']")
    # The real board, step by step: building piles, each stock and hand as dealt.
    assert page.locator("#replay-table [data-building]").count() == 4
    assert page.locator("#replay-table [data-seat='0'] .card").count() >= 1 + 5 + 4
    page.click("[data-key=replay-forward]")
    page.wait_for_selector("#replay-step[data-step='1']")
    visit("replay-skipbo")
    # The last step: every stock as the game ended (rebuilt from the deal, the refills and
    # the reshuffles), the winner's empty.
    end = httpx.get(f"{live_server.url}/games/{created['id']}", timeout=10).json()
    assert end["finished"]
    page.evaluate(
        """() => { const seek = document.querySelector('#replay-seek');
                   seek.value = seek.max; seek.dispatchEvent(new Event('input')); }"""
    )
    stocks = [
        int(re.sub(r"\D", "", text))
        for text in page.locator("#replay-table [data-stock] span:not(.card)").all_inner_texts()
    ]
    assert stocks == end["last_round"]["stocks_left"], (stocks, end["last_round"])
    screenshot(page, "phone-fr-replay-skipbo-end")
    # Both tables at desktop size too.
    desktop = contexts(locale="fr-FR").new_page()
    for game in ("skyjo", "skipbo"):
        create(desktop, game, ["greedy"])
        seen[f"desktop-{game}"] = english_on(desktop, strings)
        assert axe_violations(desktop) == [], game
        screenshot(desktop, f"desktop-fr-{game}-table")
    assert {name: found for name, found in seen.items() if found} == {}
