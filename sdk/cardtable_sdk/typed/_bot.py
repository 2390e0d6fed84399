"""Turn a bot typed with one game's TypedDicts into the SDK's untyped `Bot`.

Every generated game module ends with the same four names, explained here once:
`Move` (the union of its move shapes), `MOVES` (every move shape, for the test that keeps
them in step with the API), `Event` (what `/events` returns for this game: its
`MoveEvent` holds this game's `Move`) and `bot`, a `BotDecorator` typed with the game's
`View` and `Move`: use a bot typed with these shapes wherever the SDK takes a bot (`play`,
local play)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar, cast

from cardtable_sdk.runner import Bot
from cardtable_sdk.views import MoveList, View

ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")


def untyped(
    typed: Callable[[ViewT, list[MoveT]], MoveT],
) -> Bot:
    """The same function, seen by the runner as `(View, MoveList) -> move`. Only a cast:
    the view and the moves are the very objects the SDK passes."""

    @functools.wraps(typed)
    def bot(view: View, legal_moves: MoveList) -> Mapping[str, Any]:
        move = typed(cast(ViewT, view), cast(list[MoveT], legal_moves))
        return cast(Mapping[str, Any], move)

    return bot


class BotDecorator(Generic[ViewT, MoveT]):
    """A game's `bot` decorator (each generated module has one, typed with its game's
    `View` and `Move`): `@skyjo.bot` on `(skyjo.View, list[skyjo.Move]) -> skyjo.Move`."""

    def __call__(self, typed: Callable[[ViewT, list[MoveT]], MoveT]) -> Bot:
        return untyped(typed)
