"""Runs sans-IO generators: the one place where their steps meet real I/O, sync or async.

The SDK writes each piece of protocol logic once, as a generator that yields what it needs
done (an HTTP call, a session read, a sleep) and gets the answer back from `yield`. An
error of the SDK's own (`CardtableError`) is thrown back in at that `yield`, so the
generator's `try`/`except` handles it as if it had made the call itself; anything else (a
bug, Ctrl-C) ends the run. `drive` performs the steps with plain calls, `drive_async`
awaits them; neither knows what the steps mean.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator, Iterator
from typing import Any, Generic, TypeVar

from cardtable_sdk.errors import CardtableError

S = TypeVar("S")
R = TypeVar("R")

Steps = Generator[S, Any, R]
"""A sans-IO procedure: yields steps of type S, returns R."""


class Stepper(Generic[S, R]):
    """Hands out a procedure's steps, each after feeding it the outcome of the last one."""

    def __init__(self, steps: Steps[S, R]) -> None:
        self._steps = steps
        self._reply: Any = None
        self._error: CardtableError | None = None
        self.result: R | None = None

    def __iter__(self) -> Iterator[S]:
        try:
            while True:
                error, self._error = self._error, None
                yield self._steps.throw(error) if error else self._steps.send(self._reply)
        except StopIteration as stop:
            self.result = stop.value
        finally:
            self._steps.close()

    def reply(self, value: Any) -> None:
        self._reply = value

    def fail(self, error: CardtableError) -> None:
        self._error = error

    def call(self, perform: Callable[[S], Any], step: S) -> None:
        """Perform `step` now and keep its outcome for the procedure."""
        try:
            self.reply(perform(step))
        except CardtableError as error:
            self.fail(error)


def drive(steps: Steps[S, R], perform: Callable[[S], Any]) -> R:
    """Run `steps` to the end, performing each with `perform`; return what they return."""
    stepper = Stepper(steps)
    for step in stepper:
        stepper.call(perform, step)
    return stepper.result  # type: ignore[return-value]  # set when the steps returned


async def drive_async(steps: Steps[S, R], perform: Callable[[S], Awaitable[Any]]) -> R:
    """`drive`, awaiting each step's performance."""
    stepper = Stepper(steps)
    for step in stepper:
        try:
            stepper.reply(await perform(step))
        except CardtableError as error:
            stepper.fail(error)
    return stepper.result  # type: ignore[return-value]  # set when the steps returned
