"""Seats played by bots: apply their moves until a seat without a bot must act, the game
ends, or the caller's budget runs out. The server plays its bot seats with this, and the
SDK's local play does the same, so both give the same game for the same seed."""

from __future__ import annotations

import time
from collections.abc import Mapping

from cardtable_engine.base import GameRules, GameState, Move


def bots_to_act(state: GameState, bot_of: Mapping[int, str]) -> list[int]:
    """The bot seats that may act now, in seat order (empty once the game is over)."""
    if state.is_over:
        return []
    return [seat for seat in state.active_seats() if seat in bot_of]


def play_bots(
    rules: GameRules,
    state: GameState,
    bot_of: Mapping[int, str],
    *,
    max_moves: int | None = None,
    deadline: float | None = None,
) -> list[tuple[int, Move]]:
    """Apply bot moves in place and return them as (seat, normalized move), in order.

    `bot_of` maps a seat to its bot kind (a key of `rules.bots`). When several bot seats may
    act (Skyjo's setup reveals), the lowest seat goes first. Each move's generator is
    derived from the game's seed and the version the move creates, so the moves do not
    depend on how the work is split between calls. `deadline` is a `time.monotonic()` value.
    """
    applied: list[tuple[int, Move]] = []
    while max_moves is None or len(applied) < max_moves:
        if deadline is not None and applied and time.monotonic() >= deadline:
            break
        waiting = bots_to_act(state, bot_of)
        if not waiting:
            break
        seat = waiting[0]
        rng = state.rng.for_step("bot", state.version + 1)
        choice = rules.bots[bot_of[seat]](state.view(seat), state.legal_moves(seat), rng)
        state.apply(seat, choice)
        applied.append((seat, last_move(state)))
    return applied


def last_move(state: GameState) -> Move:
    """The normalized move applied last, as logged (a deal or reshuffle may follow it)."""
    for entry in reversed(state.log):
        if entry.get("type") == "move":
            move: Move = entry["move"]
            return move
    raise ValueError("no move has been applied yet")
