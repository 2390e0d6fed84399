"""What one seat (or a spectator) may see of a Skyjo game: the only way state leaves the engine
for players, so nothing hidden (face-down cards, the draw pile, another's drawn card) is here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.options import JSON
from cardtable.engine.skyjo import moves

if TYPE_CHECKING:
    from cardtable.engine.skyjo.state import SkyjoState


def view_phase(state: SkyjoState) -> str:
    """ "reveal", "play", "final_lap" (someone finished; the others play once more) or "over"."""
    if state.phase == "play" and state.finisher is not None:
        return "final_lap"
    return state.phase


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
    totals = state.totals()
    holder = state.current if state.drawn is not None else None
    players: list[dict[str, Any]] = []
    for index, (name, grid) in enumerate(zip(state.names, state.grids, strict=True)):
        players.append(
            {
                "seat": index,
                "name": name,
                "grid": grid.cells(),
                "visible_sum": grid.visible_sum(),
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
        "game": state.game,
        "version": state.version,
        "seat": seat,
        "phase": view_phase(state),
        "round": state.round,
        "current_player": state.current,
        "active_seats": moves.active_seats(state),
        "step": moves.current_step(state),
        "finished": state.is_over,
        "options": dict(state.options),
        "players": players,
        "discard": {"top": state.discard[-1], "size": len(state.discard)},
        "draw_pile": {"size": len(state.draw_pile)},
        "drawn": (
            {"seat": holder, "card": state.drawn if seat == holder else None}
            if holder is not None
            else None
        ),
        "final_lap": final_lap,
        "totals": totals,
        "rounds": [
            {"round": r["round"], "scores": list(r["scores"]), "finisher": r["finisher"]}
            for r in state.rounds
        ],
        "last_round": _last_round(state),
        "winners": state.winners(),
    }
