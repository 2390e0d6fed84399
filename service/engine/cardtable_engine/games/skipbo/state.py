"""The state of a Skip-Bo game: the hooks of the engine's skeleton, each handed to the module
that does that job (moves.py, rounds.py, views.py, stored_form.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable_engine.base import JSON, DeckRng, GameState, Move
from cardtable_engine.games.skipbo import events, moves, rounds, scoring, search, stored_form, views
from cardtable_engine.games.skipbo.info import INFO
from cardtable_engine.games.skipbo.table import Table
from cardtable_engine.hooks import EventHooks, PlayHooks, SearchHooks, StoredFormHooks
from cardtable_engine.shapes import seat_or_none


class SkipBoState(GameState):
    info = INFO
    STEP_MOVES = moves.STEP_MOVE_TYPES
    MOVES = moves.MOVES
    VIEW_FIELDS = views.VIEW_FIELDS
    VIEW_PARTS = views.VIEW_PARTS
    VIEW_STEP = views.VIEW_STEP
    # The folder's modules that do the jobs of the hooks (each a Protocol of hooks.py).
    play: ClassVar[PlayHooks | None] = moves
    stored_form: ClassVar[StoredFormHooks | None] = stored_form
    events: ClassVar[EventHooks | None] = events
    search: ClassVar[SearchHooks | None] = search
    SCORE_ROUND_KEYS = ("round", "scores", "winner", "stocks_left")
    ROUND_FIELDS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "winner": seat_or_none("The seat that won the round, null when drawn."),
        "stocks_left": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0},
            "description": "Cards left in each seat's stock when it ended.",
        },
    }

    def __init__(self, names: Sequence[str], options: Mapping[str, JSON], rng: DeckRng) -> None:
        super().__init__(names, options, rng)
        self.round = 0
        self.finished = False
        self.built_this_turn = False
        self.drawn_turns = 0
        """Consecutive turns without a build that ended with nothing left to draw."""
        self.turns = 0
        """Turns played in this round (stored only with the `max_turns` option)."""
        self.table = Table.deal([[] for _ in self.names], [])

    def start(self) -> None:
        rounds.deal_round(self, 1)

    @property
    def is_over(self) -> bool:
        return self.finished

    @property
    def current_seat(self) -> int:
        if self.current is None:
            raise RuntimeError("a finished game has no current seat")
        return self.current

    def active_seats(self) -> list[int]:
        return [] if self.current is None else [self.current]

    def step(self) -> str | None:
        """What the acting seat does next (moves.turn_step), None once the game is over."""
        return None if self.finished else moves.turn_step(self)

    def moves_for(self, seat: int) -> list[Move]:
        return moves.legal_moves(self, seat)

    @classmethod
    def parse_move(cls, move: object, seat: int, n_players: int) -> Move:
        return moves.check_owner(super().parse_move(move, seat, n_players), seat)

    def check_step(self, seat: int, move: Move) -> None:
        moves.check_step(self, seat, move)

    def build_view(self, seat: int | None) -> dict[str, JSON]:
        return views.view(self, seat)

    def view_phase(self) -> str:
        return "finished" if self.finished else "playing"

    def view_step(self, seat: int | None) -> str | None:
        return views.view_step(self, seat)

    def winners(self) -> list[int]:
        if not self.finished:
            return []
        rounds_won = sum(1 for r in self.rounds if r["winner"] is not None)
        return scoring.winners(self.totals(), rounds_won)

    def card_counts(self) -> Counter[int]:
        return self.table.card_counts()
