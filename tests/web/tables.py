"""What the browser tests do on a table page: wait for a version, read it, pick a legal click."""

from __future__ import annotations

from typing import Any

import httpx

# Every control that makes a move carries its move as data-move; a Skip-Bo card to pick up
# carries data-source; the Skyjo "take the discard" choice carries data-mode.
MOVES = "#table [data-move], #table [data-source]:not([disabled]), #table [data-mode=take]"


def open_advanced(page: Any) -> None:
    """Show the new-game form's advanced section (every option, the deal number)."""
    page.locator("details#advanced").evaluate("(details) => { details.open = true; }")


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def finished(page: Any) -> bool:
    return page.get_attribute("#table", "data-finished") == "true"


def settled(page: Any, at_least: int) -> int:
    """Wait (without reloading) until the page shows version `at_least` or later and no move
    of its own is in flight; the version shown."""
    page.wait_for_function(
        """(v) => { const t = document.querySelector('#table');
                    return t && Number(t.dataset.version) >= v && t.dataset.busy === 'false'; }""",
        arg=at_least,
    )
    return version(page)


def can_move(page: Any) -> bool:
    return page.locator(MOVES).count() > 0


def first(page: Any, selector: str) -> Any | None:
    found = page.locator(selector)
    return found.first if found.count() else None


def skyjo_click(page: Any) -> None:
    """A plain strategy: draw, then put the card on a face-down cell (so the round ends)."""
    for selector in (
        "#table [data-key=draw][data-move]",
        "#table button.card[data-move][data-facedown=true]",
        "#table button.card[data-move]",
    ):
        target = first(page, selector)
        if target is not None:
            target.click()
            return
    # Nothing to draw: only the discard can be taken.
    page.click("#table [data-mode=take]")
    page.locator("#table button.card[data-move]").first.click()


def skipbo_sources(legal: list[dict[str, Any]], me: int) -> set[str]:
    """The card sources the page must offer for these legal moves (its data-source keys)."""
    sources = set()
    for move in legal:
        if move["type"] == "discard" or move.get("source") == "hand":
            sources.add(f"hand:{move['card']}")
        elif move.get("source") == "stock":
            sources.add(f"stock:{move.get('owner', me)}")
        elif move.get("source") == "discard":
            sources.add(f"discard:{move.get('owner', me)}:{move['pile']}")
    return sources


def legal_moves(server_url: str, page: Any) -> dict[str, Any]:
    """This page's seat's legal moves, read from the API with the token in the page's URL."""
    token = page.url.split("#token=")[1]
    game_id = page.url.split("/games/")[1].split("#")[0]
    answer = httpx.get(
        f"{server_url}/games/{game_id}/legal-moves",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    answer.raise_for_status()
    return dict(answer.json())


def skipbo_click(page: Any) -> None:
    """Play the stock when possible, else the first card that can go somewhere."""
    passing = first(page, "#table [data-key=pass][data-move]")
    if passing is not None:
        passing.click()
        return
    source = first(page, "#table [data-source^=stock]:not([disabled])") or first(
        page, "#table [data-source]:not([disabled])"
    )
    assert source is not None, "the seat may act but no card can be picked up"
    source.click()
    target = first(page, "#table [data-target^=build][data-move]") or first(
        page, "#table [data-target^=pile][data-move]"
    )
    assert target is not None, "a card was picked up but has nowhere to go"
    target.click()
