"""Skyjo's `search` bot: the expert's decision checked by determinized Monte-Carlo.

Where the expert hesitates (its best moves within `CLOSE` points of each other: drawing
against taking the discard, or its best placements of a drawn card), each candidate is
tried on the same `SAMPLES` determinizations of the seat's view (`sample_state`: the cards
the seat cannot see dealt at random) and the round played out by greedy bots for every
seat; the candidate with the lowest mean of (our round score less the best rival's) is played.
Elsewhere it plays the expert's move. It decides from the view alone; its sampling seed is
the view's version, so it is deterministic. Strength and CPU per move: docs/bots.md."""

from __future__ import annotations

import random
from typing import Any

from cardtable_engine.base import GameState
from cardtable_engine.errors import Move
from cardtable_engine.games.skyjo.bots import greedy_bot
from cardtable_engine.games.skyjo.expert import Position, expert_bot, spread_reveal
from cardtable_engine.search import clone, sample_state

SAMPLES = 4
"""Determinizations per decision (each candidate is played out on every one)."""
CANDIDATES = 2
CLOSE = 2.0
"""The expert's values (points) within which its best moves are checked by rollouts."""
MAX_ROLLOUT_MOVES = 400


def _candidates(view: dict[str, Any], legal: list[Move]) -> list[Move]:
    """The expert's best moves, best first, those within CLOSE of the best."""
    position = Position(view)
    if view["step"] == "place_drawn":
        card = view["drawn"]["card"]
        scored = sorted(((position.value(m, card), i) for i, m in enumerate(legal)), reverse=True)
    else:
        top = view["discard_top"]
        takes = [
            (position.value(m, top), i) for i, m in enumerate(legal) if m["type"] == "take_discard"
        ]
        draws = [i for i, m in enumerate(legal) if m["type"] == "draw"]
        if not takes or not draws or top is None:
            return []
        scored = [max(takes), (position.drawing(), draws[0])]
        scored.sort(reverse=True)
    best = scored[0][0]
    if best == float("-inf"):
        return []
    return [legal[i] for value, i in scored[:CANDIDATES] if value >= best - CLOSE]


def _rollout(state: GameState, me: int, move: Move) -> float:
    """Our round score less the best rival's, once greedy bots end the round."""
    rounds = len(state.rounds)
    state.apply(me, dict(move))
    rng = random.Random(0)
    for _ in range(MAX_ROLLOUT_MOVES):
        if state.is_over or len(state.rounds) != rounds:
            break
        seat = state.active_seats()[0]
        state.apply(seat, greedy_bot(state.view(seat), state.legal_moves(seat), rng))
    else:
        return 0.0
    scores = state.rounds[-1]["scores"]
    return float(scores[me] - min(s for seat, s in enumerate(scores) if seat != me))


def search_bot(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    if len(legal) == 1:
        return legal[0]
    if view["step"] == "reveal":
        return spread_reveal(view, legal)
    candidates = _candidates(view, legal)
    if len(candidates) < 2:
        return expert_bot(view, legal, rng)
    me = int(view["seat"])
    sampler = random.Random(int(view["version"]))
    totals = [0.0] * len(candidates)
    for _ in range(SAMPLES):
        guess = sample_state("skyjo", view, sampler)
        for i, move in enumerate(candidates):
            totals[i] += _rollout(clone(guess), me, move)
    return candidates[min(range(len(candidates)), key=totals.__getitem__)]
