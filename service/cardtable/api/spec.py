"""How the API describes itself: flask-smorest's settings, the components routes refer to
by name, and the bundled Swagger UI at /docs (and /docs/)."""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

import swagger_ui_bundle
from flask import Flask, redirect, send_from_directory
from flask_smorest import Api

from cardtable.api.schemas import derived
from cardtable.api.schemas.base import ErrorSchema
from cardtable.api.schemas.common import OPEN_SEAT, AppliedMoveSchema, PlayerRequestSchema
from cardtable.api.schemas.scoresheets import ScoresheetRoundRequestSchema
from cardtable.api.schemas.tables import WaitingViewSchema
from cardtable.api.schemas.views import ServedViewSchema
from cardtable.config import Settings
from cardtable_engine.registry import GAMES

API_DESCRIPTION = """\
Cardtable plays Skyjo and Skip-Bo by their published rules. Create a game with
`POST /games`, keep the per-seat tokens it returns, and send them as
`Authorization: Bearer <token>` to act as that seat. Without a token you are a spectator.
Every view and move answer carries `version`; `GET /games/{id}` sends it as the ETag.
All errors share one body: `{"code", "message", "status", "details"}`.
"""
DOCS_PATH = "/docs"


class CardtableApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, documenting our one error body for every error response."""

    ERROR_SCHEMA = ErrorSchema


def api_config(settings: Settings) -> dict[str, Any]:
    """The Flask settings of the API and of its OpenAPI document."""
    bearer = {
        "type": "http",
        "scheme": "bearer",
        "description": "A seat's token from POST /games, or a score"
        " sheet's edit token from POST /scoresheets.",
    }
    return {
        "API_TITLE": "Cardtable",
        "API_VERSION": version("cardtable"),
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": "/",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": DOCS_PATH,
        "OPENAPI_SWAGGER_UI_URL": f"{DOCS_PATH}/assets/",
        "MAX_CONTENT_LENGTH": settings.max_body_bytes,
        "JSON_SORT_KEYS": False,
        "API_SPEC_OPTIONS": {
            "info": {"description": API_DESCRIPTION},
            "components": {"securitySchemes": {"bearerAuth": bearer}},
        },
    }


def register_docs(app: Flask) -> None:
    """Serve Swagger UI's files from the bundled package (works offline); `/docs/` leads to
    `/docs`, where flask-smorest serves the page."""

    @app.get(f"{DOCS_PATH}/assets/<path:filename>")
    def _swagger_assets(filename: str) -> Any:
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename, max_age=86400)

    @app.get(f"{DOCS_PATH}/")
    def _docs_with_slash() -> Any:
        return redirect(DOCS_PATH, code=308)


def register_components(api: Api) -> None:
    """Schemas the routes reference by name: views differ per game, so a view is a oneOf;
    moves, log entries and rounds are derived from each game's declarations."""
    spec = api.spec
    seat_kinds(api)
    sheet_rounds(api)
    served = api.ma_plugin.converter.schema2jsonschema(ServedViewSchema)
    for name, component in derived.components(served=served).items():
        spec.components.schema(name, component)
    spec.components.schema("AppliedMove", schema=AppliedMoveSchema)
    # A game waiting for players has its own view (phase "waiting", no engine fields), so
    # `game` no longer tells the views apart: `phase` and the required fields do.
    spec.components.schema("WaitingView", schema=WaitingViewSchema)
    views = [f"{derived.title(rules)}View" for rules in GAMES.values()]
    spec.components.schema(
        "GameView", {"oneOf": [derived.ref(name) for name in [*views, "WaitingView"]]}
    )
    spec.components.schema("MoveResult", MOVE_RESULT)


def seat_kinds(api: Api) -> None:
    """A player entry as the server takes it: a named seat (a player, or a server bot) or an
    open one, each with only its own fields. One request schema loads both (the service
    checks the combination), so the spec's `PlayerRequest` is made the `oneOf` here."""
    spec = api.spec
    spec.components.schema("PlayerRequest", schema=PlayerRequestSchema)
    loaded = spec.components.schemas["PlayerRequest"]
    named = {
        **loaded,
        "description": "A named seat: a player, or a server bot.",
        "required": ["name"],
        "properties": {k: v for k, v in loaded["properties"].items() if k != "open"},
    }
    spec.components.schema("NamedSeatRequest", named)
    spec.components.schema("OpenSeatRequest", OPEN_SEAT)
    loaded.clear()
    loaded["oneOf"] = [derived.ref("NamedSeatRequest"), derived.ref("OpenSeatRequest")]


def sheet_rounds(api: Api) -> None:
    """A score sheet's round as the hosted games' sheet rules declare its fields (the
    request schema passes them on to the rules, which check them): no other field."""
    api.spec.components.schema("ScoresheetRoundRequest", schema=ScoresheetRoundRequestSchema)
    loaded = api.spec.components.schemas["ScoresheetRoundRequest"]
    declared: dict[str, Any] = {}
    for rules in GAMES.values():
        if rules.sheet is not None:
            for name, schema in rules.sheet.round_fields.items():
                declared.setdefault(name, dict(schema))
    loaded["properties"] = declared
    loaded["additionalProperties"] = False


MOVE_RESULT = {
    "type": "object",
    "required": ["version", "seat", "applied", "view"],
    "properties": {
        "version": {"type": "integer", "description": "The game's version now."},
        "seat": {"type": "integer", "description": "The seat that moved."},
        "applied": {
            "type": "array",
            "description": "Your move, then each server-bot move it triggered.",
            "items": {"$ref": "#/components/schemas/AppliedMove"},
        },
        "view": {"$ref": "#/components/schemas/GameView"},
    },
}
