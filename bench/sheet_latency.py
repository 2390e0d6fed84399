"""How long after one phone adds a score-sheet round the other phone shows it: two 360 px
Chromium pages open on one sheet (both with its edit link), one enters rounds, the other
only watches; against a running server (`make run`). Prints figures; not a test.

    .venv/bin/python bench/sheet_latency.py http://127.0.0.1:8000 --rounds 20

For each round: from the tap on "Add the round" to the round's row on the other phone
(`other`), beside the same tap to the row on the phone that saved it (`own`: the save's
round trip and drawing, the floor any live update starts from). Both pages stamp with
Date.now() of one machine. The rounds are spaced by a random pause (with the 3 s poll the
sheets had before their long-poll, taps fell anywhere in its period)."""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

import httpx

CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
# Stamps the first moment each round's row is in the page (a MutationObserver, so the
# figure does not depend on how often the bench looks).
WATCH_ROWS = """() => {
  window.rowSeen = {};
  const stamp = () => document.querySelectorAll('tr[data-round]').forEach((row) => {
    window.rowSeen[row.dataset.round] ??= Date.now();
  });
  new MutationObserver(stamp).observe(document.body, { childList: true, subtree: true });
  stamp();
}"""


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(url: str, rounds: int, seed: int) -> tuple[list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    sheet = httpx.post(
        f"{url}/scoresheets",
        json={"game": "skyjo", "players": ["Ann", "Bea"], "options": {"end_score": 1000}},
        timeout=10,
    )
    sheet.raise_for_status()
    link = f"{url}/play/sheets/{sheet.json()['id']}#edit={sheet.json()['edit_token']}"
    pause = random.Random(seed)
    own: list[float] = []
    other: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless"])
        pages: list[Any] = []
        for _ in range(2):
            page = browser.new_context(**PHONE).new_page()
            page.goto(link)
            page.wait_for_selector("form.round")
            page.evaluate(WATCH_ROWS)
            pages.append(page)
        saver, watcher = pages
        for number in range(1, rounds + 1):
            saver.wait_for_selector("form.round button[type=submit]:enabled")
            saver.fill("#round-0", "1")
            saver.fill("#round-1", "2")
            saver.check("form.round input[name=who][value='0']")
            tapped = saver.evaluate(
                "() => { const at = Date.now();"
                " document.querySelector('form.round button[type=submit]').click(); return at; }"
            )
            seen = f"() => window.rowSeen['{number}']"
            saver.wait_for_function(seen)
            watcher.wait_for_function(seen, timeout=20_000)
            own.append(saver.evaluate(seen) - tapped)
            other.append(watcher.evaluate(seen) - tapped)
            watcher.wait_for_timeout(pause.uniform(200, 3200))
        browser.close()
    return own, other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", default="http://127.0.0.1:8000")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    own, other = measure(args.url.rstrip("/"), args.rounds, args.seed)
    for name, values in (("own phone", own), ("other phone", other)):
        print(
            f"{name:12} n={len(values)} median {statistics.median(values):.0f} ms,"
            f" p90 {quantile(values, 0.9):.0f} ms, min {min(values):.0f}, max {max(values):.0f}"
        )


if __name__ == "__main__":
    main()
