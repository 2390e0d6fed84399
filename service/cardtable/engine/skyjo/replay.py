"""Rebuild a finished Skyjo game from its record alone: the log's deals and reshuffles give
every card order, and each logged move is applied again with all its checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.engine.base import DeckRng, EngineError, InvalidRecord
from cardtable.engine.skyjo.options import OPTION_SPECS
from cardtable.engine.skyjo.rounds import CardScript, start_round
from cardtable.engine.skyjo.state import SkyjoState

RECORD_KEYS = {"game", "options", "players", "log", "score"}


def replay(record: Mapping[str, Any]) -> SkyjoState:
    """The final state of the recorded game; InvalidRecord on anything wrong."""
    try:
        return _replay(record)
    except InvalidRecord:
        raise
    except EngineError as error:
        raise InvalidRecord(f"the record cannot be replayed: {error.message}") from error


def _players(record: Mapping[str, Any]) -> list[str]:
    players = record["players"]
    if not isinstance(players, list):
        raise InvalidRecord("players must be a list")
    names = []
    for seat, player in enumerate(players):
        if (
            not isinstance(player, Mapping)
            or player.get("seat") != seat
            or not isinstance(player.get("name"), str)
        ):
            raise InvalidRecord(f"players[{seat}] must be {{'seat': {seat}, 'name': <string>}}")
        names.append(player["name"])
    return names


def _replay(record: Mapping[str, Any]) -> SkyjoState:
    from cardtable.engine.skyjo import RULES

    if not isinstance(record, Mapping) or not set(record) >= RECORD_KEYS:
        raise InvalidRecord(f"a record holds {', '.join(sorted(RECORD_KEYS))}")
    if record["game"] != "skyjo":
        raise InvalidRecord(f"this is a record of {record['game']!r}, not of Skyjo")
    names = _players(record)
    if not isinstance(record["options"], Mapping) or set(record["options"]) != {
        spec.name for spec in OPTION_SPECS
    }:
        raise InvalidRecord("a record lists every option, resolved")
    options = RULES.resolve_options(record["options"], len(names))
    log = record["log"]
    if not isinstance(log, list) or not log:
        raise InvalidRecord("the log must be a non-empty list")
    if not all(isinstance(entry, Mapping) for entry in log):
        raise InvalidRecord("every log entry is an object")

    # The record carries no seed; the replayed state never shuffles, so any seed will do.
    state = SkyjoState(names=names, options=options, rng=DeckRng(seed=0))
    script = CardScript()
    state.script = script
    index = _queue_until_move(log, 0, script)
    start_round(state, 1)
    _check_consumed(script, "the first deal")
    while index < len(log):
        entry = log[index]
        if set(entry) != {"type", "seat", "move"}:
            raise InvalidRecord(f"log[{index}]: a move entry has exactly type, seat and move")
        index = _queue_until_move(log, index + 1, script)
        try:
            state.apply(entry["seat"], entry["move"])
        except InvalidRecord:
            raise
        except EngineError as error:
            raise InvalidRecord(f"log[{index}]: {error.message}") from error
        _check_consumed(script, f"the move at log[{index}]")
    state.script = None
    if not state.is_over:
        raise InvalidRecord("the log ends before the game does")
    if record["score"] != state.score():
        raise InvalidRecord("the record's score differs from the replayed game's")
    return state


def _queue_until_move(log: list[Any], start: int, script: CardScript) -> int:
    """Queue the deal and reshuffle entries from `start` up to the next move entry."""
    index = start
    while index < len(log) and log[index].get("type") != "move":
        if log[index].get("type") not in ("deal", "reshuffle"):
            raise InvalidRecord(f"log[{index}] has an unknown type {log[index].get('type')!r}")
        script.pending.append(log[index])
        index += 1
    return index


def _check_consumed(script: CardScript, after: str) -> None:
    if script.pending:
        raise InvalidRecord(
            f"the log has a {script.pending[0].get('type')} entry after {after}"
            " that did not happen there"
        )
