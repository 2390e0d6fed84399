"""Skip-Bo's search hooks: a cheap copy of a state, and a state rebuilt from a view with the
hidden cards (other hands, stock cards below the tops, the draw pile, the set-aside cards)
dealt at random."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable_engine.games.skipbo.cards import DECK
from cardtable_engine.games.skipbo.table import Table
from cardtable_engine.search import HiddenCards, undealt_from_view

if TYPE_CHECKING:
    from cardtable_engine.games.skipbo.state import SkipBoState


def clone(state: SkipBoState) -> SkipBoState:
    copied = copy.copy(state)
    table = state.table
    # Round results and options are never changed once written: they are shared.
    copied.rounds = list(state.rounds)
    copied.table = Table(
        stocks=[list(pile) for pile in table.stocks],
        hands=[list(hand) for hand in table.hands],
        discards=[[list(pile) for pile in piles] for piles in table.discards],
        building=[list(pile) for pile in table.building],
        draw_pile=list(table.draw_pile),
        set_aside=list(table.set_aside),
    )
    return copied


def from_view(view: Mapping[str, Any], rng: random.Random) -> SkipBoState:
    from cardtable_engine.games.skipbo.state import SkipBoState

    players = view["players"]
    seat = view["seat"]
    state, hidden = undealt_from_view(SkipBoState, view, DECK, _visible_cards(view), rng)
    state.finished = view["finished"]
    state.drawn_turns = view["drawn_turns"]
    # Not shown; a build sets the count to 0, and it matters only when nothing is left to draw.
    state.built_this_turn = state.drawn_turns == 0
    state.rounds = [dict(result) for result in view["rounds"]]
    state.table = Table(
        stocks=[_stock(player, hidden) for player in players],
        hands=[
            list(view["hand"]) if index == seat else hidden.take(player["hand_size"])
            for index, player in enumerate(players)
        ],
        discards=[[list(pile) for pile in player["discard_piles"]] for player in players],
        building=[list(pile["cards"]) for pile in view["building_piles"]],
        draw_pile=hidden.take(view["draw_pile_size"]),
        set_aside=hidden.take(view["set_aside_size"]),
    )
    hidden.finish()
    return state


def _visible_cards(view: Mapping[str, Any]) -> list[int]:
    shown = list(view["hand"] or [])
    for player in view["players"]:
        if player["stock_top"] is not None:
            shown.append(player["stock_top"])
        for pile in player["discard_piles"]:
            shown.extend(pile)
    for pile in view["building_piles"]:
        shown.extend(pile["cards"])
    return shown


def _stock(player: Mapping[str, Any], hidden: HiddenCards) -> list[int]:
    if not player["stock_size"]:
        return []
    return [*hidden.take(player["stock_size"] - 1), player["stock_top"]]
