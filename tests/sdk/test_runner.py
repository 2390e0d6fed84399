"""The bot runner's recovery rules, with faults injected in front of a local game: conflicts
make it look again and decide again (never resend), transient failures make it wait and
look again, a bot's illegal move is raised with the turn it was decided on."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from typing import Any

import pytest

from cardtable_sdk import (
    Backoff,
    ConnectionFailed,
    IllegalMove,
    InvalidBotMove,
    MoveList,
    MoveResult,
    ServiceUnavailable,
    StaleVersion,
    Stalled,
    VersionConflict,
    View,
    WrongPhase,
    play,
)
from cardtable_sdk.local import LocalGame, LocalSeat

Move = Mapping[str, Any]
Version = int | None
Key = str | None


class FlakySeat:
    """A LocalSeat whose next calls fail as scripted: {method name: [error, ...]}."""

    def __init__(self, seat: LocalSeat, faults: dict[str, list[Exception]]) -> None:
        self.inner = seat
        self.faults = faults
        self.calls: list[str] = []
        self.sent: list[tuple[dict[str, Any], int | None]] = []
        self.keys: list[str | None] = []

    @property
    def seat(self) -> int:
        return self.inner.seat

    def _maybe_fail(self, name: str) -> None:
        self.calls.append(name)
        pending = self.faults.get(name)
        if pending:
            raise pending.pop(0)

    def view(self) -> View:
        self._maybe_fail("view")
        return self.inner.view()

    def wait_for_change(self, timeout: float = 25.0) -> View | None:
        self._maybe_fail("wait_for_change")
        return self.inner.wait_for_change(timeout)

    def legal_moves(self) -> MoveList:
        self._maybe_fail("legal_moves")
        return self.inner.legal_moves()

    def move(
        self, move: Move, *, version: Version = None, idempotency_key: Key = None
    ) -> MoveResult:
        self.sent.append((dict(move), version))
        self.keys.append(idempotency_key)
        self._maybe_fail("move")
        return self.inner.move(move, version=version)

    def score(self) -> dict[str, Any]:
        self._maybe_fail("score")
        return self.inner.score()


def skyjo_vs_greedy(seed: int = 1) -> LocalGame:
    return LocalGame("skyjo", ["SDK", ("Greedy", "greedy")], options={"end_score": 30}, seed=seed)


def recording_bot(decisions: list[int]) -> Any:
    rng = random.Random(0)

    def bot(view: View, legal: MoveList) -> dict[str, Any]:
        decisions.append(view.version)
        return rng.choice(legal)

    return bot


def test_a_conflict_makes_the_bot_decide_again_on_the_fresh_view() -> None:
    game = skyjo_vs_greedy()
    flaky = FlakySeat(
        game.seat(0),
        {"move": [StaleVersion("moved on"), VersionConflict("raced")]},
    )
    decisions: list[int] = []
    result = play(flaky, recording_bot(decisions), sleep=lambda s: pytest.fail("no waiting"))
    assert result.score["finished"] and result.retries == 2
    # The first two moves were refused; each time the bot was asked again, and only the
    # moves that were applied count.
    assert len(flaky.sent) == len(decisions) == result.moves + 2
    assert flaky.calls.count("view") >= 3  # the start, then a re-read after each conflict
    # Every move was sent with If-Match of the view it was decided on.
    assert [version for _, version in flaky.sent] == decisions


def test_transient_failures_wait_honour_retry_after_and_recover() -> None:
    game = skyjo_vs_greedy(2)
    flaky = FlakySeat(
        game.seat(0),
        {
            "view": [ConnectionFailed("reset")],
            "legal_moves": [ServiceUnavailable("down", retry_after=2.0)],
            "move": [ConnectionFailed("lost the answer")],
            "score": [ServiceUnavailable("down", retry_after=1.0)],
        },
    )
    sleeps: list[float] = []
    result = play(
        flaky,
        recording_bot([]),
        sleep=sleeps.append,
        backoff=Backoff(initial=0.1, maximum=0.4, rng=random.Random(0)),
    )
    assert result.score == game.score() and result.score["finished"]
    assert len(sleeps) == 4
    assert sleeps[1] == 2.0 and sleeps[3] == 1.0  # the server's Retry-After
    assert all(0.05 <= s <= 0.4 for s in (sleeps[0], sleeps[2]))
    # The answer to the move was lost: the runner resent the very same move, with the same
    # If-Match and the same Idempotency-Key, so it cannot act twice; the bot was not asked.
    lost = flaky.calls.index("move")
    assert flaky.calls[lost + 1] == "move"
    assert flaky.sent[0] == flaky.sent[1] and flaky.keys[0] == flaky.keys[1]
    # Every other move got a fresh key.
    assert len(set(flaky.keys)) == len(flaky.keys) - 1 and None not in flaky.keys


def test_too_many_failures_in_a_row_are_raised() -> None:
    flaky = FlakySeat(skyjo_vs_greedy().seat(0), {"view": [ConnectionFailed("down")] * 4})
    sleeps: list[float] = []
    with pytest.raises(ConnectionFailed):
        play(flaky, recording_bot([]), max_failures=3, sleep=sleeps.append)
    assert len(sleeps) == 3


def test_a_move_that_is_not_legal_is_the_bots_bug_named_with_its_turn() -> None:
    game = skyjo_vs_greedy()

    def stubborn(view: View, legal: MoveList) -> dict[str, Any]:
        return {"type": "draw"}  # not during the setup reveals

    before = game.version  # the greedy seat made its setup reveals at creation
    flaky = FlakySeat(game.seat(0), {})
    with pytest.raises(InvalidBotMove, match="stubborn") as raised:
        play(flaky, stubborn)
    error = raised.value
    assert isinstance(error, IllegalMove)  # `except IllegalMove:` catches it, as online
    assert "stubborn" in error.details["bot"] and "{'type': 'draw'}" in error.message
    assert error.turn.view.version == before and {"type": "draw"} not in error.turn.legal_moves
    assert flaky.sent == [] and game.version == before  # refused before sending

    def cheater(view: View, legal: MoveList) -> dict[str, Any]:
        return {"type": "reveal", "row": 0, "col": 0}

    with pytest.raises(IllegalMove):  # its second reveal picks a card already face up
        play(skyjo_vs_greedy().seat(0), cheater)
    with pytest.raises(InvalidBotMove, match="returned None"):
        play(skyjo_vs_greedy().seat(0), lambda view, legal: None)  # type: ignore[arg-type,return-value]


def test_a_move_the_server_refuses_is_raised_with_its_turn() -> None:
    flaky = FlakySeat(skyjo_vs_greedy().seat(0), {"move": [WrongPhase("not now")]})
    with pytest.raises(WrongPhase) as raised:
        play(flaky, recording_bot([]))
    assert raised.value.turn.view.version == flaky.sent[0][1]
    assert len(flaky.sent) == 1  # never resent


def test_waiting_on_a_seat_that_never_moves_stalls() -> None:
    game = LocalGame("skipbo", ["A", "B"], options={"first_player": 1}, seed=1)
    with pytest.raises(Stalled):
        play(game.seat(0), recording_bot([]), wait=0.05, idle_timeout=0.2)


def test_backoff_doubles_up_to_its_maximum_with_jitter() -> None:
    backoff = Backoff(initial=1.0, maximum=5.0, rng=random.Random(1))
    delays = [backoff.delay(n) for n in range(1, 7)]
    ceilings = [1, 2, 4, 5, 5, 5]
    assert all(c / 2 <= d <= c for d, c in zip(delays, ceilings, strict=True))
    assert backoff.delay(1, retry_after=3.0) == 3.0


class ShedsLoad(FlakySeat):
    """A seat whose long-polls come back "no change" at once, as an overloaded server's."""

    def wait_for_change(self, timeout: float = 25.0) -> View | None:
        self.calls.append("wait_for_change")
        return None


class Enough(Exception):
    pass


def test_a_long_poll_answered_at_once_backs_off_instead_of_spinning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = LocalGame("skipbo", ["A", "B"], options={"first_player": 1}, seed=1)
    seat = ShedsLoad(game.seat(0), {})
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        if len(sleeps) == 4:
            raise Enough

    caplog.set_level(logging.INFO, logger="cardtable_sdk")
    backoff = Backoff(initial=1.0, maximum=4.0, rng=random.Random(2))
    with pytest.raises(Enough):
        play(seat, recording_bot([]), wait=5, sleep=sleep, backoff=backoff, max_failures=2)
    # One pause per early answer, growing as failures do, and never given up on.
    assert seat.calls.count("wait_for_change") == 4
    assert all(c / 2 <= s <= c for s, c in zip(sleeps, [1, 2, 4, 4], strict=True))
    assert caplog.text.count("was answered early") == 4


def test_retry_after_is_capped() -> None:
    backoff = Backoff(initial=0.1, maximum=0.2, retry_after_cap=30.0)
    assert backoff.delay(1, retry_after=3600.0) == 30.0
    assert backoff.delay(1, retry_after=5.0) == 5.0


def test_a_misspelt_setting_is_refused() -> None:
    with pytest.raises(TypeError, match="wiat"):
        play(skyjo_vs_greedy().seat(0), recording_bot([]), wiat=5)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="wait"):  # a wait of 0 would poll in a tight loop
        play(skyjo_vs_greedy().seat(0), recording_bot([]), wait=0)
