"""Discovery: the games this server hosts, with player counts, options and bots, so a
frontend can build its "new game" form without hard-coding anything."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from cardtable.api.blueprint import Blueprint
from cardtable.api.schemas.common import GameTypesSchema
from cardtable.games.live_table import TABLE_SETTINGS
from cardtable_engine.registry import GAMES

blp = Blueprint(
    "catalog", __name__, url_prefix="/game-types", description="The games this server hosts."
)


@blp.route("")
class GameTypes(MethodView):
    @blp.doc(operationId="list_game_types", security=[])
    @blp.response(200, GameTypesSchema)
    def get(self) -> Any:
        """List hosted games: player counts, every option (type, default, allowed values),
        server bots and move types; and the table settings every game takes (`turn_seconds`,
        `public`), which are not rules options."""
        return {
            "games": [rules.describe() for rules in GAMES.values()],
            "table_settings": TABLE_SETTINGS,
        }
