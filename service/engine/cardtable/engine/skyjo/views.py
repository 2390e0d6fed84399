"""What one seat (or a spectator) may see of a Skyjo game: the only way state leaves the engine
for players, so nothing hidden (face-down cards, the draw pile, another's drawn card) is here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.options import JSON

if TYPE_CHECKING:
    from cardtable.engine.skyjo.state import SkyjoState


PHASE_NAMES = {"reveal": "setup", "play": "playing", "over": "finished"}
"""The state's phases in the shared view vocabulary (a final lap is `playing`, with the
view's `final_lap` set)."""


def _last_round(state: SkyjoState) -> dict[str, JSON] | None:
    if not state.rounds:
        return None
    result = state.rounds[-1]
    finisher = result["finisher"]
    return {
        "round": result["round"],
        "scores": list(result["scores"]),
        "card_totals": list(result["card_totals"]),
        "finisher": finisher,
        "finisher_doubled": result["scores"][finisher] != result["card_totals"][finisher],
        "grids": [list(cells) for cells in result["grids"]],
        "revealed": [list(positions) for positions in result["revealed"]],
    }


def build_view(state: SkyjoState, seat: int | None) -> dict[str, JSON]:
    """Skyjo's part of a view; the skeleton adds the fields every game shares."""
    totals = state.totals()
    holder = state.current if state.drawn is not None else None
    players: list[dict[str, Any]] = []
    for index, (name, grid) in enumerate(zip(state.names, state.grids, strict=True)):
        cells = grid.cells()
        players.append(
            {
                "seat": index,
                "name": name,
                "grid": cells,
                # The face-up cards are the cells that show a value (a view is built on
                # every step of a training environment: one pass less over the grid).
                "visible_sum": sum([cell for cell in cells if type(cell) is int]),
                "face_down": grid.face_down_count(),
                "reveals_left": state.reveals_left[index],
                "holding_drawn": holder == index,
                "total": totals[index],
            }
        )
    final_lap = (
        {"finisher": state.finisher, "still_to_play": list(state.final_lap)}
        if state.finisher is not None
        else None
    )
    return {
        "players": players,
        "discard_top": state.discard[-1],
        "discard_size": len(state.discard),
        # Every card of the pile was face up when it went there: all seats saw it.
        "discard_pile": list(state.discard),
        "draw_pile_size": len(state.draw_pile),
        "drawn": (
            {"seat": holder, "card": state.drawn if seat == holder else None}
            if holder is not None
            else None
        ),
        "final_lap": final_lap,
        "last_round": _last_round(state),
    }
