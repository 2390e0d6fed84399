"""The full state of a Skyjo game (hidden cards included) behind the engine's GameState API."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, ClassVar

from cardtable.engine.base import JSON, DeckRng, GameNotOver, GameState, Move
from cardtable.engine.scoring import running_totals
from cardtable.engine.skyjo import moves, serialize, views
from cardtable.engine.skyjo.grid import Grid
from cardtable.engine.skyjo.rounds import CardScript
from cardtable.engine.skyjo.scoring import winners

RoundResult = dict[str, Any]
"""A finished round: round, scores, finisher, card_totals, grids (all face up), revealed."""


@dataclass(eq=False)
class SkyjoState(GameState):
    game: ClassVar[str] = "skyjo"
    SCHEMA_VERSION: ClassVar[int] = 1

    names: list[str]
    options: dict[str, JSON]
    rng: DeckRng
    version: int = 0
    round: int = 1
    phase: str = "reveal"
    """"reveal" (simultaneous setup reveals), "play" (turns, final lap included) or "over"."""
    grids: list[Grid] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    """Bottom first: the top card is the last one."""
    draw_pile: list[int] = field(default_factory=list)
    """Bottom first: the next card drawn is the last one."""
    reveals_left: list[int] = field(default_factory=list)
    current: int | None = None
    """The seat whose turn it is (None during the setup reveals and once the game is over)."""
    drawn: int | None = None
    """The card the current seat drew and still holds."""
    finisher: int | None = None
    final_lap: list[int] = field(default_factory=list)
    """Seats that still get their last turn of the round, in play order (current first)."""
    rounds: list[RoundResult] = field(default_factory=list)
    log: list[dict[str, JSON]] = field(default_factory=list)
    script: CardScript | None = None
    """Set only while replaying a record: card orders come from the log, not the RNG."""

    # -- the GameState interface ---------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def active_seats(self) -> list[int]:
        return moves.active_seats(self)

    def legal_moves(self, seat: int) -> list[Move]:
        return moves.legal_moves(self, seat)

    def apply(self, seat: int, move: Mapping[str, Any]) -> None:
        moves.apply_move(self, seat, move)

    def view(self, seat: int | None) -> dict[str, JSON]:
        if seat is not None:
            self.check_seat(seat)
        return views.build_view(self, seat)

    def totals(self) -> list[int]:
        return running_totals([result["scores"] for result in self.rounds], self.n_players)

    def winners(self) -> list[int]:
        return winners(self.totals()) if self.is_over else []

    def score(self) -> dict[str, JSON]:
        return {
            "finished": self.is_over,
            "rounds": [
                {
                    "round": result["round"],
                    "scores": list(result["scores"]),
                    "finisher": result["finisher"],
                }
                for result in self.rounds
            ],
            "totals": self.totals(),
            "winners": self.winners(),
        }

    def record(self) -> dict[str, JSON]:
        if not self.is_over:
            raise GameNotOver("the record is available once the game is over")
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": [{"seat": seat, "name": name} for seat, name in enumerate(self.names)],
            "log": serialize.copy_log(self.log),
            "score": self.score(),
        }

    def to_dict(self) -> dict[str, JSON]:
        return serialize.state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SkyjoState:
        """Rebuild a state, or raise InvalidState. The state takes over the log's moves
        and deals instead of copying them: `data` must not be changed afterwards
        (serialize.state_from_dict)."""
        return serialize.state_from_dict(data)

    def card_counts(self) -> Counter[int]:
        # One count over all the zones at once: it is checked on every load.
        counts = Counter(
            chain(self.discard, self.draw_pile, *[grid.present_cards() for grid in self.grids])
        )
        if self.drawn is not None:
            counts[self.drawn] += 1
        return counts
