"""Property-based checks over many random Skip-Bo games and option sets: cards conserved,
listed moves apply, unlisted moves are refused and change nothing, games end, views depend
only on what the seat may see, and records replay to the same state and score."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from skipbo_helpers import key, names

from cardtable.engine.base import EngineError, NotYourTurn
from cardtable.engine.skipbo import RULES, new_state
from cardtable.engine.skipbo.cards import DECK
from cardtable.engine.skipbo.moves import parse_move
from cardtable.engine.skipbo.state import SkipBoState

OPTION_SETS: list[tuple[int, dict[str, Any]]] = [
    (2, {"stock_size": 5}),
    (2, {"stock_size": 3, "stop_rule": "english"}),
    (3, {"stock_size": 4, "first_player": 2}),
    (4, {"stock_size": 3, "teams": True}),
    (4, {"stock_size": 2, "teams": True, "stop_rule": "english", "target_score": 60}),
    (5, {"stock_size": 2, "target_score": 70}),
    (6, {"stock_size": 2, "teams": True}),
    (2, {"stock_size": 1, "target_score": 80, "stop_rule": "english"}),
    # long enough rounds for completed piles to be recycled into new draw piles
    (2, {"stock_size": 20}),
    (3, {"stock_size": 15, "stop_rule": "english"}),
]

MAX_MOVES = 20_000


def well_formed_moves(seat: int, n: int) -> list[dict[str, Any]]:
    """Every move of the contract's shapes a seat could send."""
    moves: list[dict[str, Any]] = [{"type": "pass"}]
    owners: list[dict[str, int]] = [{}] + [{"owner": o} for o in range(n) if o != seat]
    for target in range(4):
        for card in range(13):
            moves.append({"type": "play", "source": "hand", "card": card, "target": target})
        for owner in owners:
            moves.append({"type": "play", "source": "stock", "target": target, **owner})
            for pile in range(4):
                moves.append(
                    {"type": "play", "source": "discard", "pile": pile, "target": target, **owner}
                )
    for card in range(13):
        for pile in range(4):
            moves.append({"type": "discard", "card": card, "pile": pile})
    return moves


def hidden_permuted(state: SkipBoState, seat: int | None, rng: random.Random) -> SkipBoState:
    """The same state with every card `seat` can't see shuffled among those places."""
    data = state.to_dict()
    table = data["table"]
    slots: list[tuple[list[int], int]] = []
    for other, hand in enumerate(table["hands"]):
        if other != seat:
            slots += [(hand, i) for i in range(len(hand))]
    for stock in table["stocks"]:
        slots += [(stock, i) for i in range(len(stock) - 1)]
    for zone in ("draw_pile", "set_aside"):
        slots += [(table[zone], i) for i in range(len(table[zone]))]
    values = [pile[i] for pile, i in slots]
    rng.shuffle(values)
    for (pile, i), value in zip(slots, values, strict=True):
        pile[i] = value
    return SkipBoState.from_dict(data)


def check_step(state: SkipBoState, rng: random.Random, deep: bool) -> None:
    assert state.card_counts() == DECK
    seat = state.active_seats()[0]
    moves = state.legal_moves(seat)
    assert moves, "the acting seat always has a move"
    assert len({key(m) for m in moves}) == len(moves)
    # listed moves are in the normalized form the log keeps (same fields, same order)
    assert all(list(parse_move(m, seat, state.n_players).items()) == list(m.items()) for m in moves)
    for other in range(state.n_players):
        if other != seat:
            assert state.legal_moves(other) == []
    if not deep:
        return
    before = state.to_dict()
    assert SkipBoState.from_dict(before).to_dict() == before
    listed = {key(m) for m in moves}
    candidates = [m for m in well_formed_moves(seat, state.n_players) if key(m) not in listed]
    for move in rng.sample(candidates, min(25, len(candidates))):
        try:
            state.apply(seat, move)
        except EngineError:
            pass
        else:
            raise AssertionError(f"unlisted move {move} was applied")
    other = (seat + 1) % state.n_players
    with pytest.raises(NotYourTurn):
        state.apply(other, moves[0])
    assert state.to_dict() == before
    viewer = rng.choice([None, *range(state.n_players)])
    twin = hidden_permuted(state, viewer, rng)
    assert twin.view(viewer) == state.view(viewer)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    case=st.sampled_from(OPTION_SETS),
    seed=st.integers(0, 2**32),
    deep_every=st.integers(7, 15),
)
def test_random_games_keep_every_invariant(
    case: tuple[int, dict[str, Any]], seed: int, deep_every: int
) -> None:
    n, options = case
    state = new_state(names(n), options, seed)
    rng = random.Random(seed)
    count = 0
    while not state.is_over:
        check_step(state, rng, deep=count % deep_every == 0)
        seat = state.active_seats()[0]
        version = state.version
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        assert state.version == version + 1
        count += 1
        assert count < MAX_MOVES, "the game did not end"
    assert state.card_counts() == DECK
    assert all(state.legal_moves(s) == [] for s in range(n))
    assert SkipBoState.from_dict(state.to_dict()).to_dict() == state.to_dict()
    score = state.score()
    assert score["finished"] and len(score["rounds"]) == state.round
    record = state.record()
    replayed = RULES.replay(record)
    assert replayed.score() == score
    original, again = state.to_dict(), replayed.to_dict()
    original.pop("rng")
    again.pop("rng")
    assert again == original


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6), greedy_seats=st.integers(0, 63))
def test_bots_only_choose_listed_moves(seed: int, n: int, greedy_seats: int) -> None:
    options: dict[str, Any] = {
        "stock_size": 4,
        "stop_rule": random.Random(seed).choice(["french", "english"]),
    }
    if n in (4, 6) and seed % 2:
        options["teams"] = True
    state = new_state(names(n), options, seed)
    rng = random.Random(seed)
    bots = ["greedy" if greedy_seats >> seat & 1 else "random" for seat in range(n)]
    count = 0
    while not state.is_over:
        seat = state.active_seats()[0]
        moves = state.legal_moves(seat)
        move = RULES.bots[bots[seat]](state.view(seat), moves, rng)
        assert key(move) in {key(m) for m in moves}
        state.apply(seat, move)
        count += 1
        assert count < MAX_MOVES
