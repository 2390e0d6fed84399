"""What one seat (or a spectator) may see of a Skyjo game: the only way state leaves the engine
for players, so nothing hidden (face-down cards, the draw pile, another's drawn card) is here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable_engine import view_fields
from cardtable_engine.games.skyjo.info import INFO
from cardtable_engine.options import JSON

if TYPE_CHECKING:
    from cardtable_engine.games.skyjo.state import SkyjoState


PHASE_NAMES = {"reveal": "setup", "play": "playing", "over": "finished"}
"""The state's phases in the shared view vocabulary (a final lap is `playing`, with the
view's `final_lap` set)."""


# -- the view as data (the API's SkyjoView and its parts are derived from it) -----------

LOWEST_CARD, HIGHEST_CARD = -2, 12
REMOVED = "removed"


def card_schema(description: str = "", *, nullable: bool = False) -> view_fields.Schema:
    """A card: its value, -2..12."""
    return view_fields.integer(LOWEST_CARD, HIGHEST_CARD, description, nullable=nullable)


def _cell(*, face_down: bool) -> view_fields.Schema:
    """One grid position: its value when face up, null when face down (only while the
    round is played), "removed" once its column has left the grid."""
    found: view_fields.Schema = {
        "description": f"The card's value ({LOWEST_CARD}..{HIGHEST_CARD}) when face up, null"
        f' when face down, "{REMOVED}" when its column has been removed.',
        "oneOf": [
            view_fields.integer(LOWEST_CARD, HIGHEST_CARD),
            {"type": "string", "enum": [REMOVED]},
        ],
    }
    if face_down:
        found["nullable"] = True
    return found


_SEAT = view_fields.seat(n_players=INFO.max_players)

VIEW_STEP = view_fields.steps(
    ("reveal", "choose", "place_drawn"),
    "`reveal`; `choose` (take_discard or draw); `place_drawn` (replace or"
    " discard_and_reveal); null once the game is over.",
)

VIEW_PARTS: dict[str, view_fields.Schema] = {
    "Player": view_fields.record(
        {
            "seat": _SEAT,
            "name": view_fields.string(),
            "grid": view_fields.list_of(
                _cell(face_down=True),
                "The 12 positions row by row (row 0 columns 0..3, then rows 1 and 2);"
                " positions keep their place when a column is removed.",
                length=12,
            ),
            "visible_sum": view_fields.integer(description="Sum of this grid's face-up cards."),
            "face_down": view_fields.integer(0, 12, "Face-down cards left."),
            "reveals_left": view_fields.integer(0, 3, "Setup reveals this seat still has to make."),
            "holding_drawn": view_fields.boolean(
                "This seat has drawn a card and not yet placed it."
            ),
            "total": view_fields.integer(description="Running total of the completed rounds."),
        }
    ),
    "Drawn": view_fields.record(
        {
            "seat": view_fields.seat("The seat holding a drawn card.", n_players=INFO.max_players),
            "card": card_schema(
                "The drawn card, shown only to the seat that drew it.", nullable=True
            ),
        }
    ),
    "FinalLap": view_fields.record(
        {
            "finisher": view_fields.seat(
                "The seat that revealed its last card.", n_players=INFO.max_players
            ),
            "still_to_play": view_fields.list_of(
                view_fields.integer(), "Seats that still get their last turn, in play order."
            ),
        }
    ),
    "LastRound": view_fields.record(
        {
            "round": view_fields.integer(1),
            "scores": view_fields.list_of(
                view_fields.integer(), "Round scores, the finisher's doubling included."
            ),
            "card_totals": view_fields.list_of(
                view_fields.integer(), "Sum of the cards left in each grid."
            ),
            "finisher": _SEAT,
            "finisher_doubled": view_fields.boolean(),
            "grids": view_fields.list_of(
                view_fields.list_of(_cell(face_down=False), length=12),
                "Each grid at the end of the round, every card face up.",
            ),
            "revealed": view_fields.list_of(
                view_fields.list_of(view_fields.integer(0, 11)),
                "Per seat, the positions turned up by the final reveal.",
            ),
        }
    ),
}
"""The objects Skyjo's view fields name (`part`)."""

VIEW_FIELDS: dict[str, view_fields.Schema] = {
    "players": view_fields.list_of(view_fields.part("Player")),
    "discard_top": card_schema("The face-up card on top of the discard pile."),
    "discard_size": view_fields.integer(1),
    "discard_pile": view_fields.list_of(
        card_schema(),
        "The whole discard pile, bottom first (its last card is `discard_top`): every seat"
        " saw each of these cards go there.",
    ),
    "draw_pile_size": view_fields.integer(0, description="Cards left."),
    "drawn": view_fields.part(
        "Drawn", "The card drawn and not yet placed; null when none.", nullable=True
    ),
    "final_lap": view_fields.part(
        "FinalLap", "Set once someone finished: the others play once more.", nullable=True
    ),
    "last_round": view_fields.part(
        "LastRound", "The previous round's result; null during round 1.", nullable=True
    ),
}
"""Skyjo's own view fields (`build_view`), the same for every seat and a spectator: what
differs is only what they hold (a drawn card's value is null for all but its holder)."""


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
