"""The bot runner's play loop, sans-IO: every rule of how a seat is played and how it
recovers, written once for `play` (sync) and `play_async`.

`PlayLoop.run()` is a generator that yields `Step`s — read the view, wait for a change,
read the legal moves, ask the bot, send a move, sleep — and gets each one's answer back
(or its `CardtableError`, thrown in at the `yield`); `cardtable_sdk._drive` runs it. A
`Port` ties the steps to one session, one bot, one sleep function and one `Watcher`, the
"wait for a change" strategy: long-polling now (`LongPoll`), an event stream later, without
touching the loop.

Recovery rules:
- the game moved on (412 `stale_version`, 409 `version_conflict`, or `not_your_turn`,
  `game_over`, `game_not_started` after all): read the view again and ask the bot again;
  a move decided on an old view is never resent;
- transient failures (503, 429, lost connections, timeouts): wait (the server's
  `Retry-After`, capped, else exponential back-off with jitter) and try the same request
  again, giving up after `max_failures` failures in a row. A move is resent with the same
  `Idempotency-Key` and the same If-Match, so it can never act twice;
- a long-poll answered 304 well before its time (a server shedding load) makes the loop
  back off instead of asking again at once;
- a bot that returns something other than one of its legal moves raises `InvalidBotMove`
  naming the bot; a move the server refuses for itself is raised with the turn it was
  decided on in `error.turn`.

Log lines (logger `cardtable_sdk.play`) name the game, the step, the error code and the
delay; never a token, a view or a move's cards.
"""

from __future__ import annotations

import inspect
import logging
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypedDict

from cardtable_sdk._drive import Steps
from cardtable_sdk._session import new_idempotency_key
from cardtable_sdk.errors import (
    CardtableError,
    GameNotStarted,
    GameOver,
    InvalidBotMove,
    NotYourTurn,
    RateLimited,
    TransientError,
    VersionMismatch,
)
from cardtable_sdk.views import MoveList, MoveResult, Turn, View

log = logging.getLogger("cardtable_sdk.play")

DEFAULT_WAIT = 10.0
"""Seconds each long-poll may be held by the server (it allows up to 30)."""

RETRY_AFTER_CONFLICT = (VersionMismatch, NotYourTurn, GameOver, GameNotStarted)
"""Errors that mean only "your view was old": look again, decide again."""

EARLY_ANSWER = 0.5
"""A long-poll answered "no change" before this share of its wait counts as shed load."""

OnMove = Callable[[Turn, Mapping[str, Any], MoveResult], None]
OnWait = Callable[[TransientError, float], None]
"""Called as `on_wait(error, seconds)` before the loop sleeps out a transient failure: a
429 (`RateLimited`, its `retry_after` the server's Retry-After), a 503 or a lost link."""


class Stalled(CardtableError, code="stalled", answered=False):
    """The game did not change for `idle_timeout` seconds while waiting for this seat's turn."""


@dataclass
class Backoff:
    """Exponential back-off with jitter: `initial`, doubling, capped at `maximum` seconds.
    A server's Retry-After is honoured up to `retry_after_cap` seconds."""

    initial: float = 0.25
    maximum: float = 8.0
    retry_after_cap: float = 60.0
    rng: random.Random = field(default_factory=random.Random, repr=False)

    def delay(self, failures: int, retry_after: float | None = None) -> float:
        """Seconds to wait after the `failures`-th failure in a row; the server's
        Retry-After, when it gave one, is a lower bound (up to `retry_after_cap`)."""
        ceiling = min(self.maximum, self.initial * 2.0 ** max(0, failures - 1))
        wait = ceiling * (0.5 + 0.5 * self.rng.random())
        return max(wait, min(retry_after or 0.0, self.retry_after_cap))


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


class PlaySettings(TypedDict, total=False):
    """How `play` and `play_async` run; every key is optional."""

    wait: float
    """Seconds per long-poll (default 10; the server allows up to 30)."""
    max_failures: int
    """Transient failures in a row before the last one is raised (default 8)."""
    idle_timeout: float | None
    """Raise `Stalled` when the game has not changed for this long while waiting for this
    seat's turn (default None: wait as long as it takes)."""
    backoff: Backoff | None
    """Delays between retries (default `Backoff()`)."""
    on_move: OnMove | None
    """Called as `on_move(turn, move, result)` after each applied move of this seat."""
    on_wait: OnWait | None
    """Called as `on_wait(error, seconds)` before each wait on a transient failure (429:
    the seconds honour the server's Retry-After), besides the log line."""
    watcher: Watcher | None
    """How to wait for a change (default: `LongPoll` on the session)."""


class Watcher(Protocol):
    """Waits until a game moves past `version`: returns the new view, or None when nothing
    changed within `timeout` seconds (an awaitable of that for async sessions)."""

    def wait(self, version: int, timeout: float) -> Any: ...


@dataclass(frozen=True)
class LongPoll:
    """The long-poll watcher: the session's `wait_for_change` (`GET /games/{id}?wait=N` with
    If-None-Match), which waits past the version the session read last — the loop's view."""

    session: Any

    def wait(self, version: int, timeout: float) -> Any:
        return self.session.wait_for_change(timeout)


@dataclass
class Port:
    """What the steps act on: one seat session, its bot, a sleep function and a watcher.
    Sync and async runners differ only in what these return (values or awaitables)."""

    session: Any
    bot: Callable[[View, MoveList], Any]
    sleep: Callable[[float], Any]
    watcher: Watcher
    seat: Callable[[], Any]

    def __post_init__(self) -> None:
        # Sessions without idempotency keys (local play, which never loses an answer) are
        # called without one.
        self.keyed = "idempotency_key" in inspect.signature(self.session.move).parameters

    def perform(self, step: Step) -> Any:
        """Do `step`: its answer (for async sessions and bots, maybe an awaitable of it)."""
        match step:
            case Read("seat"):
                return self.seat()
            case Read(what):
                return getattr(self.session, what)()
            case WaitForChange(version, timeout):
                return self.watcher.wait(version, timeout)
            case Decide(view, legal):
                return self.bot(view, legal)
            case Sleep(seconds):
                return self.sleep(seconds)
            case SendMove(move, version, key) if self.keyed:
                return self.session.move(move, version=version, idempotency_key=key)
            case SendMove(move, version):
                return self.session.move(move, version=version)
        raise TypeError(f"unknown step {step!r}")


class Step:
    """One thing the loop needs done (`Port.perform` does it); `label` names it in logs."""

    label: ClassVar[str] = "step"


@dataclass(frozen=True)
class Read(Step):
    """Read the session's `what`: its "view", "legal_moves", "score" or "seat" number."""

    what: str

    @property
    def label(self) -> str:  # type: ignore[override]
        return "reading the " + self.what.replace("_", " ")


@dataclass(frozen=True)
class WaitForChange(Step):
    """Wait (the watcher's way) until the game moves past `version`, `timeout` seconds at
    most; answers the new view, or None when nothing changed."""

    version: int
    timeout: float
    label = "waiting for a change"


@dataclass(frozen=True)
class Decide(Step):
    """Ask the bot; answers its move (unchecked)."""

    view: View
    legal: MoveList
    label = "asking the bot"


@dataclass(frozen=True)
class SendMove(Step):
    """Send `move` with If-Match `version` and Idempotency-Key `key`; answers the
    MoveResult."""

    move: Mapping[str, Any]
    version: int
    key: str
    label = "sending the move"


@dataclass(frozen=True)
class Sleep(Step):
    """Pause before a retry."""

    seconds: float
    label = "sleeping"


def bot_name(bot: object) -> str:
    """How errors and logs name a bot: its qualified name, else its repr."""
    name = getattr(bot, "__qualname__", None)
    return name if isinstance(name, str) else repr(bot)


class PlayLoop:
    """Plays one seat until its game is over: `run()` yields the steps, returns the result."""

    def __init__(self, bot: str, game: str, settings: PlaySettings) -> None:
        unknown = sorted(set(settings) - set(PlaySettings.__annotations__))
        if unknown:
            raise TypeError(f"unknown play settings: {', '.join(unknown)}")
        self.bot = bot
        self.game = game
        self.wait = settings.get("wait", DEFAULT_WAIT)
        if not self.wait > 0:
            raise ValueError("wait must be a positive number of seconds")
        self.max_failures = settings.get("max_failures", 8)
        self.idle_timeout = settings.get("idle_timeout")
        self.backoff = settings.get("backoff") or Backoff()
        self.on_move = settings.get("on_move")
        self.on_wait = settings.get("on_wait")
        self.clock: Callable[[], float] = time.monotonic
        self.moves = 0
        self.retries = 0
        self._last_change = 0.0
        self._hiccups = 0
        self._wait_failures = 0
        self._early_answers = 0

    def run(self) -> Steps[Step, PlayResult]:
        view = yield from self._read_view()
        self._last_change = self.clock()
        while not view.finished:
            if view.is_my_turn:
                view = yield from self._take_turn(view)
            else:
                view = yield from self._wait_for_turn(view)
        score = yield from self._retrying(Read("score"))
        seat = yield Read("seat")
        return PlayResult(seat, score, view, self.moves, self.retries)

    # ---- retries and back-off -----------------------------------------------------------

    def _retrying(self, step: Step) -> Steps[Step, Any]:
        """`step`'s answer, retried after transient failures (up to `max_failures`)."""
        failures = 0
        while True:
            try:
                return (yield step)
            except TransientError as error:
                failures += 1
                yield from self._back_off(step, error, failures)

    def _back_off(self, step: Step, error: TransientError, failures: int) -> Steps[Step, None]:
        """Sleep before retrying `step` after its `failures`-th failure in a row, or raise
        `error` when that is more than `max_failures`."""
        self.retries += 1
        if failures > self.max_failures:
            log.warning(
                "game %s: %s failed %d times in a row (%s), giving up",
                self.game, step.label, failures, error.code,
            )  # fmt: skip
            raise error
        delay = self.backoff.delay(failures, error.retry_after)
        if isinstance(error, RateLimited):
            log.warning(
                "game %s: %s was rate limited (429, Retry-After %s s): waiting %.2f s,"
                " retry %d of %d (see docs/limits.md for the bot profile)",
                self.game, step.label, error.retry_after, delay, failures, self.max_failures,
            )  # fmt: skip
        else:
            log.warning(
                "game %s: %s failed (%s), retry %d of %d in %.2f s",
                self.game, step.label, error.code, failures, self.max_failures, delay,
            )  # fmt: skip
        if self.on_wait is not None:
            self.on_wait(error, delay)
        yield Sleep(delay)

    def _look_again(self, why: str, fresh: View | None = None) -> Steps[Step, View]:
        """The view to decide on after the game moved on: `fresh`, else read again."""
        self.retries += 1
        log.info("game %s: %s; looking again", self.game, why)
        if fresh is not None:
            return fresh
        return (yield from self._read_view())

    def _read_view(self) -> Steps[Step, View]:
        view: View = yield from self._retrying(Read("view"))
        return view

    # ---- this seat's turn ---------------------------------------------------------------

    def _take_turn(self, view: View) -> Steps[Step, View]:
        legal: MoveList = yield from self._retrying(Read("legal_moves"))
        if legal.version != view.version:
            return (yield from self._look_again("the game moved between view and legal moves"))
        if not legal:
            # The view says we act, yet nothing is legal: a server hiccup. Look again,
            # but not in a tight loop.
            self._hiccups += 1
            hiccup = TransientError("the seat is to act but has no legal move", code="no_moves")
            yield from self._back_off(Read("legal_moves"), hiccup, self._hiccups)
            return (yield from self._read_view())
        self._hiccups = 0
        turn = Turn(view, legal)
        move = yield Decide(view, legal)
        self._check(turn, move)
        return (yield from self._send(turn, move))

    def _check(self, turn: Turn, move: object) -> None:
        """Raise `InvalidBotMove` unless `move` is one of the turn's legal moves."""
        if isinstance(move, Mapping) and dict(move) in turn.legal_moves:
            return
        error = InvalidBotMove(
            f"bot {self.bot!r} returned {move!r:.200}, which is not one of the "
            f"{len(turn.legal_moves)} legal moves at version {turn.view.version}",
            details={"bot": self.bot, "version": turn.view.version},
        )
        error.turn = turn
        raise error

    def _send(self, turn: Turn, move: Mapping[str, Any]) -> Steps[Step, View]:
        """Send `move` until it is applied (resent with the same key after a transient
        failure), or the game moved on; return the view to go on from."""
        step = SendMove(move, turn.view.version, new_idempotency_key())
        failures = 0
        while True:
            try:
                result: MoveResult = yield step
            except RETRY_AFTER_CONFLICT as error:
                fresh = error.view if isinstance(error, VersionMismatch) else None
                why = f"the move was refused as out of date ({error.code})"
                fresh = fresh if isinstance(fresh, View) else None
                return (yield from self._look_again(why, fresh))
            except TransientError as error:
                failures += 1
                yield from self._back_off(step, error, failures)
                continue
            except CardtableError as error:
                error.turn = turn
                raise
            return self._applied(turn, move, result)

    def _applied(self, turn: Turn, move: Mapping[str, Any], result: MoveResult) -> View:
        self.moves += 1
        self._last_change = self.clock()
        log.debug("game %s: %s applied, at version %d", self.game, move.get("type"), result.version)
        if self.on_move is not None:
            self.on_move(turn, move, result)
        return result.view

    # ---- another seat's turn ------------------------------------------------------------

    def _wait_for_turn(self, view: View) -> Steps[Step, View]:
        step = WaitForChange(view.version, self._wait_time(view))
        started = self.clock()
        try:
            changed: View | None = yield step
        except TransientError as error:
            self._wait_failures += 1
            yield from self._back_off(step, error, self._wait_failures)
            return view
        if self._wait_failures:
            log.info("game %s: waiting again after %d failures", self.game, self._wait_failures)
            self._wait_failures = 0
        if changed is not None:
            self._last_change = self.clock()
            return changed
        if self.clock() - started < step.timeout * EARLY_ANSWER:
            yield from self._early_answer(view)
        else:
            self._early_answers = 0
        return view

    def _wait_time(self, view: View) -> float:
        """The next wait: `wait`, cut to what is left of `idle_timeout`; raises `Stalled`
        once that is used up."""
        if self.idle_timeout is None:
            return self.wait
        left = self.idle_timeout - (self.clock() - self._last_change)
        if left <= 0:
            raise Stalled(
                f"no change for {self.idle_timeout} s at version {view.version}",
                details={"version": view.version, "idle_timeout": self.idle_timeout},
            )
        return min(self.wait, left)

    def _early_answer(self, view: View) -> Steps[Step, None]:
        # A server shedding load may answer "no change" at once: asking again at once
        # would make a busy loop of it. Back off, but never give up for this alone.
        self._early_answers += 1
        delay = self.backoff.delay(self._early_answers)
        log.info(
            "game %s: the long-poll at version %d was answered early; waiting %.2f s",
            self.game, view.version, delay,
        )  # fmt: skip
        yield Sleep(delay)
