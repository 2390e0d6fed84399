"""The real app as the HTTP tests hold it: Flask's testing mode on, its Redis client closed
when the test is done with it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask

from cardtable.app import create_app
from cardtable.config import Settings


@contextmanager
def app_under_test(settings: Settings) -> Iterator[Flask]:
    app = create_app(settings)
    app.config["TESTING"] = True
    try:
        yield app
    finally:
        app.extensions["cardtable"].redis.close()
