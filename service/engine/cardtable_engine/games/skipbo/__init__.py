"""Skip-Bo (rules/skipbo.md): the rules object the registry hosts, `RULES`."""

from __future__ import annotations

from cardtable_engine.base import GameRules
from cardtable_engine.games.skipbo.sheet import SHEET
from cardtable_engine.games.skipbo.state import SkipBoState

RULES = GameRules.hosting(SkipBoState, sheet=SHEET)
new_state = SkipBoState.new
replay = SkipBoState.replay

__all__ = ["RULES", "SkipBoState", "new_state", "replay"]
