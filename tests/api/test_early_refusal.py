"""The gevent worker answers a client in the penalty box before gunicorn builds the WSGI
environ (cardtable.server.worker): the same 429, byte for byte but its date, as gunicorn
and the app's refusal gate send; anything else goes gunicorn's way."""

from __future__ import annotations

import io
import re
import socket
from typing import Any

from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.http.parser import RequestParser

from cardtable.app import create_app
from cardtable.config import Settings
from cardtable.server.worker import CardtableWorker, DeadlineSocket

CLIENT = ("192.0.2.7", 40000)
LISTENER = ("127.0.0.1", 8000)


class _Bytes:
    """What gunicorn's parser reads a request from."""

    def __init__(self, data: bytes):
        self._data = io.BytesIO(data)

    def recv(self, size: int) -> bytes:
        return self._data.read(size)


def parsed(raw: bytes, cfg: Config) -> Any:
    return next(RequestParser(cfg, _Bytes(raw), CLIENT))


def boxed_app(settings: Settings) -> Any:
    """The app, its client in the penalty box: reads over a budget of 2 a minute."""
    app = create_app(settings.with_overrides(rate_limit_reads="2/minute", trusted_proxies=1))
    client = app.test_client()
    created = client.post("/games", json={"game": "skyjo", "players": [{"name": "A"}] * 2})
    path = f"/games/{created.get_json()['id']}"
    statuses = [
        client.get(path, headers={"X-Forwarded-For": "203.0.113.5"}).status_code for _ in range(3)
    ]
    assert statuses[-1] == 429
    return app, path


def worker_for(app: Any, cfg: Config) -> CardtableWorker:
    worker = CardtableWorker.__new__(CardtableWorker)  # gunicorn's set-up is not needed
    worker.wsgi, worker.cfg, worker.alive, worker.nr = app, cfg, True, 0
    return worker


def early(worker: CardtableWorker, raw: bytes) -> bytes | None:
    """What the worker sends before gunicorn builds an environ (None: nothing, not its)."""
    mine, theirs = socket.socketpair()
    with mine, theirs:
        sock = DeadlineSocket(mine, first_idle=1, idle=1, read=1, write=1)
        try:
            if not worker._refused_early(parsed(raw, worker.cfg), sock, CLIENT):
                return None
        except StopIteration:  # the connection ends (gunicorn closes it)
            assert b"Connection: close" in raw
        theirs.settimeout(2)
        return theirs.recv(65536)


def gunicorns(app: Any, raw: bytes, cfg: Config) -> bytes:
    """What gunicorn's own path sends (its environ, its response, the whole app)."""
    mine, theirs = socket.socketpair()
    with mine, theirs:
        resp, environ = wsgi.create(parsed(raw, cfg), mine, CLIENT, LISTENER, cfg)
        for chunk in app(environ, resp.start_response):
            resp.write(chunk)
        resp.close()
        theirs.settimeout(2)
        return theirs.recv(65536)


def same_but_time(answer: bytes) -> bytes:
    answer = re.sub(rb"Date: [^\r]*", b"Date: -", answer)
    answer = re.sub(rb"Retry-After: \d+", b"Retry-After: -", answer)
    answer = re.sub(rb"\b[0-9a-f]{32}\b", b"(a new request id)", answer)
    return re.sub(rb'"retry_after":\d+', b'"retry_after":-', answer)


def request(path: str, *lines: str) -> bytes:
    head = [f"GET {path} HTTP/1.1", "Host: t", "X-Forwarded-For: 203.0.113.5", *lines]
    return ("\r\n".join(head) + "\r\n\r\n").encode()


def test_a_boxed_client_gets_the_same_429_early(settings: Settings) -> None:
    app, path = boxed_app(settings)
    cfg = Config()
    worker = worker_for(app, cfg)
    for extra in (
        (),
        ("X-Request-ID: probe-1", "Authorization: Bearer abc", "Connection: close"),
    ):
        raw = request(path, *extra)
        sent = early(worker, raw)
        assert sent is not None and sent.startswith(b"HTTP/1.1 429 ")
        assert same_but_time(sent) == same_but_time(gunicorns(app, raw, cfg))
        assert b'"code":"rate_limited"' in sent and b"Retry-After: " in sent
    assert worker.nr == 2


def test_anything_else_goes_gunicorns_way(settings: Settings) -> None:
    app, path = boxed_app(settings)
    worker = worker_for(app, Config())
    assert early(worker, request(path).replace(b"203.0.113.5", b"203.0.113.6")) is None
    assert early(worker, request(path, "Content-Length: 0")) is None
    post = request(path).replace(b"GET ", b"POST ")
    assert early(worker, post) is None
    assert early(worker, request("/livez")) is None  # no budget, never refused
    assert worker.nr == 0
