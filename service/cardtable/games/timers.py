"""The turn timer's catch-up step: when a game is read after its deadline, the greedy bot
plays the overdue seats' turns (and, after several timeouts in a row, keeps the seat).
Nothing runs in the background: whichever request next loads the game applies this inside
the same compare-and-set as any other change, so it happens exactly once."""

from __future__ import annotations

import time

from cardtable.games.live_table import Game
from cardtable_engine.table import AppliedMove

DEFAULT_TAKEOVER_TIMEOUTS = 3
MAX_CATCH_UP_MOVES = 200
MAX_CATCH_UP_SECONDS = 0.02
"""Bounds on the moves (and time) one catch-up applies; the next request goes on from
there (the deadline stays overdue, so it is read again)."""


def catch_up(
    game: Game, now: float, takeover_after: int = DEFAULT_TAKEOVER_TIMEOUTS
) -> list[AppliedMove]:
    """Apply every deadline of `game` that passed by `now`, oldest first; the moves made.

    Each timed-out turn ends at its deadline, so the next turn's deadline counts from there
    (a table whose players are all gone catches up on all of its overdue turns at once)."""
    applied: list[AppliedMove] = []
    stop = time.monotonic() + MAX_CATCH_UP_SECONDS
    while (
        game.dealt
        and not game.finished
        and game.hosting.deadline is not None
        and game.hosting.deadline <= now
        and len(applied) < MAX_CATCH_UP_MOVES
        and time.monotonic() < stop
    ):
        due = game.hosting.deadline
        for seat in list(game.hosting.deadline_seats):
            if game.finished:
                break  # an earlier seat's timed-out turn ended the game: nothing is due
            if game.seats[seat].bot or seat not in game.state.active_seats():
                continue
            game.seats[seat].timeouts += 1
            if game.seats[seat].timeouts >= takeover_after:
                # Before the turn it plays, which may end the game: a take-over after
                # `game_end` would change a finished game (and mark the winner's seat).
                game.hand_to_bot(seat, "timeout")
            applied += game.play_for(seat)
        key = game.turn_key()
        applied += game.after_change(due, key)
        game.renew_deadline(due, key, force=True)
    return applied


__all__ = ["DEFAULT_TAKEOVER_TIMEOUTS", "catch_up"]
