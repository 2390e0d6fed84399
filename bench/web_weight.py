"""The web table's weight and time to interactive on a throttled phone, against a running
server (`make run`), for the current build and, side by side, the build of another git
revision (its assets substituted in the browser). Prints figures; not a test.

    .venv/bin/python bench/web_weight.py http://127.0.0.1:8000 --before <git-rev>

Served size: the page and its assets as a browser asking for gzip gets them. Time to
interactive: from navigation to the start page's form drawn (its data fetched), at 360 by 740
with 4 times CPU slow-down and a "slow 4G" link (150 ms round trips, 1.6 Mbit/s down), median
of a few loads with an empty cache."""

from __future__ import annotations

import argparse
import gzip
import statistics
import subprocess
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
BUILT = "service/cardtable/web"
FILES = ["index.html", "assets/app.js", "assets/app-style.css"]
SLOW_4G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 200_000,
    "uploadThroughput": 94_000,
}


def at_revision(revision: str) -> dict[str, bytes]:
    """The built files as committed at `revision` (missing ones are skipped)."""
    found = {}
    for name in FILES:
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{revision}:{BUILT}/{name}"],
            capture_output=True,
            check=False,
        )
        if shown.returncode == 0:
            found[name] = shown.stdout
    return found


def served_gzip(url: str) -> int:
    total = 0
    for name in FILES:
        path = "/play/" if name == "index.html" else f"/play/{name}"
        answer = httpx.get(f"{url}{path}", headers={"Accept-Encoding": "gzip"}, timeout=10)
        answer.raise_for_status()
        raw = answer.headers.get("Content-Encoding") == "gzip"
        total += (
            len(gzip.compress(answer.content, 9))
            if not raw
            else int(answer.headers["Content-Length"])
        )
    return total


def answer_with(body: bytes, kind: str) -> Any:
    """A route handler that answers with these bytes (the other revision's file)."""
    return lambda route, _request: route.fulfill(
        status=200, body=body, headers={"Content-Type": kind}
    )


def load_times(url: str, substitute: dict[str, bytes], loads: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
        )
        for _ in range(loads):
            context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
            page = context.new_page()
            for name, body in substitute.items():
                pattern = "**/play/" if name == "index.html" else f"**/play/{name}"
                kind = (
                    "text/html"
                    if name.endswith("html")
                    else "text/css"
                    if name.endswith("css")
                    else "text/javascript"
                )

                page.route(pattern, answer_with(body, kind))
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_4G)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            page.goto(f"{url}/play/", wait_until="commit")
            page.wait_for_selector("form.new-game")
            times.append(page.evaluate("performance.now()"))
            context.close()
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("url")
    parser.add_argument("--before", help="a git revision whose build to compare with")
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    rows = [("now", served_gzip(args.url), load_times(args.url, {}, args.loads))]
    if args.before:
        old = at_revision(args.before)
        size = sum(len(gzip.compress(body, 9)) for body in old.values())
        rows.insert(0, (args.before[:12], size, load_times(args.url, old, args.loads)))
    for name, size, times in rows:
        p90 = sorted(times)[max(0, round(0.9 * len(times)) - 1)]
        median = statistics.median(times)
        print(
            f"{name:>12}: {size:>7,} B gzip · interactive {median:,.0f} ms median,"
            f" {p90:,.0f} ms p90 ({len(times)} loads)"
        )


if __name__ == "__main__":
    main()
