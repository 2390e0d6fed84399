"""Refuse malformed requests before any route runs: unknown paths are 404 whatever the
method, bodies over the limit are 413 however they are sent (chunked too), JSON is parsed
strictly (no duplicate keys, bounded numbers, no NaN) and If-Match takes strong tags only.
"""

from __future__ import annotations

import io
import json
from typing import Any

from flask import Flask, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from cardtable.api.errors import ApiError

# Far above any option or seed the API accepts (seeds have 128 bits: 39 digits), far below
# Python's int-string conversion limit (4,300 digits), which would otherwise be a 500.
MAX_NUMBER_CHARS = 64
WRITES = frozenset({"POST", "PUT", "PATCH"})


class _Invalid(ValueError):
    """Why a body is not acceptable JSON."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        duplicate = next(key for key in keys if keys.count(key) > 1)
        raise _Invalid(f"the key {duplicate!r} appears twice in one object")
    return dict(pairs)


def _bounded(convert: Any) -> Any:
    def parse(text: str) -> Any:
        if len(text) > MAX_NUMBER_CHARS:
            raise _Invalid(f"numbers may have at most {MAX_NUMBER_CHARS} characters")
        return convert(text)

    return parse


def _no_constant(name: str) -> Any:
    raise _Invalid(f"{name} is not a JSON number")


def parse_strict(body: bytes) -> Any:
    """The JSON value of `body`, or `ApiError` 400 `invalid_json` saying what is wrong."""
    try:
        return json.loads(
            body.decode("utf-8"),
            object_pairs_hook=_no_duplicates,
            parse_int=_bounded(int),
            parse_float=_bounded(float),
            parse_constant=_no_constant,
        )
    except _Invalid as error:
        raise ApiError("invalid_json", f"the request body is not accepted: {error}") from None
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError included
        raise ApiError("invalid_json", "the request body is not valid JSON") from None


def _read_body(limit: int) -> bytes:
    """The whole body, or 413 once more than `limit` bytes came, with or without a length
    (a chunked body has none: it is counted as it is read)."""
    environ = request.environ
    if request.content_length is None and "chunked" in environ.get("HTTP_TRANSFER_ENCODING", ""):
        # werkzeug reads a body without a length only when the server marks the input as
        # terminated, else it sees none (and the route 400s): read it here, up to the limit,
        # and hand it on, marked as terminated.
        body = environ["wsgi.input"].read(limit + 1)
        if len(body) > limit:
            raise ApiError("payload_too_large", f"bodies are limited to {limit} bytes")
        environ["wsgi.input"], environ["wsgi.input_terminated"] = io.BytesIO(body), True
    try:
        return request.get_data(cache=True)
    except RequestEntityTooLarge:
        raise ApiError("payload_too_large", f"bodies are limited to {limit} bytes") from None


def _check_if_match(environ: dict[str, Any]) -> None:
    header = environ.get("HTTP_IF_MATCH")
    if header is not None and "W/" in header:
        raise ApiError(
            "invalid_header", 'If-Match takes a strong tag ("17"), not a weak one (W/"17")'
        )


def install_strict_input(app: Flask) -> None:
    """Register the checks; they run before every other before-request hook added later."""
    limit = int(app.config["MAX_CONTENT_LENGTH"])

    @app.before_request
    def _strict_input() -> None:
        current = request._get_current_object()  # type: ignore[attr-defined]
        if current.routing_exception is not None:
            raise current.routing_exception  # 404 or 405 comes first, whatever the body
        _check_if_match(current.environ)
        if current.method in WRITES and current.is_json:
            g.strict_json = parse_strict(_read_body(limit))


def parsed_body() -> Any:
    """The request's JSON body as the strict check parsed it (None if it had none), for a
    route that reads it by hand rather than parsing it again."""
    return g.get("strict_json")
