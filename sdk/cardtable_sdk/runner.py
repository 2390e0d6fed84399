"""The bot runner: give it a seat session and a function `(view, legal_moves) -> move`, and
it plays that seat until the game ends.

    result = play(seat, lambda view, legal: legal[0])

While another seat is to act it long-polls the server (`GET /games/{id}?wait=N` with
If-None-Match), so it learns of its turn as soon as it comes, without hammering the
server. It recovers by itself from what is transient, and never resends a move decided on
a view that is no longer current:
- the game moved on (412 `stale_version`, 409 `version_conflict`, or `not_your_turn` /
  `game_over` after all): read the view again and ask the bot again;
- 503 / connection failures / timeouts: wait (the server's Retry-After, else exponential
  back-off with jitter), read the view again, decide again; give up after
  `max_failures` failures in a row;
- a move the server refuses for itself (`IllegalMove`, `MalformedMove`, `WrongPhase`) is
  the bot's bug: it is raised, with the turn it was decided on in `error.turn`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable_sdk.errors import (
    CardtableError,
    GameOver,
    NotYourTurn,
    TransientError,
    VersionMismatch,
)
from cardtable_sdk.views import MoveList, MoveResult, Turn, View

__all__ = ["Backoff", "Bot", "PlayResult", "Stalled", "play"]

Bot = Callable[[View, MoveList], Mapping[str, Any]]
"""A bot: the seat's view and its legal moves in, one move out. Views are plain dicts and
moves are the contract's flat dicts, so `def bot(view: dict, legal: list[dict]) -> dict`
fits too."""

OnMove = Callable[[Turn, Mapping[str, Any], MoveResult], None]

DEFAULT_WAIT = 10.0
"""Seconds each long-poll may be held by the server (it allows up to 30)."""

RETRY_AFTER_CONFLICT = (VersionMismatch, NotYourTurn, GameOver)
"""Errors that mean only "your view was old": look again, decide again."""


class Stalled(CardtableError):
    """The game did not change for `idle_timeout` seconds while waiting for this seat's turn."""

    default_code = "stalled"


@dataclass
class Backoff:
    """Exponential back-off with jitter: `initial`, doubling, capped at `maximum` seconds."""

    initial: float = 0.25
    maximum: float = 8.0
    rng: random.Random = field(default_factory=random.Random, repr=False)

    def delay(self, failures: int, retry_after: float | None = None) -> float:
        """Seconds to wait after the `failures`-th failure in a row; the server's
        Retry-After, when it gave one, is a lower bound."""
        ceiling = min(self.maximum, self.initial * 2.0 ** max(0, failures - 1))
        wait = ceiling * (0.5 + 0.5 * self.rng.random())
        return max(wait, retry_after or 0.0)


@dataclass
class PlayResult:
    """How a played game ended for one seat."""

    seat: int
    score: dict[str, Any]
    view: View = field(repr=False)
    moves: int
    """Moves this seat made."""
    retries: int = 0
    """Times the runner had to look again (conflicts) or wait out a failure."""

    @property
    def won(self) -> bool:
        return self.seat in self.score.get("winners", [])


class SeatLike(Protocol):
    """What the runner needs of a session (`SeatSession` has it)."""

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
    wait: float = DEFAULT_WAIT,
    max_failures: int = 8,
    idle_timeout: float | None = None,
    backoff: Backoff | None = None,
    on_move: OnMove | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> PlayResult:
    """Play `session`'s seat with `bot` until the game is over; return the final score.

    `wait`: seconds per long-poll; `max_failures`: transient failures in a row before the
    last one is raised; `idle_timeout`: raise `Stalled` when the game has not changed for
    this long while waiting (None: wait as long as it takes); `on_move(turn, move, result)`
    is called after each applied move of this seat."""
    backoff = backoff or Backoff()
    failures = 0
    retries = 0
    moves = 0
    view: View | None = None
    last_change = time.monotonic()
    while True:
        try:
            if view is None:
                view = session.view()
            if view.finished:
                return PlayResult(
                    session.seat, _score(session, backoff, sleep), view, moves, retries
                )
            if not view.is_my_turn:
                changed = session.wait_for_change(wait)
                if changed is None:
                    if idle_timeout is not None and time.monotonic() - last_change > idle_timeout:
                        raise Stalled(f"no change for {idle_timeout} s at version {view.version}")
                else:
                    view, last_change = changed, time.monotonic()
                failures = 0
                continue
            legal = session.legal_moves()
            if legal.version != view.version:
                view = None  # the game moved between the two reads: look again
                retries += 1
                continue
            if not legal:
                # The view says we act, yet nothing is legal: a server hiccup. Look again,
                # but not in a tight loop.
                failures += 1
                if failures > max_failures:
                    raise CardtableError("the seat is to act but has no legal move")
                sleep(backoff.delay(failures))
                view = None
                continue
            turn = Turn(view, legal)
            move = bot(view, legal)
            try:
                result = session.move(move, version=view.version)
            except CardtableError as error:
                error.turn = turn
                raise
            moves += 1
            failures = 0
            view, last_change = result.view, time.monotonic()
            if on_move is not None:
                on_move(turn, move, result)
        except RETRY_AFTER_CONFLICT as error:
            retries += 1
            fresh = getattr(error, "view", None)
            view = fresh if isinstance(fresh, View) else None
        except TransientError as error:
            failures += 1
            retries += 1
            if failures > max_failures:
                raise
            sleep(backoff.delay(failures, error.retry_after))
            view = None


def _score(session: SeatLike, backoff: Backoff, sleep: Callable[[float], None]) -> dict[str, Any]:
    failures = 0
    while True:
        try:
            return session.score()
        except TransientError as error:
            failures += 1
            if failures > 8:
                raise
            sleep(backoff.delay(failures, error.retry_after))
