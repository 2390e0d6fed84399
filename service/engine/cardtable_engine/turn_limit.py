"""The rules-level safeguard that makes every game end: the `max_turns` option (turns per
seat in one round), the turn count that backs it, and how both are stored.

Every game that declares the option is capped by default, whoever plays it (people, server
bots or SDK bots over HTTP, the arena, the environments): the default is the one turn cap,
written once, per game in its `info.py`. A round that reaches `max_turns` turns per seat
ends at once and is scored as it lies (each game says how, docs/rules.md). The count is
stored only in games played with the option set, so states written before it existed (and
games written for the release before, which knows no such option) load and dump
unchanged: there a missing `max_turns` means no limit (`unset_when_missing`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable_engine.checks import Check, integer
from cardtable_engine.options import JSON, OptionSpec, integer_option

FIELD = "turns"
"""The stored key of the turns played in the current round (only with `max_turns`)."""

NAME = "max_turns"


def option_spec(what: str, default: int) -> OptionSpec:
    """The option as a game declares it, with its default: far more turns per seat than a
    round takes between players who try to end it (see each game's `info.py`)."""
    return integer_option(
        NAME,
        f"The most turns each seat may take in one round; then the round ends {what}"
        f" (default {default}, on in every game; null: no limit).",
        (1, 10_000),
        default=default,
        nullable=True,
    )


def declared(specs: Sequence[OptionSpec]) -> bool:
    return any(spec.name == NAME for spec in specs)


def unset_when_missing(options: Mapping[str, JSON], specs: Sequence[OptionSpec]) -> dict[str, JSON]:
    """`options` with `max_turns` null where they leave it out (for a game that declares it):
    how states, records and documents written before the option existed are read."""
    given = dict(options)
    if declared(specs) and NAME not in given:
        given[NAME] = None
    return given


def cap(options: Mapping[str, JSON], n_players: int) -> int | None:
    """The turns (all seats together) after which a round ends, or None."""
    per_seat = options.get(NAME)
    return None if per_seat is None else int(per_seat) * n_players


def reached(options: Mapping[str, JSON], n_players: int, turns: int) -> bool:
    limit = cap(options, n_players)
    return limit is not None and turns >= limit


def field_check(options: Mapping[str, JSON], n_players: int) -> dict[str, Check]:
    """`{"turns": check}` for a game played with the option, else nothing."""
    limit = cap(options, n_players)
    return {} if limit is None else {FIELD: integer(0, limit)}


def dump(options: Mapping[str, JSON], turns: int) -> dict[str, JSON]:
    return {} if options.get(NAME) is None else {FIELD: turns}


def drop_unset(options: dict[str, JSON]) -> None:
    """Leave an unset `max_turns` out of `options`, as states written before the option
    existed have them (the loader accepts both forms)."""
    if NAME in options and options[NAME] is None:
        del options[NAME]


def trusted(data: Mapping[str, Any]) -> dict[str, Any]:
    return {FIELD: data[FIELD]} if FIELD in data else {}


def restored(fields: Mapping[str, Any]) -> int:
    return int(fields.get(FIELD, 0))


def uncapped_for_old_release(options: object, specs: Sequence[OptionSpec]) -> object:
    """The options of a new game written for the release before, which knows no
    `max_turns`: unset unless the request gives it (anything else is left for the option
    checks to judge)."""
    if not (options is None or isinstance(options, Mapping)):
        return options
    return unset_when_missing(options or {}, specs)
