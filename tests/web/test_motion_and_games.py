"""Motion and the renderer lookup: a bot's burst of Skip-Bo moves plays on the board one
move after another; a game with no board of its own (the test-only high-card game) is drawn
and played by the generic renderer; a game the page cannot draw is a visible error."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from cardtable.server.redis_server import RedisServer
from tests.support.live_server import LiveServer
from tests.web.conftest import Watched, axe_violations, screenshot
from tests.web.tables import can_move, finished, settled, skipbo_click, version
from tests.web.test_table_features import create

pytestmark = pytest.mark.slow

# motion.ts: one move's motion lasts TRAVEL_MS (420) and is followed by GAP_MS (180).
STEP_MS = 420

RECORD_MOTION = """() => {
  window.motionSteps = [];
  const table = document.querySelector('#table');
  new MutationObserver(() => window.motionSteps.push(
      { version: Number(table.dataset.motionVersion), at: performance.now(),
        shown: Number(table.dataset.version) }))
    .observe(table, { attributes: true, attributeFilter: ['data-motion-version'] });
}"""


def test_a_bots_burst_of_moves_plays_one_after_another(contexts: Any) -> None:
    """Without reduced motion: while the view with the bot's whole turn is drawn at once
    (the other screen's latency stays), its moves travel on the board in order, each given
    its time; the places of the moves not played yet are held back meanwhile."""
    page = contexts(reduced_motion="no-preference").new_page()
    create(page, "skipbo", ["greedy"], {"seed": "11"})
    page.evaluate(RECORD_MOTION)
    held_seen = False
    for _ in range(30):
        known = settled(page, version(page))
        if finished(page):
            break
        steps = page.evaluate("window.motionSteps")
        if len([step for step in steps if step["version"] > 0]) >= 4 and held_seen:
            break
        if can_move(page) and page.get_attribute("#table", "data-motion") == "idle":
            skipbo_click(page)
            settled(page, known + 1)
            continue
        # The bot's turn: the held-back places show while its moves play.
        if not held_seen and page.locator("#table .card.held").count() > 0:
            held_seen = True
            screenshot(page, "desktop-skipbo-bot-moves-playing")
            assert axe_violations(page) == [], "mid-motion"
        page.wait_for_function(
            "(v) => Number(document.querySelector('#table').dataset.version) > v"
            " || document.querySelector('#table').dataset.motion === 'playing'",
            arg=known,
        )
        page.wait_for_function("() => document.querySelector('#table').dataset.motion === 'idle'")
    steps = page.evaluate("window.motionSteps")
    assert len(steps) >= 4, steps
    versions = [step["version"] for step in steps]
    assert versions == sorted(versions), "played in the order of the game"
    # Two moves of one burst: the later one waited for the earlier one's motion.
    burst = [(a, b) for a, b in pairwise(steps) if b["version"] == a["version"] + 1]
    assert burst, steps
    for earlier, later in burst:
        assert later["at"] - earlier["at"] >= STEP_MS * 0.9, (earlier, later)
    # The board itself was drawn at the newest version before the burst finished playing.
    assert any(step["shown"] > step["version"] for step in steps), steps
    assert held_seen, "later moves' places are held back while earlier ones play"


@pytest.fixture(scope="module")
def highcard_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    """A second live server whose registry also hosts the high-card game."""
    with LiveServer(
        redis_url=redis_server.url, workers=1, config="python:tests.web.highcard_server"
    ) as server:
        yield server


def test_a_third_game_is_drawn_and_played_by_the_generic_renderer(
    browser: Any, highcard_server: LiveServer
) -> None:
    """The high-card game has no board in service/web: the generic renderer shows its own
    view fields (its talon, each player's tricks) and one button per legal move, and Ann
    plays it to the end against a bot, in French (no English catalogue string on it)."""
    watched = Watched(
        browser.new_context(base_url=highcard_server.url, locale="fr-FR", reduced_motion="reduce")
    )
    try:
        page = watched.new_page()
        page.goto("/play/")
        page.click(".choices [data-game=highcard]")
        page.fill("#player-0-name", "Ann")
        page.select_option("#player-1-kind", "random")
        page.click("form.new-game button[type=submit]")
        page.wait_for_selector("#table [data-renderer=generic]")
        assert page.locator("#table [data-field=talon_size]").count() == 1
        assert page.locator("#table [data-seat='1'] [data-field=tricks]").count() == 1
        # The table's own fields (timer, lobby, seating) are not the game's: not listed.
        assert (
            page.locator("#table [data-field=turn_seconds], #table [data-field=seats]").count() == 0
        )
        assert axe_violations(page) == []
        screenshot(page, "desktop-fr-generic-highcard")
        for _ in range(40):
            known = settled(page, version(page))
            if finished(page):
                break
            button = page.locator("#table [data-renderer=generic] button[data-move]")
            if button.count():
                assert json.loads(button.first.get_attribute("data-move"))["type"] == "play"
                button.first.click()
                settled(page, known + 1)
            else:
                page.wait_for_function(
                    "(v) => Number(document.querySelector('#table').dataset.version) > v", arg=known
                )
        assert finished(page), "the game was played to its end in the browser"
        assert "Partie terminée" in page.inner_text("#outcome")
        assert watched.problems == []
    finally:
        watched.context.close()


def test_a_game_the_page_cannot_draw_is_a_visible_error(contexts: Any) -> None:
    """The lookup fails loudly: a view naming a game the server does not host is shown as
    an error on the table, not as an empty or a wrong board."""
    creator = contexts().new_page()
    create(creator, "skyjo", ["greedy"])
    # The same seat opened in a second browser whose API answers name another game.
    page = contexts().new_page()

    def rename(route: Any) -> None:
        answer = route.fetch()
        view = answer.json()
        view["game"] = "nosuchgame"
        route.fulfill(response=answer, json=view)

    def is_view(url: str) -> bool:  # GET /games/{id} of the API, not the /play/ page
        return "/play/" not in url and url.split("?")[0].rsplit("/", 2)[-2] == "games"

    page.route(
        is_view, lambda route: rename(route) if route.request.method == "GET" else route.continue_()
    )
    page.goto(creator.url)
    page.wait_for_selector("#board-error")
    assert "nosuchgame" in page.inner_text("#board-error")
    assert page.locator("#table [data-move]").count() == 0
    # The seat's move, made in the first browser, still reaches the second one's table (the
    # unknown game does not break its reads) and the error stays.
    known = version(page)
    creator.locator("#table button.card[data-move]").first.click()
    settled(page, known + 1)
    assert page.locator("#board-error").count() == 1
