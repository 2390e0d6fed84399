"""The Blueprint every resource uses: flask-smorest's, with a request parser that answers
with our error codes, and the shared error responses documented with each route's answer."""

from __future__ import annotations

import copy
import functools
import http
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NoReturn

import flask
import flask_smorest
import marshmallow
from webargs.flaskparser import FlaskParser, abort

from cardtable.api.errors import ApiError, summarize_field_errors
from cardtable.api.schemas.base import ErrorSchema

ERROR_TEXT: dict[int, str] = {
    304: "Not modified: still at the version named by If-None-Match.",
    400: "Malformed request (`invalid_json`, `invalid_header`).",
    401: "Missing or invalid bearer token (`token_required`, `invalid_token`).",
    403: "`invalid_invite`: the invite is wrong (or missing for a private game).",
    404: "Unknown or expired (`not_found`).",
    409: "Conflict: `version_conflict` (another change got in first; read again).",
    412: "`stale_version`: If-Match names an older version; nothing changed.",
    413: "Body larger than the configured limit (`payload_too_large`).",
    415: "Body is not JSON (`unsupported_media_type`).",
    422: "Well formed but not acceptable: `validation_error` (`details.fields`).",
    429: "Too many requests from this client or token (`rate_limited`); see Retry-After.",
    503: "The store cannot serve now (`store_unavailable`, `store_full`, `store_read_only`),"
    " or a write's outcome is unknown (`outcome_unknown`); see Retry-After.",
}


class CardtableParser(FlaskParser):
    def _raw_load_json(self, req: flask.Request) -> Any:
        try:
            return super()._raw_load_json(req)
        except RecursionError:
            abort(400, messages={"json": ["Invalid JSON body: nested too deeply."]})

    def handle_error(
        self, error: marshmallow.ValidationError, req: flask.Request, schema: Any, **kwargs: Any
    ) -> NoReturn:
        """A schema may name the code its refusals carry (the move body: `malformed_move`,
        as when the engine refuses a move's shape); others give `validation_error`."""
        code = getattr(schema, "error_code", None)
        if code is None:
            super().handle_error(error, req, schema, **kwargs)
        fields = {"json": error.messages}
        raise ApiError(code, summarize_field_errors(fields), fields=fields)


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    ARGUMENTS_PARSER = CardtableParser()

    def __init__(
        self, *args: Any, error_text: Mapping[int, str] | None = None, **kwargs: Any
    ) -> None:
        """`error_text`: this resource's words for some statuses (which codes it answers)."""
        super().__init__(*args, **kwargs)
        self.error_text = {**ERROR_TEXT, **(error_text or {})}

    def response(
        self, status_code: int, schema: Any = None, *, errors: Iterable[int] = (), **kwargs: Any
    ) -> Callable[[Any], Any]:
        """flask-smorest's `response`, with the error statuses the route can answer: what
        it answers, success and failures, declared in one place."""
        answer = super().response(status_code, schema, **kwargs)
        failures = self.errors(*errors)
        return lambda func: answer(failures(func))

    def errors(self, *statuses: int) -> Callable[[Any], Any]:
        """Document the shared error body for each status a route can answer (304 has none)."""

        def decorate(func: Any) -> Any:
            documented = func
            for status in statuses:
                schema = None if status == 304 else ErrorSchema
                description = self.error_text[status]
                alternative = self.alt_response(status, schema=schema, description=description)
                documented = alternative(documented)
            # `alt_response` also wraps the view once per status, each layer only calling
            # the next (through Flask's coroutine check): keep the docs, not the layers.
            if documented is not func:
                func._apidoc = documented._apidoc
            return func

        return decorate

    def light(self, *decorators: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """The documenting decorators of a hot route that answers a `Response` itself (listed
        as they would be stacked, `body` included): their docs, without their call layers.
        flask-smorest's `doc` and `response` wrappers only call the next layer (through
        Flask's coroutine check) and hand a `Response` back untouched; the one layer kept is
        `body`'s parse, called here directly."""

        def decorate(view: Any) -> Any:
            documented = view
            for decorator in reversed(decorators):
                documented = decorator(documented)
            parse = getattr(documented, "_parse_body", None)
            if parse is None:
                light_view = view
            else:

                @functools.wraps(view)
                def light_view(*args: Any, **kwargs: Any) -> Any:
                    return view(*args[:1], parse(), *args[1:], **kwargs)

            light_view._apidoc = documented._apidoc
            return light_view

        return decorate

    def headers(self, schema: marshmallow.Schema) -> Callable[[Any], Any]:
        """Document request headers as `arguments(schema, location="headers")` does, without
        parsing them: the route reads (and checks) them itself, and the hot path saves
        webargs' work for a schema that only describes."""
        return _documented("headers", schema, None)

    def body(self, schema: marshmallow.Schema, parse: Callable[[], Any]) -> Callable[[Any], Any]:
        """Document the JSON body as `arguments(schema)` does, but let `parse` read it (a
        hand-written check for a hot route) and pass its result as `arguments` would."""
        return _documented("json", schema, parse)


def _documented(
    location: str, schema: marshmallow.Schema, parse: Callable[[], Any] | None
) -> Callable[[Any], Any]:
    """What `arguments(schema, location=...)` adds to the docs, with `parse` (if given)
    in place of webargs: its result is the route's argument after `self`."""

    def decorate(func: Any) -> Any:
        apidoc = copy.deepcopy(getattr(func, "_apidoc", {}))
        docs = apidoc.setdefault("arguments", {})
        docs.setdefault("parameters", []).append(
            {"in": location, "required": True, "schema": schema}
        )
        docs.setdefault("responses", {})[422] = http.HTTPStatus(422).name
        if parse is None:  # documentation only: no layer on the request's path
            func._apidoc = apidoc
            return func

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return func(*args, parse(), **kwargs)

        wrapper._apidoc = apidoc  # type: ignore[attr-defined]
        wrapper._parse_body = parse  # type: ignore[attr-defined]  # for `Blueprint.light`
        return wrapper

    return decorate
