"""What a Skyjo event shows beyond the generic ones (cardtable_engine.events): the cells a
move changed, the discard's top, the card the viewer drew, a final lap begun; each read
from the viewer's own views just before and just after, so nothing hidden can show."""

from __future__ import annotations

from typing import Any

from cardtable_engine import view_fields
from cardtable_engine.base import JSON
from cardtable_engine.games.skyjo.cards import COLS, ROWS
from cardtable_engine.games.skyjo.views import REMOVED, VIEW_FIELDS, card_schema

View = dict[str, Any]

MOVE_FIELDS: dict[str, view_fields.Schema] = {
    "cells": view_fields.list_of(
        view_fields.record(
            {
                "seat": view_fields.seat(),
                "row": view_fields.integer(0, ROWS - 1),
                "col": view_fields.integer(0, COLS - 1),
                "card": {"oneOf": [card_schema(), {"type": "string", "enum": [REMOVED]}]},
            }
        ),
        "Skyjo: every grid cell that changed (the value now face up, or removed with its"
        " column); left out when the move ends the round.",
    ),
    "discard_top": card_schema("Skyjo: the discard pile's top card."),
    "draw_pile_size": view_fields.integer(0, description="Cards left to draw."),
    "drawn": card_schema("Skyjo, own: the card this seat just drew."),
    "final_lap": view_fields.part("FinalLap", "Skyjo: set by the move that began a final lap."),
}
"""The fields a Skyjo `move` event may carry beyond the shared ones (openapi.yaml's
`MoveEvent` is derived from them)."""

DEAL_FIELDS: dict[str, view_fields.Schema] = {
    "discard_top": VIEW_FIELDS["discard_top"],
    "draw_pile_size": VIEW_FIELDS["draw_pile_size"],
}
"""The fields of a Skyjo `deal` event beyond the shared ones."""


def move_consequences(
    entry: dict[str, JSON], before: View, after: View, new_round: bool
) -> dict[str, JSON]:
    """Cells that changed (a value now face up, or "removed"), the discard's top, the card
    the viewer drew (only when the viewer's own view shows it) and a final lap begun."""
    found: dict[str, JSON] = {}
    if not new_round:
        found["cells"] = [
            {"seat": player["seat"], "row": index // COLS, "col": index % COLS, "card": cell}
            for player, old in zip(after["players"], before["players"], strict=True)
            for index, (cell, was) in enumerate(zip(player["grid"], old["grid"], strict=True))
            if cell != was
        ]
        found["discard_top"] = after["discard_top"]
        found["draw_pile_size"] = after["draw_pile_size"]
    drawn = after.get("drawn")
    if drawn and drawn.get("card") is not None and drawn != before.get("drawn"):
        found["drawn"] = drawn["card"]
    if after.get("final_lap") and not before.get("final_lap"):
        found["final_lap"] = after["final_lap"]
    return found


def deal_fields(after: View) -> dict[str, JSON]:
    """A new round's public start."""
    return {"discard_top": after["discard_top"], "draw_pile_size": after["draw_pile_size"]}
