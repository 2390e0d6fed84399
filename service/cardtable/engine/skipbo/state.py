"""The state of a Skip-Bo game: the `GameState` the store and the API program against.

It ties the parts together (moves.py decides legality, turns.py carries moves out,
views.py shows the table) and owns what is kept between moves: options, RNG, round, whose
turn, the drawn-round count, completed rounds and the log, plus the plain-data form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.base import (
    JSON,
    DeckRng,
    EngineError,
    GameNotOver,
    GameOver,
    GameState,
    InvalidRecord,
    InvalidState,
    Move,
    NotYourTurn,
)
from cardtable.engine.scoring import running_totals
from cardtable.engine.skipbo import moves, scoring, turns, views
from cardtable.engine.skipbo.cards import DECK, TOP_VALUE, new_deck
from cardtable.engine.skipbo.options import resolve_options
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
    # Shuffles: from the RNG, or read back from the record being replayed.
    # ----------------------------------------------------------------------------------

    def shuffled_deal(self, round_number: int, first: int) -> tuple[list[list[int]], list[int]]:
        """Stocks and draw pile (top first) of a new round; logs the `deal` entry."""
        size: int = self.options["stock_size"]
        if self.script is None:
            deck = new_deck()
            self.rng.shuffle(deck)
            n = self.n_players
            stocks = [deck[seat * size : (seat + 1) * size] for seat in range(n)]
            draw_pile = deck[n * size :]
        else:
            stocks, draw_pile = self._scripted_deal(round_number, first, size)
        self.log.append(
            {
                "type": "deal",
                "round": round_number,
                "first_player": first,
                "stocks": [list(stock) for stock in stocks],
                "draw_pile": list(draw_pile),
            }
        )
        return stocks, draw_pile

    def shuffled_reshuffle(self, cards: list[int]) -> list[int]:
        """The set-aside `cards` as a new draw pile (top first); logs the `reshuffle`."""
        if self.script is None:
            order = list(cards)
            self.rng.shuffle(order)
        else:
            order = self._scripted_reshuffle(cards)
        self.log.append({"type": "reshuffle", "draw_pile": list(order)})
        return order

    def _next_scripted(self, kind: str) -> Mapping[str, Any]:
        """The record's entry that the entry about to be logged must match."""
        script = self.script or ()
        index = len(self.log)
        entry = script[index] if index < len(script) else None
        if not isinstance(entry, Mapping) or entry.get("type") != kind:
            raise InvalidRecord(f"log entry {index} should be a {kind!r} entry")
        return entry

    def _scripted_deal(
        self, round_number: int, first: int, size: int
    ) -> tuple[list[list[int]], list[int]]:
        index = len(self.log)
        entry = self._next_scripted("deal")
        if set(entry) != {"type", "round", "first_player", "stocks", "draw_pile"}:
            raise InvalidRecord(f"deal entry {index} has the wrong fields")
        if entry["round"] != round_number or entry["first_player"] != first:
            raise InvalidRecord(
                f"deal entry {index} should be round {round_number} started by seat {first}"
            )
        stocks = entry["stocks"]
        if not isinstance(stocks, list) or len(stocks) != self.n_players:
            raise InvalidRecord(f"deal entry {index} must hold {self.n_players} stocks")
        try:
            cards = [_card_list(stock) for stock in stocks]
            draw_pile = _card_list(entry["draw_pile"])
        except ValueError as error:
            raise InvalidRecord(f"deal entry {index}: {error}") from None
        if any(len(stock) != size for stock in cards):
            raise InvalidRecord(f"deal entry {index}: every stock must hold {size} cards")
        dealt = Counter(draw_pile)
        for stock in cards:
            dealt.update(stock)
        if dealt != DECK:
            raise InvalidRecord(f"deal entry {index} does not deal exactly the 162 cards")
        return cards, draw_pile

    def _scripted_reshuffle(self, cards: list[int]) -> list[int]:
        index = len(self.log)
        entry = self._next_scripted("reshuffle")
        if set(entry) != {"type", "draw_pile"}:
            raise InvalidRecord(f"reshuffle entry {index} has the wrong fields")
        try:
            order = _card_list(entry["draw_pile"])
        except ValueError as error:
            raise InvalidRecord(f"reshuffle entry {index}: {error}") from None
        if Counter(order) != Counter(cards):
            raise InvalidRecord(
                f"reshuffle entry {index} is not a shuffle of the set-aside building piles"
            )
        return order

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
            "log": _copy_log(self.log),
            "score": self.score(),
        }

    def card_counts(self) -> Counter[int]:
        return self.table.card_counts()

    # ----------------------------------------------------------------------------------
    # Plain data
    # ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, JSON]:
        """Every zone lists its pile bottom first (top card last)."""
        return {
            "game": self.game,
            "schema_version": self.SCHEMA_VERSION,
            "names": list(self.names),
            "options": dict(self.options),
            "version": self.version,
            "rng": self.rng.to_dict(),
            "phase": "finished" if self.finished else "playing",
            "round": self.round,
            "current": self.current,
            "built_this_turn": self.built_this_turn,
            "drawn_turns": self.drawn_turns,
            "table": self.table.to_dict(),
            "rounds": [
                {
                    "round": r["round"],
                    "scores": list(r["scores"]),
                    "winner": r["winner"],
                    "stocks_left": list(r["stocks_left"]),
                }
                for r in self.rounds
            ],
            "log": _copy_log(self.log),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SkipBoState:
        try:
            return _from_dict(cls, data)
        except InvalidState:
            raise
        except EngineError as error:  # InvalidOptions / InvalidPlayers of a stored state
            raise InvalidState(f"invalid stored options or players: {error.message}") from None


def _card_list(value: object) -> list[int]:
    if not isinstance(value, list) or not all(
        not isinstance(card, bool) and isinstance(card, int) and 0 <= card <= TOP_VALUE
        for card in value
    ):
        raise ValueError("piles must be lists of card values 0..12")
    return list(value)


def _copy_log(log: list[Entry]) -> list[Entry]:
    copied: list[Entry] = []
    for entry in log:
        if entry["type"] == "deal":
            copied.append(
                {
                    **entry,
                    "stocks": [list(s) for s in entry["stocks"]],
                    "draw_pile": list(entry["draw_pile"]),
                }
            )
        elif entry["type"] == "reshuffle":
            copied.append({"type": "reshuffle", "draw_pile": list(entry["draw_pile"])})
        else:
            copied.append({"type": "move", "seat": entry["seat"], "move": dict(entry["move"])})
    return copied


_KEYS = {
    "game",
    "schema_version",
    "names",
    "options",
    "version",
    "rng",
    "phase",
    "round",
    "current",
    "built_this_turn",
    "drawn_turns",
    "table",
    "rounds",
    "log",
}


def _int(value: object, name: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidState(f"{name} must be an integer")
    if value < low or (high is not None and value > high):
        raise InvalidState(f"{name} is out of range: {value}")
    return value


def _from_dict(cls: type[SkipBoState], data: Mapping[str, Any]) -> SkipBoState:
    if not isinstance(data, Mapping):
        raise InvalidState("a Skip-Bo state must be a JSON object")
    if data.get("game") != cls.game:
        raise InvalidState(f"not a Skip-Bo state: game {data.get('game')!r}")
    if data.get("schema_version") != cls.SCHEMA_VERSION:
        raise InvalidState(
            f"unknown Skip-Bo schema_version {data.get('schema_version')!r};"
            f" this engine reads version {cls.SCHEMA_VERSION}"
        )
    if set(data) != _KEYS:
        missing, extra = sorted(_KEYS - set(data)), sorted(set(data) - _KEYS)
        raise InvalidState(f"state fields differ: missing {missing}, unexpected {extra}")
    names = data["names"]
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise InvalidState("names must be a list of strings")
    n = len(names)
    options = data["options"]
    if not isinstance(options, Mapping) or resolve_options(options, n) != dict(options):
        raise InvalidState("options must be every Skip-Bo option, resolved")
    if not isinstance(data["rng"], Mapping):
        raise InvalidState("rng must be an object")
    state = cls(names, options, DeckRng.from_dict(data["rng"]))
    state.version = _int(data["version"], "version", 0)
    phase = data["phase"]
    if phase not in ("playing", "finished"):
        raise InvalidState(f"phase must be 'playing' or 'finished', not {phase!r}")
    state.finished = phase == "finished"
    state.round = _int(data["round"], "round", 1)
    if state.finished:
        if data["current"] is not None:
            raise InvalidState("a finished game has no current seat")
    else:
        state.current = _int(data["current"], "current", 0, n - 1)
    if not isinstance(data["built_this_turn"], bool):
        raise InvalidState("built_this_turn must be true or false")
    state.built_this_turn = data["built_this_turn"]
    state.drawn_turns = _int(data["drawn_turns"], "drawn_turns", 0, n - 1)
    if not isinstance(data["table"], Mapping):
        raise InvalidState("table must be an object")
    state.table = Table.from_dict(data["table"], n)
    if state.table.card_counts() != DECK:
        raise InvalidState("the zones do not hold exactly the 162 Skip-Bo cards")
    state.rounds = _rounds(data["rounds"], n, state.options["teams"])
    state.log = _log(data["log"], n)
    _check_consistency(state)
    return state


def _rounds(value: object, n: int, teams: bool) -> list[dict[str, JSON]]:
    if not isinstance(value, list):
        raise InvalidState("rounds must be a list")
    rounds: list[dict[str, JSON]] = []
    for index, item in enumerate(value):
        if not isinstance(item, Mapping) or set(item) != {
            "round",
            "scores",
            "winner",
            "stocks_left",
        }:
            raise InvalidState(f"rounds[{index}] must hold round, scores, winner, stocks_left")
        if item["round"] != index + 1:
            raise InvalidState(f"rounds[{index}] must be round {index + 1}")
        winner = item["winner"]
        if winner is not None:
            _int(winner, f"rounds[{index}].winner", 0, n - 1)
        stocks_left = item["stocks_left"]
        if not isinstance(stocks_left, list) or len(stocks_left) != n:
            raise InvalidState(f"rounds[{index}].stocks_left must list {n} seats")
        for seat in range(n):
            _int(stocks_left[seat], f"rounds[{index}].stocks_left", 0)
        if item["scores"] != scoring.round_scores(stocks_left, winner, teams=teams):
            raise InvalidState(f"rounds[{index}].scores do not follow from its stocks and winner")
        rounds.append(
            {
                "round": index + 1,
                "scores": list(item["scores"]),
                "winner": winner,
                "stocks_left": list(stocks_left),
            }
        )
    return rounds


def _log(value: object, n: int) -> list[Entry]:
    if not isinstance(value, list):
        raise InvalidState("log must be a list")
    log: list[Entry] = []
    for index, entry in enumerate(value):
        if not isinstance(entry, Mapping) or entry.get("type") not in ("deal", "move", "reshuffle"):
            raise InvalidState(f"log entry {index} is not a deal, move or reshuffle")
        if entry["type"] == "move":
            if set(entry) != {"type", "seat", "move"} or not isinstance(entry["move"], Mapping):
                raise InvalidState(f"log entry {index} must hold seat and move")
            _int(entry["seat"], f"log entry {index} seat", 0, n - 1)
        elif entry["type"] == "deal":
            if set(entry) != {"type", "round", "first_player", "stocks", "draw_pile"}:
                raise InvalidState(f"log entry {index} has the wrong deal fields")
            _int(entry["round"], f"log entry {index} round", 1)
            _int(entry["first_player"], f"log entry {index} first_player", 0, n - 1)
            stocks = entry["stocks"]
            if not isinstance(stocks, list) or len(stocks) != n:
                raise InvalidState(f"log entry {index} must list {n} stocks")
            for stock in [*stocks, entry["draw_pile"]]:
                _log_cards(stock, index)
        elif set(entry) != {"type", "draw_pile"}:
            raise InvalidState(f"log entry {index} must hold a draw pile")
        else:
            _log_cards(entry["draw_pile"], index)
        log.append(dict(entry))
    return _copy_log(log)


def _log_cards(value: object, index: int) -> None:
    try:
        _card_list(value)
    except ValueError:
        raise InvalidState(f"log entry {index} holds a pile that is not a list of cards") from None


def _check_consistency(state: SkipBoState) -> None:
    """Facts that tie the parts together (a state that passes could have been played)."""
    moves_logged = sum(1 for entry in state.log if entry["type"] == "move")
    if moves_logged != state.version:
        raise InvalidState(f"version {state.version} but {moves_logged} moves in the log")
    deals = sum(1 for entry in state.log if entry["type"] == "deal")
    if deals != state.round:
        raise InvalidState(f"round {state.round} but {deals} deals in the log")
    for seat, stock in enumerate(state.table.stocks):
        if len(stock) > state.options["stock_size"]:
            raise InvalidState(f"seat {seat}'s stock is larger than stock_size")
    completed = len(state.rounds)
    totals = state.totals()
    target = state.options["target_score"]
    if state.finished:
        if completed != state.round or not scoring.is_game_over(totals, completed, target):
            raise InvalidState("a finished game must have completed its last round")
        return
    if completed != state.round - 1 or scoring.is_game_over(totals, completed, target):
        raise InvalidState("a game in progress must be playing the round after its last")
    if (
        state.drawn_turns
        and not state.built_this_turn
        and (state.table.draw_pile or state.table.set_aside)
    ):
        raise InvalidState("drawn turns are counted only when nothing is left to draw")
    stocks = state.table.stocks
    for seat, stock in enumerate(stocks):
        mate = moves.partner(state, seat)
        if not stock and (mate is None or not stocks[mate]):
            raise InvalidState(f"seat {seat}'s round is over (empty stock) yet still played")
