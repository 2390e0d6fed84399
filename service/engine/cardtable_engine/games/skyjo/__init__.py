"""Skyjo (rules/skyjo.md): the rules object the registry hosts, `RULES`."""

from __future__ import annotations

from cardtable_engine.base import GameRules
from cardtable_engine.games.skyjo.sheet import SHEET
from cardtable_engine.games.skyjo.state import SkyjoState

RULES = GameRules.hosting(SkyjoState, sheet=SHEET)
new_state = SkyjoState.new
replay = SkyjoState.replay

__all__ = ["RULES", "SkyjoState", "new_state", "replay"]
