"""A snapshot the host wrote itself loads unchecked (`trusted`) into the same state as through
every check, and plays on the same; the shape that tells one release's snapshot from
another's is still checked."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardtable_engine.base import InvalidState
from cardtable_engine.registry import GAMES, hosted, load_state
from tests.support.highcard import RULES as HIGHCARD

OPTIONS = {"skyjo": {"end_score": 250}, "skipbo": {"target_score": 200, "stock_size": 5}}


def fresh(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A fresh decoding, as a host reads its stored snapshot."""
    decoded: dict[str, Any] = json.loads(json.dumps(snapshot))
    return decoded


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_trusted_snapshot_loads_and_plays_as_a_checked_one(game: str, seed: int) -> None:
    state = GAMES[game].new_state(["a", "b", "c"], OPTIONS[game], seed)
    rng = random.Random(seed)
    while not state.is_over:
        snapshot = state.snapshot()
        trusted = load_state(fresh(snapshot), trusted=True)
        checked = load_state(fresh(snapshot))
        assert trusted.snapshot() == checked.snapshot() == snapshot
        for seat in (None, 0, 1, 2):
            assert trusted.view(seat) == checked.view(seat)
        seat = rng.choice(state.active_seats())
        assert trusted.legal_moves(seat) == checked.legal_moves(seat)
        move = rng.choice(state.legal_moves(seat))
        for copy in (state, trusted, checked):
            copy.apply(seat, move)
        assert trusted.snapshot() == checked.snapshot() == state.snapshot()
    assert len(state.rounds) > 1  # completed rounds were carried along


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_trusted_load_still_checks_the_snapshots_shape(game: str) -> None:
    snapshot = GAMES[game].new_state(["a", "b"], OPTIONS[game], 3).snapshot()
    other = "skipbo" if game == "skyjo" else "skyjo"
    for changed in (
        {"game": other},
        {"schema_version": 99},
        {"extra": 1},
        {"log": []},
    ):
        with pytest.raises(InvalidState):
            GAMES[game].load({**fresh(snapshot), **changed}, trusted=True)
    without = fresh(snapshot)
    del without["rounds"]
    with pytest.raises(InvalidState):
        GAMES[game].load(without, trusted=True)


def test_a_game_without_an_unchecked_conversion_loads_its_trusted_snapshots_checked() -> None:
    with hosted(HIGHCARD):
        state = HIGHCARD.new_state(["a", "b"], None, 4)
        rng = random.Random(4)
        while not state.is_over:
            snapshot = state.snapshot()
            assert load_state(fresh(snapshot), trusted=True).snapshot() == snapshot
            seat = rng.choice(state.active_seats())
            state.apply(seat, rng.choice(state.legal_moves(seat)))
