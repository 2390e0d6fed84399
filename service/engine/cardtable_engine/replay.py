"""Rebuild a finished game from its record alone, for every game: the log's deals and
reshuffles give every card order (through `RecordedCards`), and each logged move is
applied again with all its checks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from cardtable_engine import turn_limit
from cardtable_engine.base import Entry, RecordedCards, entry_checks
from cardtable_engine.cards import DeckRng
from cardtable_engine.errors import EngineError, InvalidRecord, InvalidState

if TYPE_CHECKING:
    from cardtable_engine.base import GameState

S = TypeVar("S", bound="GameState")
BeforeMove = Callable[[int, Mapping[str, Any], list[Any], Any], None]
RECORD_KEYS = {"game", "options", "players", "log", "score"}


def replay(cls: type[S], record: Mapping[str, Any], before_move: BeforeMove | None = None) -> S:
    """The final state of the recorded game; InvalidRecord on anything wrong. `before_move`
    is called before each move with (seat, that seat's view, its legal moves, the move)."""
    try:
        return _replay(cls, record, before_move)
    except InvalidRecord:
        raise
    except EngineError as error:
        raise InvalidRecord(f"the record cannot be replayed: {error.message}") from error


def _players(record: Mapping[str, Any]) -> list[str]:
    players = record["players"]
    if not isinstance(players, list) or not all(
        isinstance(p, Mapping) and p.get("seat") == seat and isinstance(p.get("name"), str)
        for seat, p in enumerate(players)
    ):
        raise InvalidRecord("players must list {seat, name} for seats 0, 1, ... in order")
    return [player["name"] for player in players]


def _entries(cls: type[GameState], log: object, n_players: int) -> list[Entry]:
    """The record's log, every entry checked like a stored one."""
    if not isinstance(log, list) or not log:
        raise InvalidRecord("the log must be a non-empty list")
    checks = entry_checks(cls, n_players, ordered=False)
    entries = []
    for index, entry in enumerate(log):
        kind = entry.get("type") if isinstance(entry, Mapping) else None
        if not isinstance(kind, str) or kind not in checks:
            raise InvalidRecord(f"log[{index}] has an unknown type")
        try:
            entries.append(checks[kind](entry, f"log[{index}]"))
        except InvalidState as error:
            raise InvalidRecord(error.message) from None
    return entries


def _replay(cls: type[S], record: Mapping[str, Any], before_move: BeforeMove | None) -> S:
    if not isinstance(record, Mapping) or not set(record) >= RECORD_KEYS:
        raise InvalidRecord(f"a record holds {', '.join(sorted(RECORD_KEYS))}")
    if record["game"] != cls.info.name:
        raise InvalidRecord(f"this is a record of {record['game']!r}, not of {cls.info.title}")
    names = _players(record)
    options = record["options"]
    specs = {spec.name for spec in cls.info.option_specs}
    if not isinstance(options, Mapping) or not set(options) <= specs:
        raise InvalidRecord("a record lists every option, resolved")
    # Options added since a record was written are off when missing (`max_turns`).
    options = turn_limit.unset_when_missing(options, cls.info.option_specs)
    later = {spec.name for spec in cls.info.option_specs if spec.default is None}
    if not specs - later <= set(options):
        raise InvalidRecord("a record lists every option, resolved")
    entries = _entries(cls, record["log"], len(names))
    # The record carries no seed; the replayed state never shuffles, so any seed will do.
    state = cls(names, cls.info.resolve_options(options, len(names)), DeckRng(seed=0))
    state.script = RecordedCards()
    index = _queue(state.script, entries, 0)
    state.start()
    _check_written(state, entries, 0)
    while index < len(entries):
        entry, start = entries[index], len(state.log)
        index = _queue(state.script, entries, index + 1)
        if before_move is not None:
            seat = entry["seat"]
            before_move(seat, state.view(seat), state.legal_moves(seat), entry["move"])
        try:
            state.apply(entry["seat"], entry["move"])
        except InvalidRecord:
            raise
        except EngineError as error:
            raise InvalidRecord(f"log[{start}]: {error.message}") from error
        _check_written(state, entries, start)
    state.script = None
    if not state.is_over:
        raise InvalidRecord("the log ends before the game does")
    if not _same_score(record["score"], state.score()):
        raise InvalidRecord("the record's score differs from the replayed game's")
    return state


def _queue(script: RecordedCards, entries: list[Entry], start: int) -> int:
    """Queue the entries from `start` up to the next move entry; the move's index."""
    index = start
    while index < len(entries) and entries[index]["type"] != "move":
        script.pending.append(entries[index])
        index += 1
    return index


def _check_written(state: GameState, entries: list[Entry], start: int) -> None:
    """What the replay logged from `start` on is exactly the record's, all consumed."""
    assert state.script is not None
    if state.script.pending:
        kind = state.script.pending[0]["type"]
        raise InvalidRecord(f"the log has a {kind} entry at a point where none happened")
    if state.log[start:] != entries[start : len(state.log)]:
        raise InvalidRecord(f"log[{start}:] does not match the replayed game")


def _same_score(given: object, replayed: dict[str, Any]) -> bool:
    """Compare the contract's Score fields: a record that went through the API may carry
    fewer fields per round (but never other values)."""
    if not isinstance(given, Mapping):
        return False
    rounds = given.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != len(replayed["rounds"]):
        return False
    for ours, theirs in zip(replayed["rounds"], rounds, strict=True):
        if (
            not isinstance(theirs, Mapping)
            or not set(theirs) <= set(ours)
            or any(theirs.get(key) != ours[key] for key in ("round", "scores"))
            or any(theirs[key] != ours[key] for key in theirs)
        ):
            return False
    return all(given.get(key) == replayed[key] for key in ("finished", "totals", "winners"))
