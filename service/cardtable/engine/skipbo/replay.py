"""Rebuild a finished Skip-Bo game from its record alone: deals and reshuffles come from the
log (no RNG), and every logged move is applied again with all its legality checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.base import DeckRng, EngineError, InvalidRecord
from cardtable.engine.skipbo.options import resolve_options
from cardtable.engine.skipbo.state import SkipBoState


def replay(record: Mapping[str, Any]) -> SkipBoState:
    if not isinstance(record, Mapping) or record.get("game") != SkipBoState.game:
        raise InvalidRecord("not a Skip-Bo record")
    players = record.get("players")
    if not isinstance(players, list) or not all(
        isinstance(p, Mapping) and p.get("seat") == seat and isinstance(p.get("name"), str)
        for seat, p in enumerate(players)
    ):
        raise InvalidRecord("players must list {seat, name} for seats 0, 1, ... in order")
    log = record.get("log")
    if not isinstance(log, list) or not log:
        raise InvalidRecord("the record's log must be a non-empty list")
    if not isinstance(record.get("options"), Mapping):
        raise InvalidRecord("the record's options must be an object")
    try:
        options = resolve_options(record["options"], len(players))
    except EngineError as error:
        raise InvalidRecord(
            f"the record's options or players are invalid: {error.message}"
        ) from None
    # The RNG is never used: every shuffle is read back from the log.
    state = SkipBoState([p["name"] for p in players], options, DeckRng(seed=0))
    state.script = log
    state.start()
    _check_entries(state, log, 0)
    while len(state.log) < len(log):
        index = len(state.log)
        entry = log[index]
        if not isinstance(entry, Mapping) or entry.get("type") != "move":
            raise InvalidRecord(f"log entry {index} should be a move")
        if set(entry) != {"type", "seat", "move"}:
            raise InvalidRecord(f"log entry {index} must hold exactly seat and move")
        try:
            state.apply(entry["seat"], entry["move"])
        except InvalidRecord:
            raise
        except EngineError as error:
            raise InvalidRecord(f"log entry {index}: {error.message}") from None
        _check_entries(state, log, index)
    if not state.finished:
        raise InvalidRecord("the log ends before the game does")
    if "score" in record and not _same_score(record["score"], state.score()):
        raise InvalidRecord("the record's score differs from the replayed game's")
    state.script = None
    return state


def _check_entries(state: SkipBoState, log: list[Any], start: int) -> None:
    """The entries the replay wrote from `start` on must be the record's, as written."""
    for index in range(start, len(state.log)):
        if index >= len(log) or state.log[index] != log[index]:
            raise InvalidRecord(f"log entry {index} does not match the replayed game")


def _same_score(given: object, replayed: dict[str, Any]) -> bool:
    """Compare the contract's Score fields only: a record that went through the API may
    carry fewer extra fields (e.g. no `stocks_left`) and is still the same score."""
    if not isinstance(given, Mapping):
        return False
    rounds = given.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != len(replayed["rounds"]):
        return False
    for ours, theirs in zip(replayed["rounds"], rounds, strict=True):
        if not isinstance(theirs, Mapping) or any(
            theirs.get(key) != ours[key] for key in ("round", "scores", "winner")
        ):
            return False
    return all(given.get(key) == replayed[key] for key in ("finished", "totals", "winners"))
