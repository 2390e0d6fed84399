"""Skip-Bo: players build shared piles from 1 to 12 out of their hands, discard piles and
stocks (Skip-Bo cards are wild); the first side to empty its stock wins the round and
scores for the cards left in the others' stocks. Played to a target score, alone or in
teams. The whole rules, with every choice made where the published rules are silent:
[the rules reference](../rules.md#skip-bo-2-to-6-players).

Its folder, `service/engine/cardtable_engine/games/skipbo/`, is the whole game: the registry
finds its `RULES` there, and this page is written from it."""

from __future__ import annotations

from cardtable_engine.base import GameRules
from cardtable_engine.games.skipbo.sheet import SHEET
from cardtable_engine.games.skipbo.state import SkipBoState

RULES = GameRules.hosting(SkipBoState, sheet=SHEET)
new_state = SkipBoState.new
replay = SkipBoState.replay

__all__ = ["RULES", "SkipBoState", "new_state", "replay"]
