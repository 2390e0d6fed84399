"""The web table: the built static pages and assets under /play/ (sources in service/web)."""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, request, send_from_directory

WEB_DIR = Path(__file__).resolve().parents[1] / "web"

blp = Blueprint("web", __name__)

# The pages load only their own scripts and styles and talk only to this server.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _secure(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response


@blp.get("/play/")
@blp.get("/play/<path:page>")
def page(page: str = "") -> Response:
    """Every page is the one index.html; the script picks what to show from the path.
    Seat tokens travel in the URL fragment, which browsers never send to the server."""
    return _secure(send_from_directory(WEB_DIR, "index.html", max_age=0))


@blp.get("/play/sw.js")
def service_worker() -> Response:
    """The table's service worker (built from service/web/src/sw.ts). Served here, not with
    the assets, because a worker controls only the pages under its own path: /play/. Checked
    on every load (no-cache; browsers also skip their HTTP cache for it) so a release's new
    worker, and with it the new shell, is picked up at once. The pages' CSP (default-src
    'self') allows a same-origin worker; the worker gets the same CSP for its own fetches."""
    response = send_from_directory(WEB_DIR, "sw.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return _secure(response)


@lru_cache(maxsize=16)
def _gzipped(path: Path, mtime_ns: int) -> bytes:
    """An asset compressed once per build (the modification time is part of the key)."""
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


@blp.get("/play/assets/<path:filename>")
def asset(filename: str) -> Response:
    # Revalidated on each load (ETag): the names carry no hash, so a release must show at once.
    response = send_from_directory(WEB_DIR / "assets", filename, max_age=0)
    response.vary.add("Accept-Encoding")
    if response.status_code != 200 or "gzip" not in request.headers.get("Accept-Encoding", ""):
        return _secure(response)
    # The page weight a phone downloads: the script and style gzipped (about a third). The
    # file was found (200), so its name is safe; the plain file's handle is closed first.
    path = WEB_DIR / "assets" / filename
    response.close()
    response.direct_passthrough = False
    response.set_data(_gzipped(path, path.stat().st_mtime_ns))
    response.headers["Content-Encoding"] = "gzip"
    etag, _ = response.get_etag()
    if etag:  # the same file in another encoding: a weak validator (revalidation still 304s)
        response.set_etag(etag, weak=True)
    return _secure(response)
