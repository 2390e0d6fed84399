"""One loader for every game, driven by the game's declared fields: the common head (game,
schema version, names, options, version, RNG), the game's own fields, then the log (when
present) and the game's consistency checks.

A host may vouch for a snapshot it wrote itself with this release (`trusted`): such a
snapshot was dumped from a state that every move kept consistent, so its values are taken
over as they are, without walking them (a host loads its snapshot on every request). Only
the shape that tells one release's snapshot from another's is still checked (game, schema
version, keys); anything else (a client's data, a record, a document of a release before,
migrated) goes through every check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from cardtable_engine import turn_limit
from cardtable_engine.base import COMMON_KEYS, Entry, entry_checks
from cardtable_engine.cards import DeckRng
from cardtable_engine.checks import Check, integer, strings
from cardtable_engine.errors import EngineError, InvalidState

if TYPE_CHECKING:
    from cardtable_engine.base import GameState

S = TypeVar("S", bound="GameState")


def load(cls: type[S], data: Mapping[str, Any], *, trusted: bool = False) -> S:
    """Rebuild a state of `cls` from `to_dict()` or `snapshot()` data, or InvalidState.
    `trusted`: `data` is a fresh decoding of a `snapshot()` this release wrote (the state
    takes over its lists; see the module's docstring)."""
    try:
        return _load_trusted(cls, data) if trusted else _load(cls, data)
    except InvalidState as error:
        if error.message.startswith("invalid "):
            raise
        raise InvalidState(f"invalid {cls.info.title} state: {error.message}") from None
    except (EngineError, TypeError, ValueError, KeyError) as error:
        raise InvalidState(f"invalid {cls.info.title} state: {error}") from None


def _load(cls: type[S], data: Mapping[str, Any]) -> S:
    _check_head(cls, data)
    names = strings(data.get("names"), "names")
    cls.info.check_players(len(names))
    options = data.get("options")
    if not isinstance(options, Mapping) or not _resolved(cls, options, len(names)):
        raise InvalidState("options must list every option of the game, resolved")
    fields = cls.state_fields(len(names), options)
    tail = "log" if "log" in data else "log_length"
    expected = {*COMMON_KEYS, *fields, tail}
    if set(data) != expected:
        missing, extra = sorted(expected - set(data)), sorted(set(data) - expected)
        raise InvalidState(f"state keys differ: missing {missing}, unexpected {extra}")
    state = cls(names, options, DeckRng.from_dict(data["rng"]))
    version = integer(0)(data["version"], "version")
    assert version is not None
    state.version = version
    state.restore({key: check(data[key], key) for key, check in fields.items()})
    if tail == "log":
        state.log = _log(cls, data["log"], len(names))
        _check_log(state)
    else:
        state.log_offset = integer(1)(data["log_length"], "log_length") or 0
    state.check_consistency()
    return state


def _resolved(cls: type[GameState], options: Mapping[str, Any], n_players: int) -> bool:
    """Every option is listed with its resolved value, except options added since the state
    was written, which are off (null) when missing (`max_turns`, see `turn_limit`)."""
    given = turn_limit.unset_when_missing(options, cls.info.option_specs)
    resolved = cls.info.resolve_options(given, n_players)
    later = {k: v for k, v in resolved.items() if k not in given and v is None}
    return resolved == {**given, **later}


def _load_trusted(cls: type[S], data: Mapping[str, Any]) -> S:
    _check_head(cls, data)
    fields = cls.trusted_fields(data)
    if set(data) != {*COMMON_KEYS, *fields, "log_length"}:
        raise InvalidState("a trusted snapshot has the keys of this release's snapshots")
    state = cls(data["names"], data["options"], DeckRng.from_dict(data["rng"]))
    state.version = data["version"]
    state.restore(fields)
    state.log_offset = data["log_length"]
    return state


def _check_head(cls: type[GameState], data: Mapping[str, Any]) -> None:
    if not isinstance(data, Mapping):
        raise InvalidState("a state is a JSON object")
    if data.get("game") != cls.info.name:
        raise InvalidState(f"game must be {cls.info.name!r}, not {data.get('game')!r}")
    if data.get("schema_version") != cls.SCHEMA_VERSION:
        raise InvalidState(f"unknown schema_version {data.get('schema_version')!r}")


_CHECKED_MOVES: dict[tuple[type[GameState], int], set[tuple[Any, ...]]] = {}
"""Per game and player count: the move entries that passed the check, each as its values
and their types (in a tuple True == 1, so the types tell them apart) in the fields' order.
Logs repeat the same few hundred moves and a state is loaded on every request, so each
distinct entry is checked once."""
_MAX_CHECKED_MOVES = 100_000


def _log(cls: type[GameState], value: object, n_players: int) -> list[Entry]:
    """The checked log (a new list); move entries are kept as they are, not copied."""
    if type(value) is not list:
        raise InvalidState("log must be a list")
    checks = entry_checks(cls, n_players)
    checked = _CHECKED_MOVES.setdefault((cls, n_players), set())
    log = []
    for index, entry in enumerate(value):
        key = None
        if type(entry) is dict and len(entry) == 3 and type(move := entry.get("move")) is dict:
            seat = entry.get("seat")
            values = move.values()
            key = (entry.get("type"), seat, type(seat), *move.items(), *map(type, values))
            try:
                if key in checked:
                    log.append(entry)
                    continue
            except TypeError:  # a list or an object among the values: the check says why
                key = None
        log.append(_entry(checks, entry, index))
        if key is not None and len(checked) < _MAX_CHECKED_MOVES:
            checked.add(key)
    return log


def _entry(checks: dict[str, Check], entry: Any, index: int) -> Entry:
    kind = entry.get("type") if type(entry) is dict else None
    check = checks.get(kind) if type(kind) is str else None
    if check is None:
        raise InvalidState(f"log[{index}] must be an object of type {', '.join(checks)}")
    checked: Entry = check(entry, f"log[{index}]")
    return checked


def _check_log(state: GameState) -> None:
    kinds = [entry["type"] for entry in state.log]
    if not kinds or kinds[0] != "deal":
        raise InvalidState("the log opens with the first deal")
    if kinds.count("move") != state.version:
        raise InvalidState(
            f"the log holds {kinds.count('move')} moves but version is {state.version}"
        )
    if kinds.count("deal") != state.round:
        raise InvalidState(f"round {state.round} but {kinds.count('deal')} deals in the log")
