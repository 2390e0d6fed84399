"""Rated play at the web table, in Chromium on a 360 px phone, in English and in French:
"Play now" creates a guest player kept in the browser, renames it, queues, and opens the
matched game's table with the seat's token; once that game is played to its end (here by
the SDK with the token the page was given), the table says how the rating moved and links
to the profile, which shows the new rating and its history chart; the leaderboard lists
the player. axe-core finds nothing on each page, and no page is wider than the phone."""

from __future__ import annotations

import random
import re
import secrets
from typing import Any
from urllib.parse import unquote

import pytest

from cardtable_sdk import Cardtable, play
from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, screenshot, unlabelled_controls
from tests.web.test_table_features import PHONE_CONTEXT

pytestmark = pytest.mark.slow

TEXTS = {
    "en-US": {"title": "Play now", "games": "1 rated game", "board": "Leaderboard"},
    "fr-FR": {"title": "Jouer maintenant", "games": "1 partie classée", "board": "Classement"},
}
WIDER_THAN_THE_PAGE = "() => document.documentElement.scrollWidth > window.innerWidth"


def check(page: Any, name: str) -> None:
    assert axe_violations(page) == [], name
    assert unlabelled_controls(page) == [], name
    assert not page.evaluate(WIDER_THAN_THE_PAGE), name
    screenshot(page, f"rated-{name}")


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_play_now_then_the_profile_shows_the_new_rating(
    contexts: Any, live_server: LiveServer, locale: str
) -> None:
    texts = TEXTS[locale]
    short = locale[:2]
    page = contexts(locale=locale, **PHONE_CONTEXT).new_page()
    page.goto("/play/")
    page.get_by_role("link", name=texts["title"]).click()
    page.wait_for_selector("#my-name")
    assert page.inner_text("h1") == texts["title"]
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.player'))")
    assert stored["id"] and stored["key"] and page.inner_text("#my-name") == stored["name"]
    check(page, f"{short}-play-now")

    # A reload keeps the same player: it lives in this browser.
    page.reload()
    page.wait_for_selector("#my-name")
    assert page.inner_text("#my-name") == stored["name"]
    name = f"Web {secrets.token_hex(3)}"
    page.fill("#player-name", name)
    page.locator("form.rename button").click()
    page.wait_for_function(f"() => document.querySelector('#my-name').textContent === {name!r}")

    assert page.is_checked("#rated-bots")  # a game at once: the server's bots play too
    page.click("#find-game")
    page.wait_for_url(re.compile(r"/play/games/[^/#]+#token="))
    game_id = unquote(page.url.split("/play/games/")[1].split("#")[0])
    token = page.url.split("#token=")[1]
    page.wait_for_selector("#table")

    with Cardtable(live_server.url, timeout=15) as table:
        seat = table.seat(game_id, token)
        assert seat.view()["players"][seat.seat]["player"] == stored["id"]
        rng = random.Random(5)
        result = play(seat, lambda view, legal: rng.choice(legal))
        mine = next(e for e in result.score["ratings"] if e["player"] == stored["id"])
        profile = table.profile(stored["id"])
    assert profile.name == name and profile.ratings["skyjo"].games == 1
    # The table follows the game to its end (then it stops reading: nothing is cut short)
    # and says how the player's rating moved, with a link to the profile.
    page.wait_for_selector('#table[data-finished="true"]')
    note = page.wait_for_selector("#rated-end")
    assert f"{mine['before']:.1f} → {mine['after']:.1f}" in note.inner_text()
    note.query_selector(f'a[href="/play/players/{stored["id"]}"]').click()
    page.wait_for_selector("#app[data-loaded]")
    assert name in page.inner_text("h1")
    rating = page.inner_text('#ratings dd[data-game="skyjo"]')
    assert texts["games"] in rating and f"{mine['after']:.1f}" in rating
    chart = page.locator('section.history[data-game="skyjo"] svg.rating-chart')
    assert chart.get_attribute("role") == "img"
    label = chart.get_attribute("aria-label") or ""
    assert f"{mine['before']:.1f}" in label and f"{mine['after']:.1f}" in label
    assert chart.locator("circle").count() == 2  # before the game, and after it
    check(page, f"{short}-profile")

    page.get_by_role("link", name=texts["board"]).click()
    page.wait_for_selector("#leaderboard-rows[data-loaded]")
    page.goto("/play/leaderboard?game=skyjo&kind=human")
    page.wait_for_selector("#leaderboard-rows[data-loaded]")
    row = page.locator(f'#leaderboard-rows tr[data-player="{stored["id"]}"]')
    assert name in row.inner_text() and f"{mine['after']:.1f}" in row.inner_text()
    check(page, f"{short}-leaderboard")


def test_waiting_for_people_only_then_stopping(contexts: Any, live_server: LiveServer) -> None:
    page = contexts(locale="en-US", **PHONE_CONTEXT).new_page()
    page.goto("/play/now")
    page.wait_for_selector("#my-name")
    page.uncheck("#rated-bots")  # nobody else queues: the ticket waits
    page.click("#find-game")
    page.wait_for_selector("#stop-looking:not([hidden])")
    ticket = page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.ticket'))")
    assert ticket
    check(page, "en-waiting")
    page.click("#stop-looking")
    page.wait_for_selector("#find-game:not([hidden])")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.ticket'))") is None
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.player'))")
    with Cardtable(live_server.url) as table:
        assert table.player_session(stored["key"]).ticket(ticket).status == "cancelled"
