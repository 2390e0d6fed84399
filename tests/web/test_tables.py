"""Real games in a real browser: two people play Skyjo to its end from two browser contexts,
and one person plays Skip-Bo against a server bot to its end, all by clicking."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import screenshot, unlabelled_controls
from tests.web.tables import (
    can_move,
    finished,
    legal_moves,
    open_advanced,
    settled,
    skipbo_click,
    skipbo_sources,
    skyjo_click,
    version,
)

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 740}


def feed_kind(request: Any) -> str:
    """How a page's request follows the game: the event stream, the events' long-poll (the
    fallback), a view long-poll (only once the game is over: a rematch), or neither."""
    if "/events" in request.url:
        accept = request.headers.get("accept", "")
        return "stream" if accept == "text/event-stream" else "poll"
    return "view-poll" if "wait=" in request.url else "other"


def new_game(
    page: Any,
    game: str,
    options: dict[str, str],
    second_player: str,
    players: int = 2,
    seed: str | None = "7",
    third_player: str | None = None,
) -> None:
    """Fill the new-game form (options and table settings by name; "on" checks a box)."""
    page.goto("/play/")
    page.click(f".choices [data-game={game}]")
    page.wait_for_selector(f"form.new-game[data-game={game}]")
    for _ in range(players - 2):
        page.click("text=Add a player")  # the new seats default to the greedy bot
    page.select_option("#player-1-kind", second_player)
    if third_player is not None:
        page.select_option("#player-2-kind", third_player)
    if second_player != "open":
        page.fill("#player-1-name", "Bea")
    page.fill("#player-0-name", "Ann")
    open_advanced(page)
    for name, value in options.items():
        if value == "on":
            page.check(f"#option-{name}")
        else:
            page.fill(f"#option-{name}", value)
    if seed is not None:
        page.fill(f"#seed-{game}", seed)
    assert unlabelled_controls(page) == []
    page.click("form.new-game button[type=submit]")
    page.wait_for_selector("#table:not([data-version='-1'])")


def take_discard_by_keyboard(page: Any, known: int) -> int:
    """t arms "take the discard", then a cell takes it (the cell's label says so)."""
    page.keyboard.press("t")
    cell = page.locator("#table button.card[data-move*=take_discard]").first
    assert "Put the discarded" in (cell.get_attribute("aria-label") or "")
    cell.focus()
    page.keyboard.press("Enter")
    return settled(page, known + 1)


def draw_and_discard_by_keyboard(page: Any, known: int) -> int:
    """d draws, x switches to "discard it and turn up a card", then a face-down cell."""
    page.keyboard.press("d")
    known = settled(page, known + 1)
    assert "You drew" in page.inner_text("#table .piles")
    screenshot(page, "skyjo-drawn")
    page.keyboard.press("x")
    page.locator("#table button.card[data-move*=discard_and_reveal]").first.click()
    return settled(page, known + 1)


def offered_moves(page: Any) -> list[dict[str, Any]]:
    return [json.loads(text) for text in page.locator("#table [data-move]").evaluate_all(
        "(all) => all.map((el) => el.dataset.move)")]  # fmt: skip


def check_offered(page: Any, server_url: str, known: int) -> None:
    """Every move the page offers is legal; in the steps without a mode to choose (setup
    reveals; after drawing, swapping by default) it offers all of them."""
    legal = legal_moves(server_url, page)
    assert legal["version"] == known
    offered = offered_moves(page)
    assert all(move in legal["moves"] for move in offered), (offered, legal)
    if legal["moves"] and legal["moves"][0]["type"] in {"reveal", "replace", "discard_and_reveal"}:
        kind = "reveal" if legal["moves"][0]["type"] == "reveal" else "replace"
        assert sorted(map(str, offered)) == sorted(
            str(move) for move in legal["moves"] if move["type"] == kind
        )


def meet_in_the_lobby(contexts: Any, feeds: list[str]) -> tuple[Any, Any]:
    """Ann opens a public Skyjo table with an open seat and a turn timer; Bea, on a phone,
    takes the seat from the lobby. Both pages show the dealt game, Ann's without reloading."""
    ann = contexts().new_page()
    ann.on("request", lambda request: feeds.append(feed_kind(request)))
    options = {"max_rounds": "1", "public": "on", "turn_seconds": "600"}
    new_game(ann, "skyjo", options, "open", seed=None)
    assert ann.get_attribute("#table", "data-phase") == "waiting"
    assert "1 seat is open" in ann.inner_text("#table")
    assert "#invite=" in (ann.input_value("[data-invite-link]") or "")
    ann.evaluate("window.sameDocument = true")  # gone if anything reloads the page
    screenshot(ann, "waiting-room")
    game_id = ann.url.split("/games/")[1].split("#")[0]
    bea = contexts(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    bea.on("request", lambda request: feeds.append(feed_kind(request)))
    bea.goto("/play/lobby")
    bea.wait_for_selector(f"[data-join='{game_id}']")
    assert unlabelled_controls(bea) == []
    screenshot(bea, "lobby")
    bea.fill("#lobby-name", "Bea")
    bea.click(f"[data-join='{game_id}']")
    bea.wait_for_selector("#table[data-phase=setup]")
    ann.wait_for_selector("#table[data-phase=setup]")
    bea.evaluate("window.sameDocument = true")
    assert "Bea" in ann.inner_text("#log")
    assert "left to play" in ann.inner_text("#timer")
    return ann, bea


def test_two_people_meet_in_the_lobby_play_skyjo_to_the_end_and_rematch(
    contexts: Any, live_server: LiveServer
) -> None:
    feeds: list[str] = []
    ann, bea = meet_in_the_lobby(contexts, feeds)
    pages = [ann, bea]
    start = version(ann)
    # The first setup reveal by keyboard: focus a cell, press Enter.
    ann.focus("#table button.card[data-move]")
    ann.keyboard.press("Enter")
    known = settled(ann, start + 1)
    keyboard_turns = [take_discard_by_keyboard, draw_and_discard_by_keyboard]
    highlighted = 0
    while not (finished(ann) and finished(bea)):
        # Each seat sees the other's last move arrive by itself (event stream), no reload.
        known = max(settled(page, known) for page in pages)
        movers = [page for page in pages if can_move(page)]
        if not movers:
            break
        if movers[0] is ann and keyboard_turns and ann.locator("[data-key=draw]").count():
            known = keyboard_turns.pop(0)(ann, known)
            continue
        check_offered(movers[0], live_server.url, known)
        skyjo_click(movers[0])
        known = settled(movers[0], known + 1)
        if movers[0] is bea:
            # Ann's page marks the cards that Bea's move changed.
            settled(ann, known)
            highlighted += ann.locator("#table [data-seat='1'] .card.changed").count()
        assert known - start < 400, "the game should have ended"
    for page in pages:
        settled(page, known)
        assert finished(page)
        assert page.evaluate("window.sameDocument") is True
        assert "Game over" in page.inner_text("#outcome")
        assert "Round 1 results" in page.inner_text("#app")
        assert unlabelled_controls(page) == []
    assert version(ann) == version(bea) == known
    # The pages heard of the moves by Server-Sent Events, never by polling.
    assert "stream" in feeds and "poll" not in feeds, set(feeds)
    del feeds[:]
    assert highlighted > 0
    assert "Bea" in ann.inner_text("#log")
    assert bea.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(ann, "skyjo-ann")
    screenshot(bea, "skyjo-bea")
    rematch(ann, bea)


def rematch(ann: Any, bea: Any) -> None:
    """Ann asks for a rematch and waits for Bea; Bea's page offers to join it, and she does."""
    ann.click("[data-key=rematch]")
    ann.wait_for_selector("#table[data-phase=waiting]")
    assert "Bea: kept for its player" in ann.inner_text("#table")
    assert ann.locator("[data-key=start]").count() == 1  # who set it up may start it early
    bea.wait_for_selector("[data-key=rematch]:text('Join the rematch')")
    bea.click("[data-key=rematch]")
    for page in (ann, bea):
        page.wait_for_selector("#table[data-phase=setup]")
        assert not finished(page)
    assert ann.url.split("#")[0] == bea.url.split("#")[0]


def play_skipbo(page: Any, server_url: str, screenshot_after: int | None = None) -> set[str]:
    """Click until the game is over (the bots play in between); every card source offered."""
    known = version(page)
    clicks = 0
    offered: set[str] = set()
    while not finished(page):
        known = settled(page, known)
        if finished(page):
            break
        assert can_move(page), "the bot has played, so it is this seat's turn"
        sources = page.locator("#table [data-source]:not([disabled])")
        shown = set(sources.evaluate_all("(all) => all.map((el) => el.dataset.source)"))
        # Exactly the cards that some legal move uses are offered.
        legal = legal_moves(server_url, page)
        assert legal["version"] == known
        assert shown == skipbo_sources(legal["moves"], legal["seat"])
        offered |= shown
        skipbo_click(page)
        known = settled(page, known + 1)
        clicks += 1
        if clicks == screenshot_after:
            screenshot(page, "skipbo-play")
        assert clicks < 600, "the round should have ended"
    assert "Game over" in page.inner_text("#outcome")
    assert unlabelled_controls(page) == []
    return offered


def test_one_person_plays_skipbo_against_a_server_bot_to_the_end(
    contexts: Any, live_server: LiveServer
) -> None:
    page = contexts().new_page()
    new_game(page, "skipbo", {"stock_size": "5"}, "greedy")
    play_skipbo(page, live_server.url, screenshot_after=12)
    assert "Round 1: " in page.inner_text("#table .results h3")
    screenshot(page, "skipbo-end")


def test_a_skipbo_team_game_offers_the_partners_cards(
    contexts: Any, live_server: LiveServer
) -> None:
    page = contexts().new_page()
    new_game(page, "skipbo", {"stock_size": "8", "teams": "on"}, "greedy", players=4)
    assert "partner of Ann" in page.inner_text("#table [data-seat='2'] h3")
    offered = play_skipbo(page, live_server.url)
    # Ann (seat 0) may build from her partner's (seat 2) stock and discard piles.
    assert any(source.startswith(("stock:2", "discard:2:")) for source in offered), offered
    assert not any(source.startswith(("stock:1", "stock:3")) for source in offered), offered
    screenshot(page, "skipbo-teams-end")


def test_a_friend_joins_by_invite_link_the_creator_starts_early_and_the_friend_leaves(
    contexts: Any, live_server: LiveServer
) -> None:
    """An invite-only Skip-Bo table for three: Bea joins by the invite link, Ann deals at
    once (a server bot takes the last seat), Bea leaves (a bot plays for her), and Ann plays
    to the end."""
    ann = contexts().new_page()
    new_game(ann, "skipbo", {"stock_size": "5"}, "open", players=3, third_player="open")
    link = ann.input_value("[data-invite-link]")
    assert "#invite=" in link and "2 seats are open" in ann.inner_text("#table")
    bea = contexts().new_page()
    bea.goto(link)
    bea.fill("#join-name", "Bea")
    assert unlabelled_controls(bea) == []
    bea.click("form.join button[type=submit]")
    bea.wait_for_selector("#table[data-phase=waiting]")
    ann.wait_for_selector("#table:has-text('1 seat is open')")
    assert bea.locator("[data-key=start]").count() == 0  # only the creator deals early
    ann.click("[data-key=start]")
    for page in (ann, bea):
        page.wait_for_selector("#table[data-phase=playing]")
    assert "bot" in ann.inner_text("#table [data-seat='2'] h3")
    bea.click("[data-key=leave]")
    bea.click("[data-key=leave-yes]")
    bea.wait_for_selector(".leave", state="detached")
    ann.wait_for_selector("#log:has-text('Bea left')")
    play_skipbo(ann, live_server.url)
    screenshot(ann, "skipbo-left-end")


def test_the_creator_leaves_a_waiting_table_for_the_lobby(contexts: Any) -> None:
    """Leaving before the deal asks first, then goes to the lobby, where the table is gone."""
    ann = contexts().new_page()
    new_game(ann, "skyjo", {"public": "on"}, "open", seed=None)
    game_id = ann.url.split("/games/")[1].split("#")[0]
    ann.click("[data-key=leave]")
    assert "Give up your seat?" in ann.inner_text(".leave")
    ann.click("[data-key=leave-yes]")
    ann.wait_for_selector("#lobby[data-loaded=true]")
    assert ann.locator(f"[data-join='{game_id}']").count() == 0


def test_a_seat_link_opens_that_seat(contexts: Any) -> None:
    """A seat given to a named person: the creator's table lists its link, which opens it."""
    ann = contexts().new_page()
    new_game(ann, "skyjo", {"max_rounds": "1"}, "human")
    link = ann.get_attribute("[data-seat-link='1']", "href")
    assert link and "#token=" in link
    bea = contexts().new_page()
    bea.goto(link)
    bea.wait_for_selector("#table[data-phase=setup]")
    assert "you are Bea" in bea.inner_text("h1")
    assert bea.locator("#table button.card[data-move]").count() == 12  # her setup reveals
