"""The score-sheet page on a 360 px phone: the seeds' worked examples, a correction, the winner,
and the sheet remembered by the browser."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import screenshot, unlabelled_controls

PHONE = {"width": 360, "height": 740}


def enter_round(page: Any, cards: list[int], finisher: int) -> None:
    for seat, value in enumerate(cards):
        page.fill(f"#round-{seat}", str(value))
    page.check(f"form.round input[name=who][value='{finisher}']")
    page.click("form.round button[type=submit]")


def row(page: Any, number: int) -> list[str]:
    page.wait_for_selector(f"tr[data-round='{number}']")
    return page.locator(f"tr[data-round='{number}'] td").all_inner_texts()


def totals(page: Any) -> list[str]:
    return [text.strip() for text in page.locator("td[data-total]").all_inner_texts()]


def test_a_phone_keeps_a_skyjo_score_sheet_and_corrects_a_round(contexts: Any) -> None:
    page = contexts(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto("/play/sheets")
    page.wait_for_selector("form.new-sheet")
    page.fill("#sheet-players", "Manon\nNico\nPatou")
    assert unlabelled_controls(page) == []
    page.click("form.new-sheet button[type=submit]")
    page.wait_for_selector("form.round")

    # Seed 003: Manon finishes with 12, Nico has 8, Patou 12 too: not strictly lowest, 24.
    enter_round(page, [12, 8, 12], finisher=0)
    assert [cell.split(" (")[0] for cell in row(page, 1)] == ["24", "8", "12"]
    assert "doubled from 12" in row(page, 1)[0]

    # A typo (Patou 19 for 10) left Manon strictly lowest; the correction ties her for lowest:
    # the rules' example "finisher 10, others 24 and 10 → 20".
    page.wait_for_selector("form.round[aria-label='Round 2']")
    enter_round(page, [10, 24, 19], finisher=0)
    assert row(page, 2)[0].startswith("10 (finished)")
    page.click("text=Correct the last round")
    page.wait_for_selector("form.round[aria-label='Correct round 2']")
    assert page.input_value("#round-2") == "19"
    page.fill("#round-2", "10")
    page.click("form.round button[type=submit]")
    page.wait_for_selector("form.round[aria-label='Round 3']")
    assert [cell.split(" (")[0] for cell in row(page, 2)] == ["20", "24", "10"]
    assert totals(page) == ["44", "32", "22"]

    # Patou reaches 100, entered on another phone from the sheet's edit link: the game is
    # over and the lowest total (Nico, 62) wins.
    edit_link = page.input_value("#sheet-edit-link")
    assert "#edit=" in edit_link
    other = contexts(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    other.goto(edit_link)
    other.wait_for_selector("form.round[aria-label='Round 3']")
    enter_round(other, [20, 30, 80], finisher=0)
    other.wait_for_selector("#outcome")
    page.reload()
    page.wait_for_selector("#outcome")
    assert totals(page) == ["64", "62", "102"]
    assert "Winner: Nico" in page.inner_text("#outcome")
    assert page.locator("form.round").count() == 0
    # Usable at 360 px: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert unlabelled_controls(page) == []
    screenshot(page, "scoresheet-phone")

    # The browser remembers the sheet.
    sheet_url = page.url
    page.goto("/play/sheets")
    link = page.locator("ul.sheets a").first
    assert "Manon, Nico, Patou" in link.inner_text()
    assert sheet_url.endswith(link.get_attribute("href"))
