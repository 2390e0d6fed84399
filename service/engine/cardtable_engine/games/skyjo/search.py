"""Skyjo's search hooks: a cheap copy of a state, and a state rebuilt from a view with the
hidden cards (face-down grid cards, the discard pile below its top, the draw pile, another
seat's drawn card) dealt at random."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable_engine.games.skyjo.cards import DECK_COUNTS
from cardtable_engine.games.skyjo.grid import REMOVED, Grid
from cardtable_engine.games.skyjo.views import PHASE_NAMES
from cardtable_engine.search import HiddenCards, undealt_from_view

if TYPE_CHECKING:
    from cardtable_engine.games.skyjo.state import SkyjoState

STATE_PHASES = {shown: phase for phase, shown in PHASE_NAMES.items()}


def clone(state: SkyjoState) -> SkyjoState:
    copied = copy.copy(state)
    # Round results and options are never changed once written: they are shared.
    copied.rounds = list(state.rounds)
    copied.grids = [Grid(list(grid.cards), list(grid.face_up)) for grid in state.grids]
    copied.discard = list(state.discard)
    copied.draw_pile = list(state.draw_pile)
    copied.reveals_left = list(state.reveals_left)
    copied.final_lap = list(state.final_lap)
    return copied


def from_view(view: Mapping[str, Any], rng: random.Random) -> SkyjoState:
    from cardtable_engine.games.skyjo.state import SkyjoState

    players = view["players"]
    drawn = view["drawn"]
    state, hidden = undealt_from_view(SkyjoState, view, DECK_COUNTS, _visible_cards(view), rng)
    state.phase = STATE_PHASES[view["phase"]]
    state.rounds = _rounds(view)
    state.grids = [_grid(player["grid"], hidden) for player in players]
    pile = view.get("discard_pile")
    state.discard = (
        list(pile) if pile else [*hidden.take(view["discard_size"] - 1), view["discard_top"]]
    )
    state.draw_pile = hidden.take(view["draw_pile_size"])
    if drawn is not None:
        state.drawn = drawn["card"] if drawn["card"] is not None else hidden.take(1)[0]
    hidden.finish()
    state.reveals_left = [player["reveals_left"] for player in players]
    lap = view["final_lap"]
    state.finisher = None if lap is None else lap["finisher"]
    state.final_lap = [] if lap is None else list(lap["still_to_play"])
    return state


def _visible_cards(view: Mapping[str, Any]) -> list[int]:
    shown = [cell for player in view["players"] for cell in player["grid"] if type(cell) is int]
    shown.extend(view.get("discard_pile") or [view["discard_top"]])
    if view["drawn"] is not None and view["drawn"]["card"] is not None:
        shown.append(view["drawn"]["card"])
    return shown


def _grid(cells: list[Any], hidden: HiddenCards) -> Grid:
    cards: list[int | None] = [
        None if cell == REMOVED else cell if cell is not None else hidden.take(1)[0]
        for cell in cells
    ]
    return Grid(cards=cards, face_up=[cell is not None for cell in cells])


def _rounds(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The completed rounds; only the last one's grids are in the view (earlier ones are
    never read again but to add up scores)."""
    rounds: list[dict[str, Any]] = [
        {**result, "card_totals": list(result["scores"]), "grids": [], "revealed": []}
        for result in view["rounds"]
    ]
    last = view["last_round"]
    if last is not None:
        rounds[-1] = {key: value for key, value in last.items() if key != "finisher_doubled"}
    return rounds
