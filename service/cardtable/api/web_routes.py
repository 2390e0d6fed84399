"""The web table: the built static pages and assets under /play/ (sources in service/web)."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

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


@blp.get("/play/assets/<path:filename>")
def asset(filename: str) -> Response:
    # Revalidated on each load (ETag): the names carry no hash, so a release must show at once.
    return _secure(send_from_directory(WEB_DIR / "assets", filename, max_age=0))
