"""Score sheets' rules, per game: what a round entry holds and how it is counted. A game
that can be scored on a sheet declares them in its folder (`sheet.py`) and hands them to
`GameRules.hosting(..., sheet=...)`; the service's score sheets (cardtable/sheets) keep
the entries, the versions and the tokens, and know no game by name."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable_engine.checks import is_int
from cardtable_engine.host import ServiceError
from cardtable_engine.options import JSON

Options = Mapping[str, JSON]
Rounds = Sequence[Mapping[str, Any]]


class InvalidRound(ServiceError):
    """The round's numbers are not possible: wrong count, out of range, a winner with cards
    left in the stock, and the like."""

    code = "invalid_round"


class UnknownSeat(ServiceError):
    """A finisher or winner that is not a seat of this sheet."""

    code = "invalid_seat"


class RoundFieldError(ServiceError):
    """A field the sheet's game does not take, a missing one, or one of the wrong type.

    Uses the API's `validation_error` code and its `details.fields` shape (field messages
    under the request location, "json"), so a client meets the same error whether the
    request schema or the sheet's game refused the field.
    """

    code = "validation_error"

    def __init__(self, fields: Mapping[str, str]):
        summary = "; ".join(f"{name}: {text}" for name, text in fields.items())
        super().__init__(
            f"invalid request: {summary}",
            fields={"json": {name: [text] for name, text in fields.items()}},
        )


def check_fields(
    entry: Mapping[str, Any], game_title: str, allowed: set[str], required: set[str]
) -> None:
    problems: dict[str, str] = {}
    for name in sorted(set(entry) - allowed):
        problems[name] = f"Unknown field for a {game_title} score sheet."
    for name in sorted(required - set(entry)):
        problems[name] = "Missing data for required field."
    if problems:
        raise RoundFieldError(problems)


def int_list(entry: Mapping[str, Any], name: str, n_players: int) -> list[int]:
    values = entry[name]
    if not isinstance(values, list) or not all(is_int(v) for v in values):
        raise RoundFieldError({name: "Must be a list of integers, one per player."})
    if len(values) != n_players:
        raise InvalidRound(
            f"{name} must list {n_players} numbers, one per player in seat order;"
            f" got {len(values)}",
            field=name,
            expected=n_players,
            received=len(values),
        )
    return list(values)


def seat_or_none(entry: Mapping[str, Any], name: str, n_players: int) -> int | None:
    value = entry[name]
    if value is None:
        return None
    if not is_int(value):
        raise RoundFieldError({name: "Not a valid integer."})
    if not 0 <= value < n_players:
        raise UnknownSeat(
            f"{name} must be a seat from 0 to {n_players - 1} (or null), not {value}",
            field=name,
            seat=value,
        )
    seat: int = value
    return seat


class SheetRules(ABC):
    """How one game is scored on a sheet (its folder's `sheet.py`, handed to
    `GameRules.hosting`); every rule itself comes from the game's own scoring."""

    game: ClassVar[str]
    title: ClassVar[str]
    option_names: ClassVar[tuple[str, ...]]
    lower_is_better: ClassVar[bool]
    round_fields: ClassVar[Mapping[str, Mapping[str, Any]]]
    """The JSON Schema of each field a round entry may hold: the only fields it takes
    (`check_fields`), and openapi.yaml's `ScoresheetRoundRequest` (every hosted game's)."""

    def check_fields(self, entry: Mapping[str, Any], required: set[str]) -> None:
        """RoundFieldError for a field not among `round_fields`, or a `required` one missing."""
        check_fields(entry, self.title, set(self.round_fields), required)

    @abstractmethod
    def parse_round(
        self, entry: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        """The entry, checked and normalized to what the sheet stores."""
        ...

    @abstractmethod
    def count_round(
        self, entered: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        """The round as counted: at least `scores`, plus what explains them."""
        ...

    @abstractmethod
    def is_over(self, totals: Sequence[int], rounds: Rounds, options: Options) -> bool: ...

    @abstractmethod
    def winners(self, totals: Sequence[int], rounds: Rounds) -> list[int]: ...


__all__ = [
    "InvalidRound",
    "Options",
    "RoundFieldError",
    "Rounds",
    "SheetRules",
    "UnknownSeat",
    "check_fields",
    "int_list",
    "seat_or_none",
]
