"""The table's chat in Chromium on 360 px phones: collapsed by default with an unread badge,
a markup payload shown as text, emotes, a spectator who reads but cannot write, muting a
player on one's own phone, the game's version untouched, axe-clean in French and English."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, screenshot, unlabelled_controls
from tests.web.test_table_features import PHONE_CONTEXT

pytestmark = pytest.mark.slow

MARKUP = '<img src=x onerror="document.body.dataset.pwned=1"><b>salut</b> & co'


def seat_page(contexts: Any, game_id: str, fragment: str, locale: str) -> Any:
    page = contexts(locale=locale, **PHONE_CONTEXT).new_page()
    page.goto(f"/play/games/{game_id}#{fragment}")
    page.wait_for_selector("#table:not([data-version='-1'])")
    page.wait_for_selector("#chat")
    return page


def open_chat(page: Any) -> None:
    page.click("#chat > summary")
    page.wait_for_selector("#chat[open] #chat-log")


def chat_lines(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all(
            "#chat-log li[data-seq]", "(lis) => lis.map((li) => li.textContent)"
        )
    )


def test_two_phones_and_a_spectator_chat(contexts: Any, live_server: LiveServer) -> None:
    created = httpx.post(
        f"{live_server.url}/games",
        json={"game": "skyjo", "players": [{"name": "Ann"}, {"name": "Béa"}], "seed": 11},
    ).json()
    game_id = created["id"]
    ann_token, bea_token = (seat["token"] for seat in created["players"])
    ann = seat_page(contexts, game_id, f"token={ann_token}", "fr-FR")
    bea = seat_page(contexts, game_id, f"token={bea_token}", "en-GB")
    watcher = seat_page(contexts, game_id, "watch", "fr-FR")
    version = ann.get_attribute("#table", "data-version")

    # Collapsed by default: one line under the table, no badge yet.
    assert ann.evaluate("() => document.querySelector('#chat').open") is False
    assert ann.is_hidden("#chat-unread")

    open_chat(bea)
    bea.fill("#chat-text", MARKUP)
    bea.click("#chat-send")
    bea.wait_for_function("() => document.querySelectorAll('#chat-log li[data-seq]').length === 1")
    assert bea.input_value("#chat-text") == ""

    # Ann's closed panel counts it; opened, it is the text as typed, no element made of it.
    ann.wait_for_selector("#chat-unread:not([hidden])")
    assert ann.inner_text("#chat-unread") == "1"
    assert ann.get_attribute("#chat-unread", "aria-label") == "1 message non lu"
    open_chat(ann)
    assert chat_lines(ann) == [f"Béa : {MARKUP}"]
    assert ann.eval_on_selector("#chat-log", "(log) => log.querySelectorAll('img, b').length") == 0
    assert ann.evaluate("() => document.body.dataset.pwned") is None
    assert ann.is_hidden("#chat-unread")

    # An emote from Ann reaches Béa and the spectator.
    ann.click("#chat [data-emote=thumbs_up]")
    bea.wait_for_selector("#chat-log li[data-seat='0'] .emote")
    assert bea.get_attribute("#chat-log li[data-seat='0'] .emote", "aria-label") == "Well played"
    open_chat(watcher)
    watcher.wait_for_function(
        "() => document.querySelectorAll('#chat-log li[data-seq]').length === 2"
    )
    assert (
        watcher.locator("#chat-text").count() == 0 and watcher.locator("[data-emote]").count() == 0
    )
    assert "spectateurs" in watcher.inner_text("#chat-note")

    # Nothing of it changed the game.
    assert ann.get_attribute("#table", "data-version") == version
    assert httpx.get(f"{live_server.url}/games/{game_id}").json()["version"] == int(version or 0)

    # The chat fits the phone; axe finds nothing on any of the three, open.
    for page, name in ((ann, "chat-fr"), (bea, "chat-en"), (watcher, "chat-watch-fr")):
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, name
        box = page.locator("#chat").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, name
        assert axe_violations(page) == [], name
        assert unlabelled_controls(page) == [], name
        screenshot(page, f"phone-{name}")

    # Ann mutes Béa on her phone: Béa's lines go, the switch says how to bring them back.
    ann.click("#chat-mutes [data-mute='1']")
    assert chat_lines(ann) == ["Ann : 👍"]
    assert ann.inner_text("#chat-mutes [data-mute='1']") == "Afficher Béa"
    bea.fill("#chat-text", "encore")
    bea.click("#chat-send")
    bea.wait_for_function("() => document.querySelectorAll('#chat-log li[data-seq]').length === 3")
    watcher.wait_for_function(
        "() => document.querySelectorAll('#chat-log li[data-seq]').length === 3"
    )
    assert chat_lines(ann) == ["Ann : 👍"]
    ann.reload()  # kept on the device
    ann.wait_for_selector("#chat")
    open_chat(ann)
    ann.wait_for_selector("#chat-mutes [data-mute='1'][aria-pressed=true]")
    assert chat_lines(ann) == ["Ann : 👍"]
