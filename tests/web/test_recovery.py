"""Tables that never give up: the network cut for 5 s and for 120 s mid-game, a failed
refresh, a lost seat link, and (with the server's deadline-woken streams) a turn timer that
fires with both screens open. Two browser contexts, a real gunicorn + Redis."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.web.conftest import screenshot
from tests.web.tables import can_move, finished, open_advanced, settled, skyjo_click, version

pytestmark = pytest.mark.slow

OUT_OF_TOUCH = "#link[data-state=offline], #link[data-state=reconnecting]"


def create_skyjo(page: Any, second: str, options: str = "") -> None:
    """Ann's quick (1-round) Skyjo game for two: the second seat is `second` ("human" for
    Bea with her own link, "open" for an invite); `options` fills fields by name."""
    page.goto("/play/")
    page.click(".choices [data-game=skyjo]")
    page.fill("#player-0-name", "Ann")
    page.select_option("#player-1-kind", second)
    if second == "human":
        page.fill("#player-1-name", "Bea")
    page.click("#preset-quick")
    open_advanced(page)
    for name, value in re.findall(r"(\w+)=(\w+)", options):
        page.fill(f"#option-{name}" if name != "seed" else "#seed-skyjo", value)
    page.click("form.new-game button[type=submit]")
    page.wait_for_selector(f"#table[data-phase={'setup' if second == 'human' else 'waiting'}]")


def two_seats(contexts: Any, options: str = "") -> tuple[Any, Any, Any, Any]:
    """Ann creates a 1-round Skyjo game for herself and Bea (a seat with its own link); Bea
    opens her link in another browser. Both pages are marked to prove they never reload."""
    ann_context, bea_context = contexts(), contexts()
    ann = ann_context.new_page()
    create_skyjo(ann, "human", f"seed=11 {options}")
    link = ann.get_attribute("[data-seat-link='1']", "href")
    bea = bea_context.new_page()
    bea.goto(link)
    bea.wait_for_selector("#table[data-phase=setup]")
    for page in (ann, bea):
        page.wait_for_selector("#link[data-state=live]")
        page.evaluate("window.sameDocument = true")
    return ann_context, ann, bea_context, bea


def play(pages: list[Any], known: int, moves: int) -> int:
    """Whoever may move clicks (a plain strategy), `moves` times or to the end; each page
    sees the others' moves by itself. The version all pages show at the end."""
    for _ in range(moves):
        known = max(settled(page, known) for page in pages)
        movers = [page for page in pages if can_move(page)]
        if not movers or finished(pages[0]):
            break
        skyjo_click(movers[0])
        known = settled(movers[0], known + 1)
    for page in pages:
        known = max(known, settled(page, known))
    return known


def until_turn_of(pages: list[Any], who: Any, known: int) -> int:
    """Play on until `who` may move (the setup reveals, the other's turn)."""
    while not can_move(who):
        known = play(pages, known, 1)
    return known


def cut(context: Any, page: Any, seconds: float, others: list[Any], known: int) -> int:
    """Cut `page`'s network for `seconds` while the others play on, then restore it: it
    shows it is out of touch, then catches up with every move without a reload."""
    context.set_offline(True)
    page.wait_for_selector(OUT_OF_TOUCH, timeout=60_000)
    started = time.monotonic()
    moved = known
    # The others make the moves that are theirs to make meanwhile.
    while time.monotonic() - started < seconds:
        movers = [other for other in others if can_move(other)]
        if movers and moved - known < 4:
            skyjo_click(movers[0])
            moved = settled(movers[0], moved + 1)
        else:
            page.wait_for_timeout(500)
    screenshot(page, f"offline-{int(seconds)}s")
    context.set_offline(False)
    # Back online: the page catches up (at once: the browser's "online" ends the back-off).
    caught_up = settled(page, moved)
    page.wait_for_selector("#link[data-state=live]")
    context.reconnected()
    assert caught_up == moved > known, (known, moved, caught_up)
    assert page.evaluate("window.sameDocument") is True
    return moved


def test_the_network_cut_for_5_s_and_for_120_s_mid_game_both_tables_catch_up(
    contexts: Any,
) -> None:
    ann_context, ann, bea_context, bea = two_seats(contexts)
    known = until_turn_of([ann, bea], ann, play([ann, bea], version(ann), 3))
    known = cut(bea_context, bea, 5, [ann], known)
    known = until_turn_of([ann, bea], bea, play([ann, bea], known, 4))
    known = cut(ann_context, ann, 120, [bea], known)
    # The game goes on to its end, every move seen by both.
    known = play([ann, bea], known, 400)
    assert finished(ann) and finished(bea)
    assert version(ann) == version(bea) == known
    for page in (ann, bea):
        assert page.evaluate("window.sameDocument") is True
        assert "Game over" in page.inner_text("#outcome")


def test_a_failed_refresh_is_tried_again(contexts: Any) -> None:
    """The view read that follows another player's move fails once: the page reads again
    (with back-off) and shows the move, instead of waiting for the next one."""
    _, ann, bea_context, bea = two_seats(contexts)
    game_id = bea.url.split("/games/")[1].split("#")[0]
    aborted: list[str] = []

    def once(route: Any) -> None:
        if not aborted and route.request.method == "GET":
            aborted.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.continue_()

    known = version(bea)
    bea_context.cut = True  # the one failed request is the test's own doing
    bea.route(re.compile(rf".*/games/{game_id}$"), once)
    ann.locator("#table button.card[data-move]").first.click()
    known = settled(ann, known + 1)
    # Bea's page is told of the move, its read fails once, and a second read shows it.
    settled(bea, known)
    assert len(aborted) == 1, aborted
    bea.wait_for_selector("#link[data-state=live]")
    bea_context.reconnected()
    assert bea.evaluate("window.sameDocument") is True


def test_a_player_who_lost_the_link_gets_back_in_from_play(contexts: Any) -> None:
    """Bea joins by the invite link, closes the tab and has no link left: /play/ lists her
    game under "your games" and opens her seat; the bare table address opens it too."""
    ann_context, bea_context = contexts(), contexts()
    ann = ann_context.new_page()
    create_skyjo(ann, "open")
    invite = ann.input_value("[data-invite-link]")
    game_id = ann.url.split("/games/")[1].split("#")[0]
    bea = bea_context.new_page()
    bea.goto(invite)
    bea.fill("#join-name", "Bea")
    bea.click("form.join button[type=submit]")
    bea.wait_for_selector("#table[data-phase=setup]")
    before = version(bea)  # read before the click: the move may show before a later read
    bea.locator("#table button.card[data-move]").first.click()
    known = settled(bea, before + 1)
    bea.close()
    # A new tab, no link: the start page lists the game and opens her seat.
    again = bea_context.new_page()
    again.goto("/play/")
    entry = again.locator(f"#your-games [data-game-id='{game_id}'] a")
    assert "Bea" in entry.inner_text()
    screenshot(again, "your-games")
    entry.click()
    again.wait_for_selector("#table[data-phase=setup]")
    assert settled(again, known) == known
    assert "you are Bea" in again.inner_text("h1")
    assert again.locator("#table button.card[data-move]").count() == 11  # one reveal left
    # The invite link again (or the table's bare address) returns her to her seat too.
    again.goto("/play/rules")
    again.wait_for_load_state("networkidle")  # its /game-types read done, not cut short
    again.goto(invite)
    again.wait_for_selector("#table[data-phase=setup]")
    assert "you are Bea" in again.inner_text("h1")
    assert "#token=" in again.url


def test_an_idle_players_turn_is_taken_over_on_time_on_both_screens(contexts: Any) -> None:
    """A 5 s turn timer; nobody clicks after the setup. Within 2 s of the deadline both
    screens show the bot's take-over, with no other request made by the test."""
    _, ann, _, bea = two_seats(contexts, "turn_seconds=5")
    known = version(ann)
    # The setup reveals, then nobody moves.
    known = play([ann, bea], known, 4)
    deadline = ann.get_attribute("#timer", "data-deadline")
    assert deadline, "the table has a turn timer"
    due = ann.evaluate("(d) => Date.parse(d) - Date.now()", deadline)
    idle = ann.get_attribute("#timer", "data-who")
    for page in (ann, bea):
        page.wait_for_function(
            "(v) => Number(document.querySelector('#table').dataset.version) > v",
            arg=known,
            timeout=due + 2000,
        )
    # The bot played the idle seat's turn: the next turn has its own deadline, on both.
    for page in (ann, bea):
        page.wait_for_selector("#timer:has-text('left to play')", timeout=2000)
        assert page.get_attribute("#timer", "data-deadline") != deadline, idle


def test_a_stream_cut_between_the_events_of_one_version_resumes_from_the_last_id(
    contexts: Any,
) -> None:
    """Event ids as the contract has them: one version's earlier events carry `<v>.<k>`.
    Bea's line is cut after the first event of a version, then the next connection repeats
    it: the page asks again from `<v>.1`, shows each event once, then from `<v>`."""
    _, ann, bea_context, bea = two_seats(contexts)
    game_id = bea.url.split("/games/")[1].split("#")[0]
    known = version(bea)
    after = known + 1
    asked: list[str] = []
    zed = f'data: {{"version": {after}, "type": "join", "seat": 1, "name": "Zed"}}\n\n'
    yan = f'data: {{"version": {after}, "type": "join", "seat": 1, "name": "Yan"}}\n\n'
    bodies = [f"id: {after}.1\n{zed}", f"id: {after}.1\n{zed}id: {after}\n{yan}"]

    def split(route: Any) -> None:
        asked.append(route.request.headers.get("last-event-id", ""))
        if not bodies:
            return route.continue_()
        headers = {"Content-Type": "text/event-stream", "Cache-Control": "no-store"}
        return route.fulfill(status=200, headers=headers, body=bodies.pop(0))

    bea_context.set_offline(True)  # drops the open stream; the next one meets the route
    bea.wait_for_selector(OUT_OF_TOUCH)
    ann.locator("#table button.card[data-move]").first.click()
    settled(ann, after)
    bea.route(re.compile(rf".*/games/{game_id}/events.*"), split)
    bea_context.set_offline(False)
    settled(bea, after)
    bea.wait_for_function("() => document.querySelectorAll('#log li').length >= 2")
    bea.wait_for_selector("#link[data-state=live]")
    bea_context.reconnected()
    assert asked[:3] == [str(known), f"{after}.1", str(after)], asked
    log = bea.inner_text("#log")
    assert log.count("Zed sat down") == 1 and log.count("Yan sat down") == 1, log
    # The real stream goes on from there: Bea's reveal reaches Ann.
    bea.locator("#table button.card[data-move]").first.click()
    settled(ann, settled(bea, after + 1))
