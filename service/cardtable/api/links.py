"""OpenAPI links from a created resource to what can be done with it next, so that clients
(and schemathesis's stateful phase) can follow a game or a sheet from its creation."""

from __future__ import annotations

from typing import Any


def _links(parameter: str, *operations: str) -> dict[str, Any]:
    return {
        operation: {
            "operationId": operation,
            "parameters": {parameter: "$response.body#/id"},
        }
        for operation in operations
    }


GAME_LINKS = _links(
    "game_id", "get_game", "get_legal_moves", "apply_move", "get_score", "get_record"
)
SHEET_LINKS = _links(
    "sheet_id",
    "get_scoresheet",
    "add_scoresheet_round",
    "replace_last_scoresheet_round",
    "delete_last_scoresheet_round",
)

CREATED_GAME = {201: {"links": GAME_LINKS}}  # int: merged into the route's own 201
CREATED_SHEET = {201: {"links": SHEET_LINKS}}
