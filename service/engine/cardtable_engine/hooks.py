"""The modules a game's state class may hand jobs to, typed: each is a Protocol a game
folder's module satisfies (`stored_form.py`, `moves.py`, `events.py`, `search.py`). A state
class names its modules explicitly (`stored_form = stored_form`, ...); mypy checks each
against its Protocol. The state the functions take is the game's own state class, so it is
typed `Any` here."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from cardtable_engine.checks import Check
from cardtable_engine.options import JSON

View = dict[str, Any]


class StoredFormHooks(Protocol):
    """A game's stored form as data (see docs/adding-a-game.md, "The hooks"). Optionally also
    `trusted_fields(data)`, the keys of a snapshot the host wrote, converted unchecked."""

    def state_fields(self, n: int, options: Mapping[str, JSON], /) -> dict[str, Check]: ...
    def dump_fields(self, state: Any, /) -> dict[str, JSON]: ...
    def restore(self, state: Any, fields: dict[str, Any], /) -> None: ...
    def check_consistency(self, state: Any, /) -> None: ...
    def log_entries(self, n: int, /) -> dict[str, Check]: ...
    def order_of(self, entry: Mapping[str, Any], /) -> list[int]: ...


class PlayHooks(Protocol):
    """Why a move is refused now, and what a checked move does."""

    def check_legal(self, state: Any, seat: int, move: dict[str, JSON], /) -> None: ...
    def perform(self, state: Any, seat: int, move: dict[str, JSON], /) -> None: ...


class EventHooks(Protocol):
    """What a `move` or `deal` event shows, and the JSON Schema of each field it may add."""

    @property
    def MOVE_FIELDS(self) -> Mapping[str, Any]: ...
    @property
    def DEAL_FIELDS(self) -> Mapping[str, Any]: ...
    def move_consequences(
        self, entry: dict[str, JSON], before: View, after: View, new_round: bool, /
    ) -> dict[str, JSON]: ...
    def deal_fields(self, after: View, /) -> dict[str, JSON]: ...


class SearchHooks(Protocol):
    """Cheap clones and states consistent with a view (see cardtable_engine.search)."""

    def clone(self, state: Any, /) -> Any: ...
    def from_view(self, view: Mapping[str, Any], rng: random.Random, /) -> Any: ...


__all__ = ["EventHooks", "PlayHooks", "SearchHooks", "StoredFormHooks"]
