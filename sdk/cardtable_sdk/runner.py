"""The bot runner: give it a seat session and a function `(view, legal_moves) -> move`, and
it plays that seat until the game ends.

    result = play(seat, lambda view, legal: legal[0])

While another seat is to act it long-polls the server (`GET /games/{id}?wait=N` with
If-None-Match), so it learns of its turn as soon as it comes, without hammering the
server. It recovers by itself from what is transient and never resends a move decided on
a view that is no longer current; the rules are in `cardtable_sdk._loop`, shared with
`play_async`. This module only runs that loop with blocking calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol, Unpack

from cardtable_sdk._drive import drive
from cardtable_sdk._loop import (
    DEFAULT_WAIT,
    Backoff,
    LongPoll,
    PlayLoop,
    PlayResult,
    PlaySettings,
    Port,
    Stalled,
    Watcher,
    bot_name,
)
from cardtable_sdk._retry import retried_by_caller
from cardtable_sdk.streaming import EventStream
from cardtable_sdk.views import MoveList, MoveResult, View

__all__ = [
    "DEFAULT_WAIT",
    "Backoff",
    "Bot",
    "LongPoll",
    "PlayResult",
    "PlaySettings",
    "SeatLike",
    "Stalled",
    "Watcher",
    "play",
]

Bot = Callable[[View, MoveList], Mapping[str, Any]]
"""A bot: the seat's view and its legal moves in, one move out. Views are plain dicts and
moves are the contract's flat dicts, so `def bot(view: dict, legal: list[dict]) -> dict`
fits too."""


class SeatLike(Protocol):
    """What the runner needs of a session (`SeatSession` and local play's `LocalSeat` have
    it; `move` may also take `idempotency_key=`, which the runner then sends)."""

    @property
    def seat(self) -> int: ...

    def view(self) -> View: ...

    def wait_for_change(self, timeout: float = ...) -> View | None: ...

    def legal_moves(self) -> MoveList: ...

    def move(self, move: Mapping[str, Any], *, version: int | None = None) -> MoveResult: ...

    def score(self) -> dict[str, Any]: ...


def play(
    session: SeatLike,
    bot: Bot,
    *,
    sleep: Callable[[float], None] = time.sleep,
    **settings: Unpack[PlaySettings],
) -> PlayResult:
    """Play `session`'s seat with `bot` until the game is over; return the final score.

    Settings (all optional, see `PlaySettings`): `wait` seconds per long-poll,
    `max_failures` transient failures in a row before the last one is raised,
    `idle_timeout` seconds without a change before `Stalled` is raised, `backoff`,
    `on_move(turn, move, result)` after each applied move of this seat, and `watcher`
    (how to wait for a change: by default the game's event stream for a server's session,
    falling back to long-polls, and long-polls for local play). `sleep` is how to wait."""
    watcher = settings.get("watcher") or default_watcher(session)
    port = Port(session, bot, sleep, watcher, lambda: session.seat)
    loop = PlayLoop(bot_name(bot), str(getattr(session, "game_id", "?")), settings)
    with retried_by_caller(session):
        return drive(loop.run(), port.perform)


def default_watcher(session: Any) -> Watcher:
    """The event stream for a server's session (it has a `connection`), else long-polls."""
    return EventStream(session) if hasattr(session, "connection") else LongPoll(session)
