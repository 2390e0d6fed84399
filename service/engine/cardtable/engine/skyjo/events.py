"""What a Skyjo event shows beyond the generic ones (cardtable.engine.events): the cells a
move changed, the discard's top, the card the viewer drew, a final lap begun; each read
from the viewer's own views just before and just after, so nothing hidden can show."""

from __future__ import annotations

from typing import Any

from cardtable.engine.base import JSON
from cardtable.engine.skyjo.cards import COLS

View = dict[str, Any]


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
