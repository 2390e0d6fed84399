"""What makes the table a card game people would choose: French on a 360 px phone for three,
a spectator who sees public cards only, a round end that waits for "next round", and axe-core
on every page and state (desktop and phone), with screenshots of each into artifacts/."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, bots_game, screenshot, unlabelled_controls
from tests.web.tables import can_move, finished, open_advanced, settled, skyjo_click, version

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 740}
PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
CARD_WIDTHS = """() => ['#table .player.me .card', '#table .players.others .card'].map(
    (selector) => document.querySelector(selector).getBoundingClientRect().width)"""


def accessible(page: Any, name: str) -> None:
    """axe-core finds nothing on the page as it is, and a screenshot of it is kept; on our
    own pages every control also has a visible or ARIA label (not just a tooltip)."""
    assert axe_violations(page) == [], name
    if "/play/" in page.url:
        assert unlabelled_controls(page) == []
    screenshot(page, name)


def create(
    page: Any,
    game: str,
    seats: list[str],
    advanced: dict[str, str] | None = None,
    public: bool = False,
) -> None:
    """The new-game form: Ann first, then one seat per kind ("greedy", "open", "human")."""
    page.goto("/play/")
    page.click(f".choices [data-game={game}]")
    for _ in range(len(seats) - 1):
        page.click("[data-key=add-player]")
    page.fill("#player-0-name", "Ann")
    for index, kind in enumerate(seats, start=1):
        page.select_option(f"#player-{index}-kind", kind)
    page.click("#preset-quick")
    if public:
        page.check("#option-public")
    if advanced:
        open_advanced(page)
        for name, value in advanced.items():
            page.fill(f"#option-{name}" if name != "seed" else f"#seed-{game}", value)
    page.click("form.new-game button[type=submit]")
    page.wait_for_selector("#table:not([data-version='-1'])")


def play_until(page: Any, done: Any) -> int:
    """Click (a plain strategy) whenever this seat may move, until `done(page)`; the bots
    play in between. The version shown at the end."""
    known = version(page)
    for _ in range(400):
        known = settled(page, known)
        if done(page) or finished(page):
            return known
        if can_move(page):
            skyjo_click(page)
            known = settled(page, known + 1)
        else:
            page.wait_for_function(
                "(v) => Number(document.querySelector('#table').dataset.version) > v"
                " || document.querySelector('#round-end')",
                arg=known,
            )
    raise AssertionError("the game should have ended")


def test_a_game_in_french_on_a_phone_for_three_players(contexts: Any) -> None:
    """A browser that asks for French gets the table in French (the rule books' words), on
    a 360 px phone: Ann against two server bots, her own grid big, the others compact, the
    timer always in sight; the switch turns the page to English."""
    page = contexts(locale="fr-FR", **PHONE_CONTEXT).new_page()
    page.goto("/play/")
    page.click(".choices [data-game=skyjo]")
    assert "Partie rapide — 1 manche" in page.inner_text("form.new-game")
    assert "Classique — jusqu'à 100 points" in page.inner_text("form.new-game")
    assert "max rounds" not in page.inner_text("form.new-game")  # no engine option names
    accessible(page, "phone-fr-new-game")
    create(page, "skyjo", ["greedy", "greedy"], {"turn_seconds": "600"})
    assert "manche 1 · vous êtes Ann" in page.inner_text("h1")
    assert "Retournez une carte" in page.inner_text(".prompt")
    # Measured in one script run: the bots' setup flips re-render the table, so two separate
    # reads could each meet a card that was just replaced (and find no box).
    own, other = page.evaluate(CARD_WIDTHS)
    assert own > 1.8 * other, (own, other)
    # The timer stays in sight when the page is scrolled to its end.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    timer = page.evaluate("document.querySelector('#timer').getBoundingClientRect().y")
    assert 0 <= timer < PHONE["height"], timer
    assert "encore" in page.inner_text("#timer")
    page.evaluate("window.scrollTo(0, 0)")
    accessible(page, "phone-fr-skyjo-setup")
    play_until(page, lambda p: p.locator("[data-key=draw]").count() > 0)
    accessible(page, "phone-fr-skyjo-play")
    play_until(page, lambda p: False)
    assert "Partie terminée" in page.inner_text("#outcome")
    assert "Résultats de la manche 1" in page.inner_text("#app")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    accessible(page, "phone-fr-skyjo-end")
    page.click("nav.lang [data-lang=en]")
    page.wait_for_selector("h1:has-text('round 1 · you are Ann')")
    assert page.evaluate("document.documentElement.lang") == "en"


def test_a_spectator_watches_from_the_lobby_and_sees_public_cards_only(
    contexts: Any, live_server: LiveServer
) -> None:
    ann = contexts().new_page()
    create(ann, "skyjo", ["open"], public=True)
    game_id = ann.url.split("/games/")[1].split("#")[0]
    # The table offers a watch link (no token in it); the lobby has "watch" too.
    watch = ann.input_value("#watch-link")
    assert watch.endswith(f"/play/games/{game_id}#watch")
    viewer = contexts(**PHONE_CONTEXT).new_page()
    sent: list[str] = []
    viewer.on("request", lambda request: sent.append(request.headers.get("authorization", "")))
    viewer.goto("/play/lobby")
    viewer.click(f"[data-watch='{game_id}']")
    viewer.wait_for_selector("#table[data-phase=waiting]")
    assert "you are watching" in viewer.inner_text("h1")
    accessible(viewer, "spectator-waiting")
    # Bea takes the open seat by the invite; the spectator's page follows the deal and play.
    bea = contexts().new_page()
    bea.goto(ann.input_value("[data-invite-link]"))
    bea.fill("#join-name", "Bea")
    bea.click("form.join button[type=submit]")
    for page in (ann, bea, viewer):
        page.wait_for_selector("#table[data-phase=setup]")
    for page in (ann, bea, ann, bea):
        known = version(page)
        page.locator("#table button.card[data-move]").first.click()
        settled(page, known + 1)
    known = settled(viewer, version(ann))
    assert viewer.locator("#table [data-move], #table button:not([disabled])").count() == 0
    # What the spectator sees is exactly the public view: no card anyone could not see.
    public = httpx.get(f"{live_server.url}/games/{game_id}", timeout=10).json()
    assert public["version"] == known
    for player in public["players"]:
        shown = viewer.locator(f"#table [data-seat='{player['seat']}'] .grid .card")
        texts = [text.strip() for text in shown.all_inner_texts()]
        expected = ["" if cell is None else str(cell) for cell in player["grid"]]
        assert texts == expected, (texts, expected)
    assert set(sent) == {""}, "a spectator sends no token"
    accessible(viewer, "spectator-setup")


def test_a_round_end_waits_for_next_round(contexts: Any) -> None:
    """Two rounds against a bot: when the first ends, every grid face up and the scores
    stay (the next round is dealt meanwhile) until Ann clicks "next round"."""
    page = contexts().new_page()
    create(page, "skyjo", ["greedy"], {"max_rounds": "2", "seed": "5"})
    accessible(page, "desktop-skyjo-setup")
    play_until(page, lambda p: p.locator("#round-end").count() > 0)
    assert page.get_attribute("#table", "data-held") == "true"
    held = page.inner_text("#round-end")
    assert "Round 1 is over" in held and "Round 1 results" in held
    grids = page.locator("#round-end .final-grids .grid")
    assert grids.count() == 2
    assert page.locator("#round-end .card.face-down").count() == 0  # all turned up
    assert page.locator("#table [data-move]").count() == 0  # nothing to click but "next"
    accessible(page, "desktop-round-end")
    page.wait_for_timeout(500)  # it stays (its timer is 20 s)
    assert page.locator("#round-end").count() == 1
    page.click("[data-key=next-round]")
    page.wait_for_selector("#table[data-held=false]")
    assert "round 2" in page.inner_text("h1")
    assert page.locator("#table button.card[data-move]").count() > 0  # round 2's reveals


def test_every_page_passes_axe_on_desktop_and_phone(contexts: Any) -> None:
    """The pages without a game (start, lobby, rules, score sheets) and the API's own /docs
    at desktop size, /docs on a phone; the same pages on a phone (in French) and both
    games' tables at both sizes are checked by test_french.py, the table's other states in
    the tests above."""
    pages = {
        "/play/": "form.new-game",
        "/play/lobby": "#lobby[data-loaded=true]",
        "/play/rules": "#skipbo",
        "/play/sheets": "form.new-sheet",
        "/docs": ".opblock",
    }
    for name, options, paths in (("desktop", {}, list(pages)), ("phone", PHONE_CONTEXT, ["/docs"])):
        page = contexts(**options).new_page()
        for path in paths:
            page.goto(path)
            page.wait_for_selector(pages[path])
            accessible(page, f"{name}-{path.strip('/').replace('/', '-') or 'home'}")
    create(page, "skipbo", ["greedy"])
    accessible(page, "phone-skipbo")


def test_a_finished_game_is_replayed_step_by_step(contexts: Any, live_server: LiveServer) -> None:
    """Two server bots play a 2-round Skyjo game at once; its replay (from the record, as a
    spectator) steps forward and back, plays and pauses, jumps to round 2, and its last step
    shows exactly the grids the game ended with."""
    created = bots_game(live_server.url, "skyjo", {"max_rounds": 2}, seed=3)
    end = httpx.get(f"{live_server.url}/games/{created['id']}", timeout=10).json()
    assert end["finished"], "bots alone play the whole game"
    page = contexts().new_page()
    page.goto(f"/play/replay/{created['id']}")
    page.wait_for_selector("#replay-step[data-step='0']")
    face_up = "#replay-table .grid .card:not(.face-down)"
    assert page.locator("#replay-table .grid .card.face-down").count() == 24
    assert "Step 1 of" in page.inner_text("#replay-step")
    page.click("[data-key=replay-forward]")
    page.wait_for_selector("#replay-step[data-step='1']")
    assert page.locator(face_up).count() == 1
    assert "turned up" in page.inner_text("#replay-said")
    page.click("[data-key=replay-back]")
    page.wait_for_selector("#replay-step[data-step='0']")
    assert page.locator(face_up).count() == 0
    page.click("[data-key=replay-play]")
    page.wait_for_function("() => Number(document.querySelector('#replay-step').dataset.step) >= 3")
    page.click("[data-key=replay-play]")  # pause
    paused = page.get_attribute("#replay-step", "data-step")
    page.wait_for_timeout(1000)  # longer than a step while playing (700 ms)
    assert page.get_attribute("#replay-step", "data-step") == paused
    page.click("[data-round='2']")
    assert "round 2" in page.inner_text("#replay-step")
    assert "Round 2 is dealt" in page.inner_text("#replay-said")
    accessible(page, "replay")
    # The last step: the grids the game ended with, card for card.
    page.evaluate(
        """() => { const seek = document.querySelector('#replay-seek');
                   seek.value = seek.max; seek.dispatchEvent(new Event('input')); }"""
    )
    for seat, grid in enumerate(end["last_round"]["grids"]):
        cards = page.locator(f"#replay-table [data-seat='{seat}'] .grid .card")
        shown = [text.strip() for text in cards.all_inner_texts()]
        assert shown == ["" if card == "removed" else str(card) for card in grid], seat
    screenshot(page, "replay-end")
