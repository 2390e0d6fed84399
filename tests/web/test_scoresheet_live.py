"""Score sheets people can trust: a round saved while offline and tapped twice lands once,
and a sheet open on two phones updates live; a form the other phone made stale is refused
(If-Match) and refreshed, never saved as one more round."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.support.live_server import LiveServer
from tests.web.conftest import axe_violations, screenshot
from tests.web.test_scoresheet_page import PHONE, enter_round, row, totals

pytestmark = pytest.mark.slow

PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True}


def new_sheet(page: Any, players: str) -> str:
    page.goto("/play/sheets")
    page.wait_for_selector("form.new-sheet")
    page.fill("#sheet-players", players)
    page.click("form.new-sheet button[type=submit]")
    page.wait_for_selector("form.round[aria-label='Round 1']")
    return str(page.url.split("/sheets/")[1])


def rounds(url: str, sheet_id: str) -> list[Any]:
    answer = httpx.get(f"{url}/scoresheets/{sheet_id}", timeout=10)
    answer.raise_for_status()
    return list(answer.json()["rounds"])


def fill(page: Any, cards: list[int], finisher: int) -> None:
    for seat, value in enumerate(cards):
        page.fill(f"#round-{seat}", str(value))
    page.check(f"form.round input[name=who][value='{finisher}']")


def test_a_round_tapped_twice_offline_is_saved_once(contexts: Any, live_server: LiveServer) -> None:
    phone = contexts(**PHONE_CONTEXT)
    page = phone.new_page()
    sheet_id = new_sheet(page, "Manon\nNico")
    fill(page, [12, 8], finisher=1)
    phone.set_offline(True)
    # Two taps in a row on "save", and the form submitted once more (Enter): one entry.
    page.evaluate(
        """() => { const form = document.querySelector('form.round');
                   const save = form.querySelector('button[type=submit]');
                   save.click(); save.click(); form.requestSubmit(); }"""
    )
    assert page.locator("form.round button[type=submit]").is_disabled()
    assert "no network" in page.inner_text("#sheet-pending")
    assert page.get_attribute("form.round", "aria-busy") == "true"
    assert axe_violations(page) == []
    screenshot(page, "scoresheet-offline-pending")
    page.wait_for_timeout(1500)  # the client keeps trying while the network is away
    assert rounds(live_server.url, sheet_id) == []
    phone.set_offline(False)
    assert [cell.split(" (")[0] for cell in row(page, 1)] == ["12", "8"]
    phone.reconnected()
    page.wait_for_selector("form.round[aria-label='Round 2']")
    assert page.inner_text("#sheet-pending") == ""
    assert len(rounds(live_server.url, sheet_id)) == 1
    assert totals(page) == ["12", "8"]


def test_two_phones_on_one_sheet_the_stale_form_is_refused_and_refreshed(
    contexts: Any, live_server: LiveServer
) -> None:
    ann = contexts(**PHONE_CONTEXT).new_page()
    sheet_id = new_sheet(ann, "Manon\nNico\nPatou")
    bea_context = contexts(**PHONE_CONTEXT)
    bea = bea_context.new_page()
    bea.goto(ann.input_value("#sheet-edit-link"))
    bea.wait_for_selector("form.round[aria-label='Round 1']")
    # Ann enters round 1: Bea's sheet shows it by itself, her form moves on to round 2.
    enter_round(ann, [12, 8, 12], finisher=1)
    ann.wait_for_selector("form.round[aria-label='Round 2']")
    assert row(bea, 1) == row(ann, 1)
    bea.wait_for_selector("form.round[aria-label='Round 2']")
    # Both fill round 2; Ann saves first. Bea's table follows, her typed form stays, marked.
    fill(bea, [5, 6, 7], finisher=0)
    enter_round(ann, [3, 20, 9], finisher=0)
    ann.wait_for_selector("form.round[aria-label='Round 3']")
    row(bea, 2)
    assert "out of date" in bea.inner_text("form.round .stale-note")
    assert bea.input_value("#round-0") == "5"
    # Bea saves: refused (the sheet is not at the version her form was filled on) and
    # refreshed; nothing became round 3.
    bea.click("form.round button[type=submit]")
    bea.wait_for_selector("form.round[aria-label='Round 3']")
    assert "changed on another phone" in bea.inner_text("#status")
    assert bea.locator("tr[data-round='3']").count() == 0
    assert len(rounds(live_server.url, sheet_id)) == 2
    assert totals(bea) == totals(ann)
    assert axe_violations(bea) == []
    screenshot(bea, "scoresheet-stale-refreshed")
    # The refusal was the point of this step (a 412 answer, logged by the browser).
    bea_context.problems = [
        problem
        for problem in bea_context.problems
        if not ("412" in problem or "Precondition" in problem)
    ]
