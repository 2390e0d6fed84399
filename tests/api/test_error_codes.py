"""Every error code a layer can raise is in the one registry (cardtable.error_codes) with
its HTTP status, docs/api.md's error table is generated from it, and a code that is
missing from it answers 500 (a bug to fix), never a silent 400."""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

from flask import Flask

import cardtable
import cardtable_engine
from cardtable import error_codes
from cardtable.api.errors import (
    CODE_BY_STATUS,
    CODE_BY_STORE_ERROR,
    STATUS_BY_CODE,
    coded_response,
)
from cardtable.store import DuplicateId, StoreError
from cardtable.store.errors import CODE_BY_PREFIX, MESSAGES
from cardtable_engine.base import EngineError
from cardtable_engine.host import ServiceError

# The service's package and the engine distribution's.
SOURCES = [Path(folder) for package in (cardtable, cardtable_engine) for folder in package.__path__]
API_DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"
INTERNAL_STORE_ERRORS = {DuplicateId}  # never a client's doing: a 500


def _import_everything() -> None:
    """Import every module of the service, so that every error class is defined."""
    for package in (cardtable, cardtable_engine):
        prefix = f"{package.__name__}."
        for module in pkgutil.walk_packages(package.__path__, prefix):
            if not module.name.endswith(("wsgi", "gunicorn_conf")):
                importlib.import_module(module.name)


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_engine_and_service_error_code_has_a_status() -> None:
    _import_everything()
    classes = [EngineError, *_subclasses(EngineError), ServiceError, *_subclasses(ServiceError)]
    codes = {cls.code for cls in classes if cls.__module__.startswith("cardtable")}
    assert {"malformed_move", "bot_seat", "sheet_finished", "stale_version"} <= codes
    assert sorted(codes - set(STATUS_BY_CODE)) == []


def test_every_store_error_a_client_can_meet_has_a_code_with_a_status() -> None:
    _import_everything()
    store_errors = set(_subclasses(StoreError))
    assert store_errors - INTERNAL_STORE_ERRORS == set(CODE_BY_STORE_ERROR)
    assert set(CODE_BY_STORE_ERROR.values()) <= set(STATUS_BY_CODE)


def test_statuses_are_client_errors_except_the_server_side_ones() -> None:
    server_side = {code for code, status in STATUS_BY_CODE.items() if status >= 500}
    # The server's own: a bug, the store unreachable or refusing writes (or a write's
    # outcome unknown), a document from a newer release
    # (during a rolling update), or this process holding all the waiting clients it may.
    assert server_side == {
        "internal_error",
        "store_unavailable",
        "document_too_new",
        "too_many_waiting",
        "store_full",
        "store_read_only",
        "outcome_unknown",
        "not_implemented",  # gunicorn: a transfer coding it does not implement
    }
    assert all(400 <= status < 500 for code, status in STATUS_BY_CODE.items()
               if code not in server_side)  # fmt: skip


def test_a_code_missing_from_the_table_answers_500_not_400() -> None:
    with Flask(__name__).app_context():
        listed = coded_response("bot_seat", "seat 1 is a bot", {"seat": 1})
        unlisted = coded_response("brand_new_code", "someone forgot the table")
    assert (listed.status_code, listed.get_json()["code"]) == (409, "bot_seat")
    assert (unlisted.status_code, unlisted.get_json()["code"]) == (500, "internal_error")
    assert "forgot" not in unlisted.get_data(as_text=True)


def test_codes_named_in_the_source_are_listed() -> None:
    """Route-level errors (`ApiError("code", ...)`) and the codes of plain HTTP errors."""
    source = "\n".join(path.read_text() for folder in SOURCES for path in folder.rglob("*.py"))
    named = set(re.findall(r'ApiError\(\s*"(\w+)"', source))
    assert {"invalid_header", "invalid_token", "unsupported_media_type"} <= named
    assert sorted(named - set(STATUS_BY_CODE)) == []
    assert sorted(set(CODE_BY_STATUS.values()) - set(STATUS_BY_CODE)) == []


def test_every_store_refusal_has_a_code_with_a_status() -> None:
    refusals = {*CODE_BY_PREFIX.values(), *MESSAGES}
    assert {"store_full", "outcome_unknown"} <= refusals
    assert sorted(refusals - set(STATUS_BY_CODE)) == []
    assert all(STATUS_BY_CODE[code] == 503 for code in refusals)


def test_the_api_doc_lists_every_code_as_the_registry_says() -> None:
    """docs/api.md's error table is the registry's (regenerate it with
    `python -m cardtable.error_codes --write docs/api.md`)."""
    text = API_DOC.read_text()
    assert error_codes.replace_in(text) == text, "run python -m cardtable.error_codes --write"
    for code, error in error_codes.ERRORS.items():
        assert f"| {error.status} | `{code}` |" in text, code


def test_the_app_has_one_error_registry() -> None:
    """No module but cardtable.error_codes writes a table of statuses by code."""
    for folder in SOURCES:
        for path in folder.rglob("*.py"):
            if path.name != "error_codes.py":
                assert "STATUS_BY_CODE: dict" not in path.read_text(), path
