"""The state of a Skip-Bo game: the `GameState` the store and the API program against.

It owns what is kept between moves (options, RNG, round, whose turn, the drawn-round count,
completed rounds, the log) and ties the parts together: moves.py decides legality,
turns.py carries moves out, shuffles.py orders the cards, views.py shows the table and
codec.py turns the state into plain data and back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.base import (
    JSON,
    DeckRng,
    GameNotOver,
    GameOver,
    GameState,
    Move,
    NotYourTurn,
)
from cardtable.engine.scoring import running_totals
from cardtable.engine.skipbo import codec, moves, scoring, turns, views
from cardtable.engine.skipbo.table import Table

Entry = dict[str, JSON]


class SkipBoState(GameState):
    game: ClassVar[str] = "skipbo"
    SCHEMA_VERSION: ClassVar[int] = 1

    def __init__(self, names: Sequence[str], options: Mapping[str, JSON], rng: DeckRng) -> None:
        """An undealt game; `start()` deals round 1 (use `new_state` or `replay`)."""
        self.names = list(names)
        self.options = dict(options)
        self.rng = rng
        self.version = 0
        self.round = 0
        self.current: int | None = None
        self.finished = False
        self.built_this_turn = False
        self.drawn_turns = 0
        """Consecutive turns without a build that ended with nothing left to draw."""
        self.rounds: list[dict[str, JSON]] = []
        """Completed rounds: round, scores, winner (None when drawn), stocks_left."""
        self.log: list[Entry] = []
        self.table = Table.deal([[] for _ in self.names], [])
        self.script: Sequence[Any] | None = None
        """While replaying: the record's log, which supplies every deal and reshuffle (the
        entry at index len(self.log) is the one the next deal or reshuffle must match)."""

    def start(self) -> None:
        turns.deal_round(self, 1)

    # ----------------------------------------------------------------------------------
    # GameState
    # ----------------------------------------------------------------------------------

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

    def legal_moves(self, seat: int) -> list[Move]:
        self.check_seat(seat)
        return moves.legal_moves(self, seat)

    def step(self) -> str | None:
        """What the acting seat does next (moves.turn_step), None once the game is over."""
        return None if self.finished else moves.turn_step(self)

    def apply(self, seat: int, move: Mapping[str, Any]) -> None:
        self.check_seat(seat)
        parsed = moves.parse_move(move, seat, self.n_players)
        if self.finished:
            raise GameOver("the game is over", move=parsed, seat=seat)
        if seat != self.current:
            raise NotYourTurn(
                f"it is seat {self.current}'s turn, not seat {seat}'s", move=parsed, seat=seat
            )
        moves.check_step(self, seat, parsed)
        moves.check_legal(self, seat, parsed)
        self.log.append({"type": "move", "seat": seat, "move": parsed})
        self.version += 1
        turns.perform(self, seat, parsed)

    def view(self, seat: int | None) -> dict[str, JSON]:
        if seat is not None:
            self.check_seat(seat)
        return views.view(self, seat)

    def totals(self) -> list[int]:
        return running_totals([r["scores"] for r in self.rounds], self.n_players)

    def winners(self) -> list[int]:
        if not self.finished:
            return []
        rounds_won = sum(1 for r in self.rounds if r["winner"] is not None)
        return scoring.winners(self.totals(), rounds_won)

    def score(self) -> dict[str, JSON]:
        return {
            "finished": self.finished,
            "rounds": [
                {
                    "round": r["round"],
                    "scores": list(r["scores"]),
                    "winner": r["winner"],
                    "stocks_left": list(r["stocks_left"]),
                }
                for r in self.rounds
            ],
            "totals": self.totals(),
            "winners": self.winners(),
        }

    def record(self) -> dict[str, JSON]:
        if not self.finished:
            raise GameNotOver("the record is available once the game is over")
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": [{"seat": seat, "name": name} for seat, name in enumerate(self.names)],
            "log": codec.copy_log(self.log),
            "score": self.score(),
        }

    def card_counts(self) -> Counter[int]:
        return self.table.card_counts()

    # ----------------------------------------------------------------------------------
    # Plain data (codec.py)
    # ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, JSON]:
        return codec.state_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SkipBoState:
        """Rebuild a state, or raise InvalidState. The state takes over the log's move
        entries instead of copying them: `data` must not be changed afterwards
        (codec.state_from_dict)."""
        return codec.state_from_dict(cls, data)
