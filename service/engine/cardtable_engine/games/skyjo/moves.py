"""Skyjo's moves: their shapes, which are legal for a seat now, and what each one does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable_engine.errors import IllegalMove, Move
from cardtable_engine.games.skyjo.cards import COLS, GRID_SIZE, ROWS, position, row_col
from cardtable_engine.games.skyjo.rounds import begin_turns, end_turn, refill_draw_pile
from cardtable_engine.shapes import MoveShape, integer_field

if TYPE_CHECKING:
    from cardtable_engine.games.skyjo.state import SkyjoState

_POSITION = (
    integer_field("row", 0, ROWS - 1, "The grid's row, 0..2."),
    integer_field("col", 0, COLS - 1, "The grid's column, 0..3."),
)
MOVES = (
    MoveShape("reveal", _POSITION, "Setup: turn one of your face-down cards face up."),
    MoveShape("take_discard", _POSITION, "Take the discard's top card into this position."),
    MoveShape("draw", (), "Draw the draw pile's top card (then replace or discard it)."),
    MoveShape("replace", _POSITION, "Put the drawn card into this position."),
    MoveShape("discard_and_reveal", _POSITION, "Discard the drawn card, reveal this one."),
)
"""Every Skyjo move's shape (rules/skyjo.md), in MOVE_TYPES order: the API's schemas and
the stored move log are derived from it."""

STEP_MOVES: dict[str, tuple[str, ...]] = {
    "reveal": ("reveal",),
    "choose": ("take_discard", "draw"),
    "place_drawn": ("replace", "discard_and_reveal"),
}
"""The move types of each step; a move of another step is a WrongPhase."""


def current_step(state: SkyjoState) -> str | None:
    """What the acting seat(s) do next: "reveal", "choose", "place_drawn", or None at the end."""
    if state.phase == "reveal":
        return "reveal"
    if state.phase == "play":
        return "choose" if state.drawn is None else "place_drawn"
    return None


def active_seats(state: SkyjoState) -> list[int]:
    if state.phase == "reveal":
        return [seat for seat, left in enumerate(state.reveals_left) if left > 0]
    if state.phase == "play" and state.current is not None:
        return [state.current]
    return []


def can_draw(state: SkyjoState) -> bool:
    """A card can be drawn from the pile, or from a reshuffle of the discard pile minus its top."""
    return bool(state.draw_pile) or len(state.discard) > 1


ROW_COLS = [row_col(index) for index in range(GRID_SIZE)]
"""(row, col) of each position, looked up once: legal moves are listed on every step."""


def _at(kind: str, positions: list[int]) -> list[Move]:
    return [
        {"type": kind, "row": row, "col": col}
        for row, col in (ROW_COLS[index] for index in positions)
    ]


def legal_moves(state: SkyjoState, seat: int) -> list[Move]:
    """Every legal move of `seat`, which may act now."""
    grid = state.grids[seat]
    step = current_step(state)
    if step == "reveal":
        return _at("reveal", grid.face_down_positions())
    if step == "choose":
        moves = _at("take_discard", grid.present_positions())
        if can_draw(state):
            moves.append({"type": "draw"})
        return moves
    return _at("replace", grid.present_positions()) + _at(
        "discard_and_reveal", grid.face_down_positions()
    )


def check_legal(state: SkyjoState, seat: int, move: Move) -> None:
    """IllegalMove when a well-formed move of the right step is not allowed now."""
    kind = move["type"]
    if kind == "draw":
        if not can_draw(state):
            raise IllegalMove("the draw pile is empty and the discard pile has no card to spare")
        return
    grid = state.grids[seat]
    index = position(move["row"], move["col"])
    where = f"row {move['row']}, column {move['col']}"
    if grid.is_removed(index):
        raise IllegalMove(f"the column of {where} has been removed; it can't be used")
    if kind in ("reveal", "discard_and_reveal") and not grid.is_face_down(index):
        raise IllegalMove(f"the card at {where} is already face up")


def perform(state: SkyjoState, seat: int, move: Move) -> None:
    """Carry out a validated move (its log entry is already written)."""
    kind = move["type"]
    if kind == "draw":
        if not state.draw_pile:
            refill_draw_pile(state)
        state.drawn = state.draw_pile.pop()
        return
    grid = state.grids[seat]
    index = position(move["row"], move["col"])
    if kind == "reveal":
        grid.face_up[index] = True
        grid.remove_column_if_complete(move["col"], state.discard)
        state.reveals_left[seat] -= 1
        if not any(state.reveals_left):
            begin_turns(state)
        return
    if kind == "discard_and_reveal":
        assert state.drawn is not None
        state.discard.append(state.drawn)
        state.drawn = None
        grid.face_up[index] = True
    else:
        if kind == "take_discard":
            incoming = state.discard.pop()
        else:
            assert state.drawn is not None
            incoming, state.drawn = state.drawn, None
        outgoing = grid.cards[index]
        assert outgoing is not None
        grid.cards[index] = incoming
        grid.face_up[index] = True
        # The exchanged-out card goes down first so a completed column's value ends on top.
        state.discard.append(outgoing)
    grid.remove_column_if_complete(move["col"], state.discard)
    end_turn(state, seat)
