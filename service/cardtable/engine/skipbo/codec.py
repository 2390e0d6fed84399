"""The plain-data form of a Skip-Bo state (JSON-able, with a schema version) and its
validation when loaded: shapes, the 162-card deck across all zones, and the facts that tie
round, turn, scores and log together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.engine.base import JSON, DeckRng, EngineError, InvalidState
from cardtable.engine.skipbo import scoring
from cardtable.engine.skipbo.cards import DECK
from cardtable.engine.skipbo.moves import partner
from cardtable.engine.skipbo.options import resolve_options
from cardtable.engine.skipbo.shuffles import DEAL_FIELDS, RESHUFFLE_FIELDS, is_card_list
from cardtable.engine.skipbo.table import Table

if TYPE_CHECKING:
    from cardtable.engine.skipbo.state import SkipBoState

Entry = dict[str, JSON]


def state_to_dict(state: SkipBoState) -> dict[str, JSON]:
    """Every zone lists its pile bottom first (top card last); the log is copied."""
    return {
        "game": state.game,
        "schema_version": state.SCHEMA_VERSION,
        "names": list(state.names),
        "options": dict(state.options),
        "version": state.version,
        "rng": state.rng.to_dict(),
        "phase": "finished" if state.finished else "playing",
        "round": state.round,
        "current": state.current,
        "built_this_turn": state.built_this_turn,
        "drawn_turns": state.drawn_turns,
        "table": state.table.to_dict(),
        "rounds": [
            {
                "round": r["round"],
                "scores": list(r["scores"]),
                "winner": r["winner"],
                "stocks_left": list(r["stocks_left"]),
            }
            for r in state.rounds
        ],
        "log": copy_log(state.log),
    }


def state_from_dict(cls: type[SkipBoState], data: Mapping[str, Any]) -> SkipBoState:
    """Rebuild a state, or raise InvalidState saying what is wrong.

    The state takes over the log's move entries instead of copying them (logs hold
    hundreds, and a state is loaded on every request): `data` must not be changed
    afterwards. A `json.loads` result or a fresh `to_dict()` is the caller's to give.
    Everything else is copied.
    """
    try:
        return _state_from_dict(cls, data)
    except InvalidState:
        raise
    except EngineError as error:  # InvalidOptions / InvalidPlayers of a stored state
        raise InvalidState(f"invalid stored options or players: {error.message}") from None


def copy_log(log: list[Entry]) -> list[Entry]:
    """A deep copy of a log whose entries have the shapes `_log` checks.

    Logs grow to hundreds of entries and are copied on every save, so this is one tight
    pass (moves, by far the most entries, first) rather than a generic walk.
    """
    copied: list[Entry] = []
    append = copied.append
    for entry in log:
        kind = entry["type"]
        if kind == "move":
            append({"type": "move", "seat": entry["seat"], "move": entry["move"].copy()})
        elif kind == "deal":
            append(
                {
                    "type": "deal",
                    "round": entry["round"],
                    "first_player": entry["first_player"],
                    "stocks": [list(stock) for stock in entry["stocks"]],
                    "draw_pile": list(entry["draw_pile"]),
                }
            )
        else:
            append({"type": "reshuffle", "draw_pile": list(entry["draw_pile"])})
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


def _state_from_dict(cls: type[SkipBoState], data: Mapping[str, Any]) -> SkipBoState:
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
    # a drawn round ends when the count reaches n; a finished game keeps that count
    state.drawn_turns = _int(data["drawn_turns"], "drawn_turns", 0, n if state.finished else n - 1)
    if not isinstance(data["table"], Mapping):
        raise InvalidState("table must be an object")
    state.table = Table.from_dict(data["table"], n)
    if state.table.card_counts() != DECK:
        raise InvalidState("the zones do not hold exactly the 162 Skip-Bo cards")
    state.rounds = _rounds(data["rounds"], n, state.options["teams"])
    state.log, moves_logged, deals = _log(data["log"], n)
    _check_consistency(state, moves_logged, deals)
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


def _log(value: object, n: int) -> tuple[list[Entry], int, int]:
    """The checked log (a new list), with the number of moves and of deals it holds.

    Move entries that are plain dicts are kept as they are, not copied: the caller hands
    them over (see `state_from_dict`), and the engine never changes a log entry once
    written. Deals and reshuffles, few but large, are copied.
    """
    if type(value) is not list:
        raise InvalidState("log must be a list")
    log: list[Entry] = []
    append = log.append
    moves = deals = 0
    for index, entry in enumerate(value):
        # Moves are nearly every entry and a state is loaded on every request, so their
        # check is in line, without calls. Three keys of which these two are present are
        # exactly type, seat and move.
        if type(entry) is dict and len(entry) == 3 and entry.get("type") == "move":
            seat = entry.get("seat")
            if type(seat) is int and 0 <= seat < n and type(entry.get("move")) is dict:
                append(entry)
                moves += 1
                continue
        checked = _entry(entry, index, n)
        if checked["type"] == "move":
            moves += 1
        elif checked["type"] == "deal":
            deals += 1
        append(checked)
    return log, moves, deals


def _entry(entry: object, index: int, n: int) -> Entry:
    """A checked copy of any log entry (the slow path, which says what is wrong)."""
    if not isinstance(entry, Mapping) or entry.get("type") not in ("deal", "move", "reshuffle"):
        raise InvalidState(f"log entry {index} is not a deal, move or reshuffle")
    kind = entry["type"]
    if kind == "move":
        if set(entry) != {"type", "seat", "move"} or not isinstance(entry["move"], Mapping):
            raise InvalidState(f"log entry {index} must hold seat and move")
        seat = _int(entry["seat"], f"log entry {index} seat", 0, n - 1)
        return {"type": "move", "seat": seat, "move": dict(entry["move"])}
    if kind == "deal":
        if set(entry) != DEAL_FIELDS:
            raise InvalidState(f"log entry {index} has the wrong deal fields")
        _int(entry["round"], f"log entry {index} round", 1)
        _int(entry["first_player"], f"log entry {index} first_player", 0, n - 1)
        stocks = entry["stocks"]
        if not isinstance(stocks, list) or len(stocks) != n:
            raise InvalidState(f"log entry {index} must list {n} stocks")
        for pile in [*stocks, entry["draw_pile"]]:
            _log_cards(pile, index)
        return {
            "type": "deal",
            "round": entry["round"],
            "first_player": entry["first_player"],
            "stocks": [list(stock) for stock in stocks],
            "draw_pile": list(entry["draw_pile"]),
        }
    if set(entry) != RESHUFFLE_FIELDS:
        raise InvalidState(f"log entry {index} must hold a draw pile")
    _log_cards(entry["draw_pile"], index)
    return {"type": "reshuffle", "draw_pile": list(entry["draw_pile"])}


def _log_cards(value: object, index: int) -> None:
    if not is_card_list(value):
        raise InvalidState(f"log entry {index} holds a pile that is not a list of cards")


def _check_consistency(state: SkipBoState, moves_logged: int, deals: int) -> None:
    """Facts that tie the parts together (a state that passes could have been played);
    `moves_logged` and `deals` count the log's entries of each kind."""
    if moves_logged != state.version:
        raise InvalidState(f"version {state.version} but {moves_logged} moves in the log")
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
        mate = partner(state, seat)
        if not stock and (mate is None or not stocks[mate]):
            raise InvalidState(f"seat {seat}'s round is over (empty stock) yet still played")
