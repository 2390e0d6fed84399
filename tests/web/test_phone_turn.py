"""Your turn on one phone screen, and cards played by tap and by drag: two 360 by 740 px phones
play Skyjo (every step of every turn: the piles, the card held and the whole own grid inside
the viewport, measured by bounding boxes, no scrolling), a Skip-Bo table for six fits too,
and a dragged card plays the same move as its taps; then the end of the game is in view."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, screenshot
from tests.web.tables import legal_moves, settled, skipbo_click, skyjo_click, version
from tests.web.test_table_features import PHONE, PHONE_CONTEXT

pytestmark = pytest.mark.slow

# The cards a player needs at their turn: the piles (Skyjo's draw pile, discard and drawn
# card; Skip-Bo's building piles) and every card of their own (grid, or stock, discard
# piles and hand).
OWN_CARDS = (
    "#table .piles .card, #table .building .card, #table .player.me .card, #table .hand .card"
)
OUTSIDE = """(selector) => [...document.querySelectorAll(selector)].map((card) => {
    const box = card.getBoundingClientRect();
    return { key: card.dataset.place || card.dataset.key || card.outerHTML.slice(0, 60),
             top: box.top, bottom: box.bottom, left: box.left, right: box.right };
  }).filter((box) => box.top < 0 || box.left < 0 || box.bottom > innerHeight
                     || box.right > document.documentElement.clientWidth)"""


def seated(url: str, game: str, players: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": players, **extra}
    answer = httpx.post(f"{url}/games", json=body, timeout=10)
    answer.raise_for_status()
    return dict(answer.json())


def open_seat(contexts: Any, created: dict[str, Any], seat: int) -> Any:
    page = contexts(**PHONE_CONTEXT).new_page()
    page.goto(f"/play/games/{created['id']}#token={created['players'][seat]['token']}")
    page.wait_for_selector("#table:not([data-version='-1'])")
    return page


def fits(page: Any) -> None:
    """Every card this seat needs now is on the screen as it is (the test never scrolls)."""
    assert page.evaluate("scrollY") == 0
    assert page.locator(OWN_CARDS).count() > 0
    assert page.evaluate(OUTSIDE, OWN_CARDS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def center(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, source: str, target: str) -> None:
    """Press on a card, move the finger (mouse) in steps onto the target, let go."""
    x, y = center(page, source)
    to_x, to_y = center(page, target)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(to_x, to_y, steps=8)
    page.mouse.up()


def to_play(pages: list[Any]) -> Any | None:
    """The phone whose seat may act (after both settled on the same version)."""
    for page in pages:
        if page.locator("#table [data-move], #table [data-mode=take]").count():
            return page
    return None


def test_two_phones_play_skyjo_by_tap_and_drag_with_the_turn_on_one_screen(
    contexts: Any, live_server: LiveServer
) -> None:
    created = seated(live_server.url, "skyjo", [{"name": "Ann"}, {"name": "Bea"}], seed=11)
    pages = [open_seat(contexts, created, 0), open_seat(contexts, created, 1)]
    steps = dragged = 0
    known = 0
    for _ in range(200):
        if steps == 14:
            break
        known = max(settled(page, known) for page in pages)
        for page in pages:
            settled(page, known)
        page = to_play(pages)
        if page is None:
            for held in pages:  # a round's end waits for "next round"
                if held.locator("[data-key=next-round]").count():
                    held.click("[data-key=next-round]")
            pages[0].wait_for_timeout(100)
            continue
        fits(page)
        if steps == 0:
            assert axe_violations(page) == []
            screenshot(page, "phone-skyjo-turn")
        drawable = page.locator("#table [data-key=draw][data-move]").count() > 0
        if drawable and page.locator("[data-drag=discard]").count() and dragged < 2:
            # The discard dragged onto a face-down cell of the own grid: it lands there.
            top = page.inner_text("[data-drag=discard]")
            cell = page.locator("#table .player.me button[data-facedown=true]").first
            place = cell.get_attribute("data-place")
            drag(page, "[data-drag=discard]", f"[data-drop='{place}']")
            settled(page, known + 1)
            assert page.inner_text(f"[data-place='{place}']") == top
            dragged += 1
        elif drawable:
            # By taps: the draw pile, then (the drawn card shown, still on one screen) a cell.
            page.click("#table [data-key=draw]")
            settled(page, known + 1)
            fits(page)
            assert page.locator("[data-drag=drawn]").count() == 1
            if steps == 3:
                screenshot(page, "phone-skyjo-holding")
            skyjo_click(page)
        else:
            skyjo_click(page)  # a setup reveal
        steps += 1
    assert dragged == 2
    # No keyboard hints on a touch screen.
    assert all("(d)" not in page.inner_text("body") for page in pages)


def test_skipbo_for_six_fits_the_phone_and_a_card_is_dragged_onto_a_pile(
    contexts: Any, live_server: LiveServer
) -> None:
    players = [{"name": "Ann"}] + [{"name": f"Bot {n}", "bot": "greedy"} for n in range(1, 6)]
    created = seated(live_server.url, "skipbo", players, seed=5, options={"stock_size": 5})
    page = open_seat(contexts, created, 0)
    known = settled(page, 0)
    page.wait_for_selector("#table [data-source]:not([disabled])")
    fits(page)
    legal = legal_moves(live_server.url, page)["moves"]
    play = next(move for move in legal if move["type"] == "play" and move["source"] == "hand")
    source = f"[data-drag='hand:{play['card']}']"
    drag(page, source, f"[data-drop='build:{play['target']}']")
    known = settled(page, known + 1)
    assert version(page) > 0
    top = page.inner_text(f"#table [data-place='build:{play['target']}']")
    assert top == ("SKIP-BO" if play["card"] == 0 else str(play["card"])) or top != "—"
    fits(page)
    assert axe_violations(page) == []
    screenshot(page, "phone-skipbo-six")


def test_the_end_of_the_game_is_in_view_on_a_phone(contexts: Any, live_server: LiveServer) -> None:
    players = [{"name": "Ann"}, {"name": "Bea", "bot": "greedy"}]
    created = seated(live_server.url, "skipbo", players, seed=2, options={"stock_size": 1})
    page = open_seat(contexts, created, 0)
    known = settled(page, 0)
    for _ in range(200):
        if page.get_attribute("#table", "data-finished") == "true":
            break
        if page.locator("#table [data-source]:not([disabled]), #table [data-move]").count():
            skipbo_click(page)
        known = settled(page, known)
        page.wait_for_timeout(50)
    page.wait_for_selector("#game-end")
    box = page.locator("#game-end").bounding_box()
    assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= PHONE["height"]
    assert page.locator("#game-end .ranking li").count() == 2
    assert page.locator("#game-end [data-key=rematch]").is_visible()
    assert axe_violations(page) == []
    screenshot(page, "phone-game-end")
