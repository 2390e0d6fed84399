"""Skyjo (rules/skyjo.md): the rules object the registry hosts, `RULES`."""

from __future__ import annotations

from cardtable.engine.base import GameRules
from cardtable.engine.skyjo.info import INFO
from cardtable.engine.skyjo.state import SkyjoState

RULES = GameRules(info=INFO, state_class=SkyjoState)
new_state = SkyjoState.new
replay = SkyjoState.replay

__all__ = ["INFO", "RULES", "SkyjoState", "new_state", "replay"]
