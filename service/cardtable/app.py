"""The app factory: settings → Redis → stores → services → flask-smorest API, wired once."""

from __future__ import annotations

import logging
from typing import Any

import swagger_ui_bundle
from flask import Flask, request, send_from_directory
from flask.typing import ResponseReturnValue
from flask_cors import CORS
from flask_smorest import Api

from cardtable import __version__
from cardtable.api import catalog_routes, game_routes, metrics, ops_routes, scoresheet_routes
from cardtable.api.errors import ApiError, register_error_handlers
from cardtable.api.limits import install_limits
from cardtable.api.schemas.common import AppliedMoveSchema, ErrorSchema
from cardtable.api.schemas.views import SkipBoGameViewSchema, SkyjoGameViewSchema
from cardtable.api.store_errors import register_store_errors
from cardtable.api.strict_input import install_strict_input
from cardtable.api.wiring import Wiring
from cardtable.config import Settings
from cardtable.games import GameService
from cardtable.scoresheets import ScoreSheetService
from cardtable.store import DocumentStore, RedisClient, connect

API_DESCRIPTION = """\
Cardtable plays Skyjo and Skip-Bo by their published rules. Create a game with
`POST /games`, keep the per-seat tokens it returns, and send them as
`Authorization: Bearer <token>` to act as that seat. Without a token you are a spectator.
Every view and move answer carries `version`; `GET /games/{id}` sends it as the ETag.
All errors share one body: `{"code", "message", "status", "details"}`.
"""

# Placeholder URL for building the app without a Redis server (e.g. to write openapi.yaml):
# redis-py connects lazily, so nothing is contacted until a request needs the store.
OFFLINE_REDIS_URL = "redis://127.0.0.1:1/0"


class CardtableApi(Api):  # type: ignore[misc]
    """flask-smorest's Api, documenting our one error body for every error response."""

    ERROR_SCHEMA = ErrorSchema


def create_app(settings: Settings | None = None, redis_client: RedisClient | None = None) -> Flask:
    settings = settings or Settings.from_env()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s %(message)s"
    )
    app = Flask("cardtable")
    app.config.update(
        API_TITLE="Cardtable",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL="/docs/assets/",
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        JSON_SORT_KEYS=False,
        API_SPEC_OPTIONS={
            "info": {"description": API_DESCRIPTION},
            "components": {
                "securitySchemes": {
                    "bearerAuth": {
                        "type": "http",
                        "scheme": "bearer",
                        "description": "A seat's token from POST /games, or a score"
                        " sheet's edit token from POST /scoresheets.",
                    }
                }
            },
        },
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]

    redis_client = (
        redis_client
        if redis_client is not None
        else connect(
            settings if settings.redis_url else settings.with_overrides(redis_url=OFFLINE_REDIS_URL)
        )
    )
    game_store = DocumentStore(
        redis_client,
        "game",
        prefix=settings.key_prefix,
        ttl_seconds=settings.game_ttl_seconds,
        finished_ttl_seconds=settings.finished_ttl_seconds,
    )
    games = GameService(
        game_store,
        on_moves=metrics.record_moves,
        on_created=metrics.record_created,
        long_poll_slots=settings.long_poll_slots,
        bot_budget_seconds=settings.bot_budget_seconds,
        bot_moves_per_request=settings.bot_moves_per_request,
    )
    # Sheets expire like games: idle sheets after the game TTL, finished ones after the
    # finished-game retention.
    sheet_store = DocumentStore(
        redis_client,
        "sheet",
        prefix=settings.key_prefix,
        ttl_seconds=settings.game_ttl_seconds,
        finished_ttl_seconds=settings.finished_ttl_seconds,
    )
    sheets = ScoreSheetService(sheet_store)
    app.extensions["cardtable"] = Wiring(settings, redis_client, game_store, games, sheets)

    api = CardtableApi(app)
    _register_components(api)
    for blueprint in (
        game_routes.blp,
        scoresheet_routes.blp,
        catalog_routes.blp,
        ops_routes.blp,
    ):
        api.register_blueprint(blueprint)
    register_error_handlers(app)
    register_store_errors(app)
    install_strict_input(app)
    install_limits(app, settings)
    metrics.instrument(app)
    if settings.cors_origins:
        CORS(
            app,
            origins=list(settings.cors_origins),
            expose_headers=["ETag", "Retry-After", "Idempotent-Replayed"],
            allow_headers=[
                "Authorization",
                "Content-Type",
                "If-Match",
                "If-None-Match",
                "Idempotency-Key",
            ],
        )

    @app.before_request
    def _require_json_body() -> ResponseReturnValue | None:
        if request.method in {"POST", "PUT", "PATCH"} and not request.is_json:
            raise ApiError(
                415, "unsupported_media_type", "send the body as JSON (application/json)"
            )
        return None

    @app.get("/docs/assets/<path:filename>")
    def _swagger_assets(filename: str) -> Any:
        return send_from_directory(swagger_ui_bundle.swagger_ui_path, filename, max_age=86400)

    return app


def _register_components(api: Api) -> None:
    """Schemas the routes reference by name: views differ per game, so a view is a oneOf."""
    spec = api.spec
    spec.components.schema("SkyjoView", schema=SkyjoGameViewSchema)
    spec.components.schema("SkipBoView", schema=SkipBoGameViewSchema)
    spec.components.schema("AppliedMove", schema=AppliedMoveSchema)
    spec.components.schema(
        "GameView",
        {
            "oneOf": [
                {"$ref": "#/components/schemas/SkyjoView"},
                {"$ref": "#/components/schemas/SkipBoView"},
            ],
            "discriminator": {
                "propertyName": "game",
                "mapping": {
                    "skyjo": "#/components/schemas/SkyjoView",
                    "skipbo": "#/components/schemas/SkipBoView",
                },
            },
        },
    )
    spec.components.schema(
        "MoveResult",
        {
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
        },
    )
