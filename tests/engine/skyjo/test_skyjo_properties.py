"""Property-based checks over many random games and option sets (hypothesis)."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from skyjo_helpers import play_random_game

from cardtable.engine.base import EngineError, InvalidRecord, InvalidState
from cardtable.engine.skyjo import RULES
from cardtable.engine.skyjo.cards import COLS, DECK_COUNTS, ROWS
from cardtable.engine.skyjo.moves import MOVE_TYPES
from cardtable.engine.skyjo.state import SkyjoState

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"initial_reveals": 0},
    {"initial_reveals": 3, "later_round_starter": "highest_sum"},
    {"finisher_penalty": False, "end_score": 50},
    {"max_rounds": 1, "initial_reveals": 1},
    {"end_score": 150, "later_round_starter": "highest_sum"},
]
EVERY_MOVE: list[dict[str, Any]] = [{"type": "draw"}] + [
    {"type": kind, "row": row, "col": col}
    for kind in MOVE_TYPES
    if kind != "draw"
    for row in range(ROWS)
    for col in range(COLS)
]
MAX_MOVES = 20_000
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

games = st.fixed_dictionaries(
    {
        "n_players": st.sampled_from([2, 2, 3, 4, 5, 8]),
        "options": st.sampled_from(OPTION_SETS),
        "seed": st.integers(0, 2**64),
        # Stalling play (draw and replace face-up cards) makes long rounds and reshuffles.
        "stall": st.integers(0, 300),
    }
)


def _choose(
    state: SkyjoState, seat: int, legal: list[dict[str, Any]], rng: random.Random, stall: int
) -> dict[str, Any]:
    if state.version < stall:
        grid = state.grids[seat]
        keep = [
            m for m in legal
            if m["type"] == "draw"
            or (m["type"] == "replace" and grid.face_up[m["row"] * COLS + m["col"]])
        ]  # fmt: skip
        if keep:
            return rng.choice(keep)
    return rng.choice(legal)


def _copy(state: SkyjoState) -> SkyjoState:
    return SkyjoState.from_dict(state.to_dict())


@SETTINGS
@given(game=games)
def test_random_games_keep_every_invariant(game: Mapping[str, Any]) -> None:
    n = game["n_players"]
    state = RULES.new_state([f"p{i}" for i in range(n)], game["options"], game["seed"])
    rng = random.Random(game["seed"])
    while not state.is_over:
        assert state.version < MAX_MOVES, "the game does not terminate"
        assert state.card_counts() == DECK_COUNTS
        active = state.active_seats()
        assert active
        legal_by_seat = {seat: state.legal_moves(seat) for seat in range(n)}
        for seat, legal in legal_by_seat.items():
            assert len({json.dumps(m, sort_keys=True) for m in legal}) == len(legal)
            assert bool(legal) == (seat in active)
        # A move that is not listed is refused with a typed error and changes nothing.
        seat = rng.randrange(n)
        unlisted = [m for m in EVERY_MOVE if m not in legal_by_seat[seat]]
        before = state.to_dict()
        for move in rng.sample(unlisted, 3):
            try:
                state.apply(seat, move)
            except EngineError:
                pass
            else:
                raise AssertionError(f"unlisted move {move} of seat {seat} was applied")
        assert state.to_dict() == before
        # Every listed move applies (checked on copies, now and then).
        if rng.random() < 0.1:
            for seat in active:
                for move in legal_by_seat[seat]:
                    _copy(state).apply(seat, move)
        seat = rng.choice(active)
        state.apply(seat, _choose(state, seat, legal_by_seat[seat], rng, game["stall"]))
    assert state.card_counts() == DECK_COUNTS
    assert all(state.legal_moves(seat) == [] for seat in range(n))
    assert state.winners() and state.score()["finished"]
    replayed = RULES.replay(json.loads(json.dumps(state.record())))
    assert replayed.score() == state.score()
    original, again = state.to_dict(), replayed.to_dict()
    del original["rng"], again["rng"]
    assert again == original


def _hidden_places(data: dict[str, Any]) -> list[tuple[list[Any], int]]:
    """Where the cards nobody can see lie in a state's data (face-down grid cards and the
    draw pile), as (list, index) pairs."""
    places: list[tuple[list[Any], int]] = []
    for grid in data["grids"]:
        places += [(grid["cards"], i) for i, up in enumerate(grid["face_up"]) if not up]
    places += [(data["draw_pile"], i) for i in range(len(data["draw_pile"]))]
    return places


@SETTINGS
@given(game=games, stop=st.integers(0, 200), seat=st.sampled_from([None, 0, 1]))
def test_views_depend_only_on_what_the_seat_can_see(
    game: Mapping[str, Any], stop: int, seat: int | None
) -> None:
    state = RULES.new_state(
        [f"p{i}" for i in range(game["n_players"])], game["options"], game["seed"]
    )
    rng = random.Random(game["seed"])
    while not state.is_over and state.version < stop:
        active = state.active_seats()
        mover = rng.choice(active)
        state.apply(mover, _choose(state, mover, state.legal_moves(mover), rng, game["stall"]))
    data = state.to_dict()
    places = _hidden_places(data)
    if data["drawn"] is not None and seat != data["current"]:
        holder = [data["drawn"]]
        places.append((holder, 0))
    else:
        holder = []
    cards = [where[i] for where, i in places]
    rng.shuffle(cards)
    if len(set(cards)) > 1:
        cards = cards[1:] + cards[:1]  # make sure something really moved
    for (where, i), card in zip(places, cards, strict=True):
        where[i] = card
    if holder:
        data["drawn"] = holder[0]
    other = SkyjoState.from_dict(data)
    assert other.view(seat) == state.view(seat)
    if seat is not None:
        assert other.legal_moves(seat) == state.legal_moves(seat)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _paths(v, (*prefix, k))] or [prefix]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _paths(v, (*prefix, i))] or [prefix]
    return [prefix]


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 1000),
    pick=st.integers(0, 10**9),
    value=st.one_of(
        st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=3),
        st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2), st.none()),
    ),
)  # fmt: skip
def test_damaged_states_load_or_are_refused_cleanly(seed: int, pick: int, value: Any) -> None:
    state, _ = play_random_game(2, {"end_score": 30}, seed % 7)
    if seed % 2:  # a state in the middle of a game as well as a finished one
        state = RULES.new_state(["a", "b"], {}, seed)
    data = state.to_dict()
    paths = [p for p in _paths(data) if p and p[0] != "log"]
    path = paths[pick % len(paths)]
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        loaded = SkyjoState.from_dict(data)
    except InvalidState:
        return
    assert loaded.card_counts() == DECK_COUNTS
    data["rng"]["seed"] = str(data["rng"]["seed"])  # an integer seed is written as a string
    assert loaded.to_dict() == data


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 5),
    pick=st.integers(0, 10**9),
    value=st.one_of(
        st.none(), st.booleans(), st.integers(-5, 20), st.text(max_size=3),
        st.lists(st.integers(-2, 12), max_size=3), st.dictionaries(st.text(max_size=2), st.none()),
    ),
)  # fmt: skip
def test_damaged_records_replay_or_are_refused_cleanly(seed: int, pick: int, value: Any) -> None:
    state, _ = play_random_game(2, {"end_score": 40}, seed)
    record = state.record()
    paths = _paths(record)
    path = paths[pick % len(paths)]
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        replayed = RULES.replay(record)
    except InvalidRecord:
        return
    assert replayed.score() == record["score"]
