"""Hints and the post-game review at the web table: a casual game offers "Hint" at your turn
and says the best move; a table with a turn timer offers none (the server refuses hints
there); a finished game's end dialog reviews each player's costly moves. In Chromium,
axe-clean."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, screenshot

pytestmark = pytest.mark.slow


def new_game(url: str, **extra: Any) -> dict[str, Any]:
    body = {
        "game": "skyjo",
        "players": [{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}],
        "options": {"max_rounds": 1},
        "seed": 4,
        **extra,
    }
    answer = httpx.post(f"{url}/games", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def play_to_end(url: str, game_id: str, token: str) -> None:
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=url, headers=auth, timeout=10) as client:
        for _ in range(500):
            if client.get(f"/games/{game_id}").json()["finished"]:
                return
            moves = client.get(f"/games/{game_id}/legal-moves").json()["moves"]
            if moves:
                assert (
                    client.post(f"/games/{game_id}/moves", json={"move": moves[0]}).status_code
                    == 200
                )
    raise AssertionError("the game did not end")


def open_seat(contexts: Any, game_id: str, token: str, locale: str = "en-GB") -> Any:
    page = contexts(
        locale=locale, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    ).new_page()
    page.goto(f"/play/games/{game_id}#token={token}")
    page.wait_for_selector("#table:not([data-version='-1'])")
    return page


def test_a_hint_at_a_casual_table_none_at_a_timed_one(
    contexts: Any, live_server: LiveServer
) -> None:
    casual = new_game(live_server.url)
    page = open_seat(contexts, casual["id"], casual["players"][0]["token"])
    page.wait_for_selector("#hint")
    page.click("#hint")
    page.wait_for_function(
        "() => document.querySelector('#hint-line').textContent.startsWith('Hint: turn up row')"
    )
    assert axe_violations(page) == []
    screenshot(page, "phone-hint")

    timed = new_game(live_server.url, turn_seconds=600)
    timed_page = open_seat(contexts, timed["id"], timed["players"][0]["token"])
    timed_page.wait_for_selector("#table .player.me")
    assert timed_page.locator("#hint").count() == 0


def test_the_end_dialog_reviews_the_game(contexts: Any, live_server: LiveServer) -> None:
    created = new_game(live_server.url)
    game_id, token = created["id"], created["players"][0]["token"]
    play_to_end(live_server.url, game_id, token)
    page = open_seat(contexts, game_id, token, "fr-FR")
    page.wait_for_selector("#game-end #review")
    assert page.locator("#hint").count() == 0
    page.click("#review")
    page.wait_for_selector("#review-body .review-seat[data-seat='1']")
    ann = page.locator("#review-body .review-seat[data-seat='0']").inner_text()
    assert ann.startswith("Ann") and ("Coup " in ann or "Aucun coup coûteux." in ann), ann
    assert axe_violations(page) == []
    screenshot(page, "phone-fr-review")
    # A spectator reviews it too (no token is sent).
    watcher = contexts(locale="fr-FR").new_page()
    watcher.goto(f"/play/games/{game_id}#watch")
    watcher.wait_for_selector("#game-end #review")
    watcher.click("#review")
    watcher.wait_for_selector("#review-body .review-seat[data-seat='0']")
