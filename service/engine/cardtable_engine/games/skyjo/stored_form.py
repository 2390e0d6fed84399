"""Skyjo's stored form, declared as data: the checks of its fields and log entries (read by
the engine's one loader), how they are written and taken over, and the cross-field facts
every reachable state satisfies."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable_engine import turn_limit
from cardtable_engine.checks import (
    Check,
    boolean,
    cards,
    dealt_entries,
    exactly,
    fail,
    integer,
    list_of,
    one_of,
)
from cardtable_engine.games.skyjo.cards import (
    COLS,
    DECK_COUNTS,
    GRID_SIZE,
    HIGHEST_CARD,
    LOWEST_CARD,
    column_positions,
)
from cardtable_engine.games.skyjo.grid import REMOVED, Grid
from cardtable_engine.games.skyjo.scoring import is_game_over, round_scores
from cardtable_engine.options import JSON

if TYPE_CHECKING:
    from cardtable_engine.games.skyjo.state import SkyjoState

PHASES = ("reveal", "play", "over")
CARD_VALUES = frozenset(range(LOWEST_CARD, HIGHEST_CARD + 1))
card = integer(LOWEST_CARD, HIGHEST_CARD)


_GRID = exactly(
    {
        "cards": list_of(integer(LOWEST_CARD, HIGHEST_CARD, nullable=True), GRID_SIZE),
        "face_up": list_of(boolean, GRID_SIZE),
    }
)
FIELD_KEYS = (
    "round",
    "phase",
    "grids",
    "discard",
    "draw_pile",
    "reveals_left",
    "current",
    "drawn",
    "finisher",
    "final_lap",
    "rounds",
)
"""The keys of `state_fields`, in order."""


def _grid(value: Any, name: str) -> Grid:
    checked = _GRID(value, name)
    grid = Grid(cards=checked["cards"], face_up=checked["face_up"])
    for col in range(COLS):
        column = [grid.cards[index] for index in column_positions(col)]
        if None in column:
            if column != [None, None, None]:
                fail(name, "may remove only whole columns")
            if not all(grid.face_up[index] for index in column_positions(col)):
                fail(name, "has removed positions that are not face up")
        elif grid.complete_column(col) is not None:
            fail(name, f"has column {col} complete; it should have been removed")
    return grid


def _cell(value: Any, name: str) -> Any:
    if value != REMOVED and (type(value) is not int or value not in CARD_VALUES):
        fail(name, f"must be a card or {REMOVED!r}")
    return value


def _round_result(n: int, penalty: bool) -> Check:
    fields = exactly(
        {
            "round": integer(1),
            "scores": list_of(integer(), n),
            "finisher": integer(0, n - 1),
            "card_totals": list_of(integer(), n),
            "grids": list_of(list_of(_cell, GRID_SIZE), n),
            "revealed": list_of(list_of(integer(0, GRID_SIZE - 1)), n),
        }
    )

    def check(value: Any, name: str) -> dict[str, Any]:
        result: dict[str, Any] = fields(value, name)
        if result["scores"] != round_scores(
            result["card_totals"], result["finisher"], finisher_penalty=penalty
        ):
            fail(name, "has scores that do not follow from its card totals")
        sums = [sum(c for c in cells if c != REMOVED) for cells in result["grids"]]
        if sums != result["card_totals"]:
            fail(name, "has grids that do not add up to its card totals")
        return result

    return check


def state_fields(n: int, options: Mapping[str, JSON]) -> dict[str, Check]:
    seat = integer(0, n - 1)
    return {
        "round": integer(1),
        "phase": one_of(*PHASES),
        "grids": list_of(_grid, n),
        "discard": cards(CARD_VALUES),
        "draw_pile": cards(CARD_VALUES),
        "reveals_left": list_of(integer(0, options["initial_reveals"]), n),
        "current": integer(0, n - 1, nullable=True),
        "drawn": integer(LOWEST_CARD, HIGHEST_CARD, nullable=True),
        "finisher": integer(0, n - 1, nullable=True),
        "final_lap": list_of(seat),
        "rounds": list_of(_round_result(n, options["finisher_penalty"])),
        **turn_limit.field_check(options, n),
    }


def log_entries(n: int) -> dict[str, Check]:
    deal = {"grids": list_of(cards(CARD_VALUES, GRID_SIZE), n), "discard": card}
    return dealt_entries({**deal, "draw_pile": cards(CARD_VALUES)}, cards(CARD_VALUES))


def order_of(entry: Mapping[str, Any]) -> list[int]:
    """The deck order of a deal (grids, discard, draw pile) or the order of a reshuffle."""
    if entry["type"] == "reshuffle":
        return list(entry["draw_pile"])
    return [c for grid in entry["grids"] for c in grid] + [entry["discard"], *entry["draw_pile"]]


def dump_fields(state: SkyjoState) -> dict[str, JSON]:
    return {
        "round": state.round,
        "phase": state.phase,
        "grids": [{"cards": list(g.cards), "face_up": list(g.face_up)} for g in state.grids],
        # Every pile is written top first, like the record's deal entries.
        "discard": state.discard[::-1],
        "draw_pile": state.draw_pile[::-1],
        "reveals_left": list(state.reveals_left),
        "current": state.current,
        "drawn": state.drawn,
        "finisher": state.finisher,
        "final_lap": list(state.final_lap),
        "rounds": [copy_round(result) for result in state.rounds],
        **turn_limit.dump(state.options, state.turns),
    }


def copy_round(result: Mapping[str, Any]) -> dict[str, JSON]:
    return {
        "round": result["round"],
        "scores": list(result["scores"]),
        "finisher": result["finisher"],
        "card_totals": list(result["card_totals"]),
        "grids": [list(cells) for cells in result["grids"]],
        "revealed": [list(positions) for positions in result["revealed"]],
    }


def trusted_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """`state_fields`' values of a snapshot this release wrote, unchecked (loader.load)."""
    fields = {key: data[key] for key in FIELD_KEYS} | turn_limit.trusted(data)
    fields["grids"] = [Grid(cards=grid["cards"], face_up=grid["face_up"]) for grid in data["grids"]]
    return fields


def restore(state: SkyjoState, fields: dict[str, Any]) -> None:
    for key in ("round", "phase", "grids", "reveals_left", "current", "drawn", "finisher"):
        setattr(state, key, fields[key])
    state.discard = fields["discard"][::-1]
    state.draw_pile = fields["draw_pile"][::-1]
    state.final_lap = fields["final_lap"]
    state.rounds = fields["rounds"]
    state.turns = turn_limit.restored(fields)


def check_consistency(state: SkyjoState) -> None:
    """The cross-field facts every reachable state satisfies."""
    if state.card_counts() != DECK_COUNTS:
        fail("the state", "does not hold exactly the 150-card deck in all its zones")
    if not state.discard:
        fail("the discard pile", "is never empty")
    if [result["round"] for result in state.rounds] != list(range(1, len(state.rounds) + 1)):
        fail("rounds", "must be numbered 1, 2, ... in order")
    options = state.options
    ended = is_game_over(
        state.totals(), len(state.rounds), options["end_score"], options["max_rounds"]
    )
    if state.phase == "over":
        _check_over(state, ended)
        return
    if ended or len(state.rounds) != state.round - 1:
        fail("rounds", "must list every completed round before the current one")
    if state.phase == "reveal":
        _check_reveals(state)
    else:
        _check_play(state)


def _nobody_acts(state: SkyjoState) -> bool:
    return state.current is None and state.drawn is None and state.finisher is None


def _check_over(state: SkyjoState, ended: bool) -> None:
    if not ended or len(state.rounds) != state.round:
        fail("a finished game", "ends with its last round scored")
    if not _nobody_acts(state) or state.final_lap:
        fail("a finished game", "has no current seat, drawn card, finisher or final lap")
    if any(grid.face_down_count() for grid in state.grids):
        fail("a finished game", "has every card revealed")


def _check_reveals(state: SkyjoState) -> None:
    if not any(state.reveals_left):
        fail("the setup reveals", "are over once nobody has reveals left")
    if not _nobody_acts(state) or state.final_lap:
        fail("the setup reveals", "have no turn, drawn card, finisher or final lap")
    for seat, grid in enumerate(state.grids):
        revealed = state.options["initial_reveals"] - state.reveals_left[seat]
        if GRID_SIZE - grid.face_down_count() != revealed:
            fail(f"seat {seat}'s grid", "has face-up cards that do not match its reveals left")


def _check_play(state: SkyjoState) -> None:
    if any(state.reveals_left):
        fail("reveals_left", "are all 0 once turns have begun")
    if state.current is None:
        fail("current", "names the seat whose turn it is")
    for seat in state.final_lap:
        if state.grids[seat].face_down_count() == 0:
            fail(f"seat {seat}", "has no face-down card yet still has its last turn")
    if state.finisher is None:
        if state.final_lap:
            fail("final_lap", "is empty before someone finishes")
        if any(grid.face_down_count() == 0 for grid in state.grids):
            fail("a seat with no face-down card", "would be the finisher")
        return
    n = state.n_players
    expected = [(state.finisher + step) % n for step in range(1, n)]
    lap = state.final_lap
    if not lap or lap != expected[len(expected) - len(lap) :] or state.current != lap[0]:
        fail("the final lap", "lists the seats after the finisher still to play, current first")
    if state.grids[state.finisher].face_down_count():
        fail("the finisher", "has no face-down card left")
