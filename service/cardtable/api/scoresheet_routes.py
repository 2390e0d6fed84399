"""The score-sheets resource: create a sheet, enter rounds, read it, correct the last round."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, url_for
from flask.views import MethodView
from marshmallow import fields, validate

from cardtable.api.blueprint import Blueprint
from cardtable.api.idempotency_header import (
    REPLAYED,
    IdempotencyKeyHeaderSchema,
    SecretIdempotencyKeyHeaderSchema,
    holder,
    idempotency_key,
    ids_secret,
    keyed,
)
from cardtable.api.links import CREATED_SHEET
from cardtable.api.requests import (
    bearer_token,
    if_match_version,
    if_none_match_versions,
    version_tag,
    wiring,
)
from cardtable.api.schemas.base import StrictSchema
from cardtable.api.schemas.scoresheets import (
    CreatedScoresheetSchema,
    CreateScoresheetRequestSchema,
    ScoresheetRoundRequestSchema,
    ScoresheetSchema,
)
from cardtable.games.idempotency import sheet_id_for
from cardtable.sheets.service import EditTerms, Recorder, Sheet
from cardtable.store.documents import Record

Answer = tuple[dict[str, Any], int, dict[str, str]]
Edit = Callable[[str | None, EditTerms], Sheet]
"""One edit of a sheet, given the edit token and the terms it is made under."""

blp = Blueprint(
    "scoresheets",
    __name__,
    url_prefix="/scoresheets",
    description="Score sheets for tables that play with real cards: enter each round's "
    "result and get the counted scores, running totals, standings and winners.",
    error_text={
        304: "Not modified: the sheet is still at the version named by If-None-Match.",
        401: "Missing or invalid edit token (`token_required`, `invalid_token`).",
        404: "Unknown or expired sheet (`not_found`).",
        409: "Conflict: `sheet_finished` (the game is over; correct the last round instead), "
        "`no_rounds` (nothing to replace or delete), `too_many_rounds`, `version_conflict` "
        "(another edit got in first; read the sheet again).",
        422: "Not acceptable: `validation_error` (unknown, missing or mistyped field, e.g. a "
        "`finisher` on a Skip-Bo sheet), `invalid_round` (wrong number of entries, a value "
        "out of range, a winner with cards left), `invalid_seat`, `invalid_options`, "
        "`invalid_players`, `unknown_game`.",
    },
)

EDIT_TOKEN: list[dict[str, list[str]]] = [{"bearerAuth": []}]
VERSION_HEADER = {
    "ETag": {"description": 'The sheet\'s version, quoted: "3".', "schema": {"type": "string"}}
}


def _round_edit(operation_id: str, status: int = 200) -> Callable[[Any], Any]:
    """What entering and replacing a round declare alike: the edit token, a round in the
    body, the sheet in the answer, and the statuses of a refused edit."""
    arguments = blp.arguments(ScoresheetRoundRequestSchema())
    key = blp.headers(IdempotencyKeyHeaderSchema())
    errors = (400, 401, 404, 409, 412, 413, 415, 422, 503)
    answer = blp.response(status, ScoresheetSchema, headers=VERSION_HEADER, errors=errors)
    doc = blp.doc(operationId=operation_id, security=EDIT_TOKEN)
    return lambda func: doc(arguments(key(answer(func))))


def _answer(sheet: Sheet, status: int = 200) -> Answer:
    headers = {"ETag": version_tag(sheet.version)}
    if status == 201:
        headers["Location"] = url_for("scoresheets.ScoresheetView", sheet_id=sheet.sheet_id)
    return sheet.to_public(), status, headers


def _replayed(answer: Answer) -> Answer:
    body, status, headers = answer
    return body, status, {**headers, **REPLAYED}


def _edited(sheet_id: str, operation: str, body: Any, edit: Edit, status: int) -> Answer:
    """The answer of an edit by the bearer token's holder, under the request's If-Match,
    made at most once per Idempotency-Key (and edit token). The record keeps only the
    version the edit made: its replay answers the sheet as it is now (as a move's replay
    answers the game as it is now), marked as a replay."""
    token, if_match = bearer_token(), if_match_version()

    def edit_with(record: Recorder) -> Sheet:
        return edit(token, {"if_match": if_match, "record": record})

    key = idempotency_key()
    if key is None:
        return _answer(edit_with(None), status)
    idem = keyed(key, f"edit:{holder(token)}", {"edit": operation, "round": body})
    sheets = wiring().sheets
    edited, _ = idem.once(
        sheets.store, sheet_id, "edit", edit_with, lambda result: {"version": result[0].version}
    )
    if edited is not None:
        return _answer(edited, status)
    return _replayed(_answer(sheets.load(sheet_id), status))


@blp.route("")
class Scoresheets(MethodView):
    @blp.doc(operationId="create_scoresheet", security=[], responses=CREATED_SHEET)
    @blp.arguments(CreateScoresheetRequestSchema())
    @blp.headers(SecretIdempotencyKeyHeaderSchema())
    @blp.response(
        201, CreatedScoresheetSchema, headers=VERSION_HEADER, errors=(400, 413, 415, 422, 503)
    )
    def post(self, body: dict[str, Any]) -> Any:
        """Start a score sheet for a game played with real cards.

        The answer holds the sheet's `id` (anyone with it may read the sheet) and its
        `edit_token` (needed to enter or correct rounds; shown only here, and in the
        replay of this answer to the same Idempotency-Key).
        """
        sheets, key = wiring().sheets, idempotency_key(grants_secrets=True)
        sheet_id = sheet_id_for(key, ids_secret()) if key else None

        def create(record: Callable[..., Record] | None = None) -> tuple[Sheet, str]:
            return sheets.create(
                body["game"], body["players"], body["options"], sheet_id=sheet_id, record=record
            )

        if key is None or sheet_id is None:
            return _created(*create())
        created, replay = keyed(key, "create", body, grants_secrets=True).once(
            sheets.store, sheet_id, "create", create, lambda r: {"edit_token": r[1]}
        )
        if created is not None:
            return _created(*created)
        # The sheet as it is now, with the token the first answer gave.
        return _replayed(_created(sheets.load(sheet_id), replay["edit_token"]))


def _created(sheet: Sheet, token: str) -> Answer:
    public, status, headers = _answer(sheet, 201)
    return {**public, "edit_token": token}, status, headers


class SheetQuerySchema(StrictSchema):
    wait = fields.Float(
        validate=validate.Range(0, 30),
        load_default=0,
        metadata={
            "description": "With If-None-Match naming the current version: wait up to this "
            "many seconds for a change before answering 304."
        },
    )


@blp.route("/<string:sheet_id>")
class ScoresheetView(MethodView):
    @blp.doc(operationId="get_scoresheet", security=[])
    @blp.arguments(SheetQuerySchema(), location="query", as_kwargs=True)
    @blp.response(200, ScoresheetSchema, headers=VERSION_HEADER, errors=(304, 400, 404, 503))
    def get(self, sheet_id: str, wait: float = 0) -> Any:
        """Read a sheet: every round as entered and as counted, running totals, standings
        with shared ranks, whether the game is over and the winners.

        Send If-None-Match with the last ETag to get 304 while nothing changed; with
        `wait`, a long-poll: the answer waits up to that long for a change (another phone
        entering a round) before the 304.
        """
        service = wiring().sheets
        known = if_none_match_versions()
        if known:
            current = service.current_version(sheet_id)
            if current in known and wait:
                current = wiring().hub.wait_for_change(
                    f"sheet:{sheet_id}", current, wait, lambda: service.current_version(sheet_id)
                )
            if current in known:
                response = Response(status=304)
                response.headers["ETag"] = version_tag(current)
                return response
        return _answer(service.load(sheet_id))


@blp.route("/<string:sheet_id>/rounds")
class ScoresheetRounds(MethodView):
    @_round_edit("add_scoresheet_round", 201)
    def post(self, body: dict[str, Any], sheet_id: str) -> Any:
        """Enter the next round. Skyjo: `card_totals` and `finisher`; Skip-Bo: `winner`
        and `stocks_left`. Answers with the whole sheet.

        With If-Match, the round is entered only if the sheet is still at that version.
        """

        def add(token: str | None, terms: EditTerms) -> Sheet:
            return wiring().sheets.add_round(sheet_id, token, body, **terms)

        return _edited(sheet_id, "add", body, add, 201)


@blp.route("/<string:sheet_id>/rounds/last")
class ScoresheetLastRound(MethodView):
    @_round_edit("replace_last_scoresheet_round")
    def put(self, body: dict[str, Any], sheet_id: str) -> Any:
        """Correct the last round: replace it with this one (the game may end or resume)."""

        def replace(token: str | None, terms: EditTerms) -> Sheet:
            return wiring().sheets.replace_last_round(sheet_id, token, body, **terms)

        return _edited(sheet_id, "replace", body, replace, 200)

    @blp.doc(operationId="delete_last_scoresheet_round", security=EDIT_TOKEN)
    @blp.headers(IdempotencyKeyHeaderSchema())
    @blp.response(
        200, ScoresheetSchema, headers=VERSION_HEADER, errors=(400, 401, 404, 409, 412, 503)
    )
    def delete(self, sheet_id: str) -> Any:
        """Delete the last round (a finished game resumes when it no longer ends)."""

        def delete(token: str | None, terms: EditTerms) -> Sheet:
            return wiring().sheets.delete_last_round(sheet_id, token, **terms)

        return _edited(sheet_id, "delete", None, delete, 200)
