"""Keep operator pages off the public port: with CARDTABLE_OPS_PORT set, gunicorn also
listens there, /metrics (and /docs, /openapi.json unless CARDTABLE_PUBLIC_DOCS) answer only
on it, and it serves nothing else; probes answer on both.

Which port a request came in on is read from the connection's own socket, never from the
Host header, so a client cannot claim to be on the operator port.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from cardtable.config import Settings

PROBES = ("/livez", "/readyz")
METRICS = ("/metrics",)
DOCS = ("/docs", "/openapi.json")


def ops_port() -> int | None:
    port: int | None = Settings.read("ops_port")
    return port


def _under(path: str, prefixes: Iterable[str]) -> bool:
    return any(path == p or path.startswith(p + "/") for p in prefixes)


def local_port(environ: dict[str, Any]) -> int | None:
    sock = environ.get("gunicorn.socket")
    try:
        return int(sock.getsockname()[1]) if sock is not None else None
    except (OSError, AttributeError, IndexError, TypeError):
        return None


class OpsPortMiddleware:
    """WSGI middleware answering 404 for what is not served on the port a request came to."""

    def __init__(self, app: Callable[..., Iterable[bytes]], port: int, public_docs: bool):
        self.app = app
        self.port = port
        self.private = METRICS if public_docs else METRICS + DOCS

    def allowed(self, environ: dict[str, Any]) -> bool:
        path = environ.get("PATH_INFO", "")
        if _under(path, PROBES):
            return True
        if local_port(environ) == self.port:
            return _under(path, METRICS + DOCS)
        return not _under(path, self.private)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if self.allowed(environ):
            return self.app(environ, start_response)
        body = json.dumps(
            {"code": "not_found", "message": "no such resource on this port", "status": 404}
        ).encode()
        start_response(
            "404 NOT FOUND",
            [("Content-Type", "application/json"), ("Content-Length", str(len(body)))],
        )
        return [body]


def init_app(app: Any) -> None:
    port = ops_port()
    if port is not None:
        public_docs = bool(Settings.read("public_docs"))
        app.wsgi_app = OpsPortMiddleware(app.wsgi_app, port, public_docs)
