"""Skip-Bo's move estimates for hints and reviews: for each legal move, the seat's chance
of winning the round once the move is made, from its view alone.

Each move is tried on the same few determinizations of the view (`sample_state`: the cards
the seat cannot see dealt at random, from the caller's seed): after the move, the game is
played on to the end of the seat's next turn (the seat by the expert without its
rollouts, its rivals by greedy), and the stocks left then give a probability: 1 or 0 when
the round ended, else a logistic in the seat's lead (the smallest rival stock less its
own). The mean over the samples is the estimate; higher is better."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable_engine.base import GameState
from cardtable_engine.errors import Move
from cardtable_engine.games.skipbo.bots import greedy_bot
from cardtable_engine.games.skipbo.expert import fast_bot

__all__ = ["METHOD", "UNIT", "estimates", "fast_bot"]
from cardtable_engine.search import clone, sample_state

UNIT = "win_probability"
SAMPLES = 6
LEAD_SCALE = 3.0
"""Cards of stock lead that make the logistic's odds e to 1."""
MAX_ROLLOUT_MOVES = 400
METHOD = (
    f"determinized rollouts: {SAMPLES} samples of the hidden cards, played to the end of this"
    " seat's next turn (this seat by the expert, rivals by greedy), the stock lead then"
    f" mapped to a probability by a logistic (scale {LEAD_SCALE:g} cards)"
)


def _chance(state: GameState, me: int) -> float:
    view = state.view(me)
    players = view["players"]
    mine = players[me]["stock_size"]
    rivals = [p["stock_size"] for p in players if p["seat"] != me and p["partner"] != me]
    lead = (min(rivals) if rivals else mine) - mine
    return 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))


def _round_won(state: GameState, me: int) -> float:
    winner = state.rounds[-1]["winner"]
    teams = state.options["teams"]
    mates = {me, (me + state.n_players // 2) % state.n_players} if teams else {me}
    return 1.0 if winner in mates else 0.0


def _rollout(state: GameState, me: int, move: Move) -> float:
    """The chance after `move`, once the game is played to the end of the seat's next turn
    (a move that ends the seat's turn is that turn's end)."""
    rounds = state.round
    state.apply(me, dict(move))
    rng = random.Random(0)
    turn_ends = 1 if move["type"] in ("discard", "pass") else 0
    for _ in range(MAX_ROLLOUT_MOVES):
        if turn_ends == 2:
            break
        if state.is_over or state.round != rounds:
            break
        seat = state.active_seats()[0]
        view = state.view(seat)
        legal = state.legal_moves(seat)
        chosen = fast_bot(view, legal, rng) if seat == me else greedy_bot(dict(view), legal, rng)
        state.apply(seat, chosen)
        if seat == me and chosen["type"] in ("discard", "pass"):
            turn_ends += 1
    if state.round != rounds or state.is_over:
        return _round_won(state, me)
    return _chance(state, me)


def estimates(
    view: Mapping[str, Any], legal: Sequence[Move], seed: int, samples: int = SAMPLES
) -> list[float]:
    """One win probability per legal move, from `samples` determinizations drawn by `seed`."""
    me = int(view["seat"])
    rng = random.Random(seed)
    guesses = [sample_state("skipbo", view, rng) for _ in range(samples)]
    return [
        sum(_rollout(clone(guess), me, move) for guess in guesses) / len(guesses) for move in legal
    ]
