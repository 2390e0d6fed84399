"""The rules-level safeguard that makes every game end: the `max_turns` option (turns per
seat in one round), the turn count that backs it, and how both are stored.

A round that reaches `max_turns` turns per seat ends at once and is scored as it lies (each
game says how, docs/rules.md). The count is stored only in games played with the option,
so states written before it existed load and dump unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable_engine.checks import Check, integer
from cardtable_engine.options import JSON, OptionSpec, integer_option

FIELD = "turns"
"""The stored key of the turns played in the current round (only with `max_turns`)."""

BOTS_ONLY_DEFAULT = 100
"""What the server and the SDK's arena and environments use when no seat is a human: far
more turns than a round of either game takes between players who try to end it."""


def option_spec(what: str) -> OptionSpec:
    return integer_option(
        "max_turns",
        f"The most turns each seat may take in one round; then the round ends {what}"
        " (null: no limit; the server sets 100 when every seat is a bot).",
        (1, 10_000),
        nullable=True,
    )


def cap(options: Mapping[str, JSON], n_players: int) -> int | None:
    """The turns (all seats together) after which a round ends, or None."""
    per_seat = options.get("max_turns")
    return None if per_seat is None else int(per_seat) * n_players


def reached(options: Mapping[str, JSON], n_players: int, turns: int) -> bool:
    limit = cap(options, n_players)
    return limit is not None and turns >= limit


def field_check(options: Mapping[str, JSON], n_players: int) -> dict[str, Check]:
    """`{"turns": check}` for a game played with the option, else nothing."""
    limit = cap(options, n_players)
    return {} if limit is None else {FIELD: integer(0, limit)}


def dump(options: Mapping[str, JSON], turns: int) -> dict[str, JSON]:
    return {} if options.get("max_turns") is None else {FIELD: turns}


def drop_unset(options: dict[str, JSON]) -> None:
    """Leave an unset `max_turns` out of `options`, as states written before the option
    existed have them (the loader accepts both forms)."""
    if "max_turns" in options and options["max_turns"] is None:
        del options["max_turns"]


def trusted(data: Mapping[str, Any]) -> dict[str, Any]:
    return {FIELD: data[FIELD]} if FIELD in data else {}


def restored(fields: Mapping[str, Any]) -> int:
    return int(fields.get(FIELD, 0))


def bots_only_default(options: object, bots_only: bool) -> object:
    """The options of a new game, with `max_turns` set when no seat is human and the
    request leaves it out (anything else is left for the option checks to judge)."""
    if not bots_only or not (options is None or isinstance(options, Mapping)):
        return options
    given = dict(options or {})
    return given if "max_turns" in given else {**given, "max_turns": BOTS_ONLY_DEFAULT}
