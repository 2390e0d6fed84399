"""Turn a bot typed with one game's TypedDicts into the SDK's untyped `Bot`."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

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
