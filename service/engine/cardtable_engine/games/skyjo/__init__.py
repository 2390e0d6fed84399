"""Skyjo: each player holds a face-down grid of 12 cards (3 rows by 4 columns) and lowers
its sum by drawing, exchanging and revealing cards; three equal face-up cards in a column
are discarded. A round ends one lap after someone's grid is all face up (that finisher's
positive score is doubled unless strictly lowest); the game ends when a total reaches the
end score, and the lowest total wins. The whole rules, with every choice made where the
published rules are silent: [the rules reference](../rules.md#skyjo-2-to-8-players).

Its folder, `service/engine/cardtable_engine/games/skyjo/`, is the whole game: the registry
finds its `RULES` there, and this page is written from it."""

from __future__ import annotations

from cardtable_engine.base import GameRules
from cardtable_engine.games.skyjo.sheet import SHEET
from cardtable_engine.games.skyjo.state import SkyjoState

RULES = GameRules.hosting(SkyjoState, sheet=SHEET)
new_state = SkyjoState.new
replay = SkyjoState.replay

__all__ = ["RULES", "SkyjoState", "new_state", "replay"]
