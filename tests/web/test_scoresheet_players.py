"""Score sheets' players on a 360 px phone, as the counter app promises: a photo per player
picked on the phone (downscaled, kept on the device, never sent), initials otherwise, the
players kept for the next sheet, and the history of past sheets (reopen, delete)."""

from __future__ import annotations

import struct
import zlib
from typing import Any

import pytest

from tests.web.conftest import axe_violations, screenshot, unlabelled_controls
from tests.web.test_scoresheet_page import PHONE, enter_round

pytestmark = pytest.mark.slow


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain PNG of one colour (what a phone's camera would hand over, only smaller)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def avatars(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all(
            "table.sheet thead .avatar",
            "(els) => els.map((el) => el.dataset.avatar + ':' + el.textContent)",
        )
    )


def new_sheet(page: Any, players: str | None) -> None:
    """Start a sheet: with `players` typed on a fresh start page, else the form as it is."""
    if players is not None:
        page.goto("/play/sheets")
        page.wait_for_selector("form.new-sheet")
        page.fill("#sheet-players", players)
    page.click("form.new-sheet button[type=submit]")
    page.wait_for_selector("form.round")


def test_photos_stay_on_the_phone_and_sheets_are_kept(contexts: Any) -> None:
    phone = contexts(viewport=PHONE, is_mobile=True, has_touch=True)
    page = phone.new_page()
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.post_data or ""))
    new_sheet(page, "Ann\nBéa Martin")
    assert avatars(page) == ["initials:A", "initials:BM"]

    page.click("#photos > summary")
    page.set_input_files(
        "#photo-0",
        files=[
            {"name": "ann.png", "mimeType": "image/png", "buffer": png(400, 300, (200, 40, 40))}
        ],
    )
    page.wait_for_selector("table.sheet thead .avatar[data-avatar=photo] img")
    size = page.eval_on_selector(
        "table.sheet thead .avatar img",
        "(img) => [img.naturalWidth, img.naturalHeight, img.src.slice(0, 15)]",
    )
    assert size == [128, 128, "data:image/jpeg"]
    assert page.locator("#photos[open]").count() == 1  # still open for the next player
    enter_round(page, [12, 8], finisher=1)
    page.wait_for_selector("form.round[aria-label='Round 2']")
    assert not any("data:image" in body or "base64" in body for body in sent), (
        "a photo left the phone"
    )
    assert (
        page.eval_on_selector(".standings", "(list) => list.querySelectorAll('.avatar').length")
        == 2
    )
    assert axe_violations(page) == []
    assert unlabelled_controls(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "scoresheet-photos-phone")
    first_sheet = page.url

    # Kept on the device: after a reload, and on the next sheet of the same players.
    page.reload()
    page.wait_for_selector("table.sheet thead .avatar[data-avatar=photo]")
    page.goto("/play/sheets")
    page.wait_for_selector("[data-known]")
    assert page.eval_on_selector_all(
        "[data-known]", "(els) => els.map((el) => el.dataset.known)"
    ) == ["Ann", "Béa Martin"]
    page.click("[data-known='Béa Martin']")
    page.click("[data-known='Ann']")
    page.click("[data-known='Ann']")  # once only
    assert page.input_value("#sheet-players") == "Béa Martin\nAnn"
    new_sheet(page, None)
    assert avatars(page) == ["initials:BM", "photo:"]
    second_sheet = page.url

    # The history: both sheets, newest first, how each stands; reopen one, delete the other.
    page.goto("/play/sheets")
    page.wait_for_selector("#history")
    entries = page.locator("#history li")
    assert entries.count() == 2
    assert second_sheet.endswith(entries.nth(0).locator("a").get_attribute("href") or "-")
    assert "1 round" in entries.nth(1).inner_text()
    assert axe_violations(page) == []
    screenshot(page, "scoresheet-history-phone")
    entries.nth(0).locator("[data-forget]").click()
    assert page.locator("#history li").count() == 1
    page.reload()
    page.wait_for_selector("#history")
    assert page.locator("#history li").count() == 1
    page.click("#history li a")
    page.wait_for_selector("tr[data-round='1']")
    assert page.url == first_sheet

    # Removing the photo brings the initials back.
    page.click("#photos > summary")
    page.click("[data-photo-remove='0']")
    page.wait_for_function(
        "() => document.querySelector('table.sheet thead .avatar').dataset.avatar === 'initials'"
    )
    assert avatars(page) == ["initials:A", "initials:BM"]
