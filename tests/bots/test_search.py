"""Search support: clones are independent, and a determinization never contradicts the
seat's view and keeps every card of the deck (a property test over played positions)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_engine.base import GameState
from cardtable_sdk.search import clone, determinize, sample_state
from tests.support.positions import played

positions = st.builds(
    played,
    game=st.sampled_from(["skyjo", "skipbo"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 600),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions, data=st.data())
def test_a_determinization_shows_the_same_view_and_keeps_the_cards(
    state: GameState, data: st.DataObject
) -> None:
    seat = data.draw(st.sampled_from([None, *range(state.n_players)]))
    sample = determinize(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    assert sample.view(seat) == state.view(seat)
    assert sample.card_counts() == state.card_counts()
    sample.check_consistency()
    if seat is not None:
        assert sample.legal_moves(seat) == state.legal_moves(seat)


def test_determinizations_differ_where_the_seat_cannot_see() -> None:
    state = played("skipbo", 2, seed=3, moves=10)
    samples = [determinize(state, 0, random.Random(n)) for n in range(5)]
    assert len({tuple(sample.table.hands[1]) for sample in samples}) > 1
    assert {tuple(sorted(sample.table.hands[0])) for sample in samples} == {
        tuple(sorted(state.table.hands[0]))
    }


def test_a_sampled_state_plays_to_the_end() -> None:
    rng = random.Random(1)
    for game in ("skyjo", "skipbo"):
        state = played(game, 2, seed=5, moves=40)
        sample = sample_state(game, state.view(0), rng)
        while not sample.is_over:
            seat = rng.choice(sample.active_seats())
            sample.apply(seat, rng.choice(sample.legal_moves(seat)))
        assert sample.winners()


def test_a_clone_is_independent_and_keeps_no_log() -> None:
    for game in ("skyjo", "skipbo"):
        state = played(game, 3, seed=7, moves=30)
        before = state.to_dict()
        copy = clone(state)
        assert copy.view(None) == state.view(None)
        assert copy.log == [] and copy.log_length == state.log_length
        seat = copy.active_seats()[0]
        copy.apply(seat, copy.legal_moves(seat)[0])
        while not copy.is_over:
            seat = copy.active_seats()[0]
            copy.apply(seat, copy.legal_moves(seat)[-1])
        assert state.to_dict() == before
