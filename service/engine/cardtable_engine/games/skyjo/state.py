"""The full state of a Skyjo game (hidden cards included): the hooks of the engine's
skeleton, each handed to the module that does that job."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any, ClassVar

from cardtable_engine.base import JSON, DeckRng, GameState, Move
from cardtable_engine.games.skyjo import events, moves, rounds, search, stored_form, views
from cardtable_engine.games.skyjo.grid import Grid
from cardtable_engine.games.skyjo.info import INFO
from cardtable_engine.games.skyjo.scoring import winners
from cardtable_engine.hooks import EventHooks, PlayHooks, SearchHooks, StoredFormHooks
from cardtable_engine.shapes import seat_or_none


class SkyjoState(GameState):
    info = INFO
    STEP_MOVES = moves.STEP_MOVES
    MOVES = moves.MOVES
    VIEW_FIELDS = views.VIEW_FIELDS
    VIEW_PARTS = views.VIEW_PARTS
    VIEW_STEP = views.VIEW_STEP
    # The folder's modules that do the jobs of the hooks (each a Protocol of hooks.py).
    play: ClassVar[PlayHooks | None] = moves
    stored_form: ClassVar[StoredFormHooks | None] = stored_form
    events: ClassVar[EventHooks | None] = events
    search: ClassVar[SearchHooks | None] = search
    SCORE_ROUND_KEYS = ("round", "scores", "finisher")
    ROUND_FIELDS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "finisher": seat_or_none("The seat that ended the round (null: none did).")
    }

    def __init__(self, names: Sequence[str], options: Mapping[str, JSON], rng: DeckRng) -> None:
        super().__init__(names, options, rng)
        self.phase = "reveal"
        """"reveal" (simultaneous setup reveals), "play" (turns, final lap included), "over"."""
        self.grids: list[Grid] = []
        self.discard: list[int] = []
        """Bottom first: the top card is the last one."""
        self.draw_pile: list[int] = []
        """Bottom first: the next card drawn is the last one."""
        self.reveals_left: list[int] = []
        self.drawn: int | None = None
        """The card the current seat drew and still holds."""
        self.finisher: int | None = None
        self.final_lap: list[int] = []
        """Seats that still get their last turn of the round, in play order (current first)."""
        self.turns = 0
        """Turns played in this round (stored only with the `max_turns` option)."""

    def start(self) -> None:
        rounds.start_round(self, 1)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def active_seats(self) -> list[int]:
        return moves.active_seats(self)

    def step(self) -> str | None:
        return moves.current_step(self)

    def moves_for(self, seat: int) -> list[Move]:
        return moves.legal_moves(self, seat)

    def why_not_your_turn(self, seat: int) -> str:
        if self.phase == "reveal":
            return f"seat {seat} has made its setup reveals; wait for the others"
        return super().why_not_your_turn(seat)

    def build_view(self, seat: int | None) -> dict[str, JSON]:
        return views.build_view(self, seat)

    def view_phase(self) -> str:
        return views.PHASE_NAMES[self.phase]

    def winners(self) -> list[int]:
        return winners(self.totals()) if self.is_over else []

    def card_counts(self) -> Counter[int]:
        # One count over all the zones at once: it is checked on every load.
        counts = Counter(
            chain(self.discard, self.draw_pile, *[grid.present_cards() for grid in self.grids])
        )
        if self.drawn is not None:
            counts[self.drawn] += 1
        return counts
