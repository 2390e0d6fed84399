"""What every hosted game must do, whatever its rules. Each test runs for every game of the
registry and for the test-only high-card game (tests/support/highcard.py), which proves the
skeleton: cards are conserved, listed moves apply and others are refused with nothing
changed, malformed moves have one code, games end, records replay, stored states and
snapshots load (or are refused cleanly), bots choose listed moves, and views do not depend
on cards the viewer cannot see. The little each test must know of a game is its profile, in
its own folder (`testing.py`, read by tests/support/profiles.py)."""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_engine.base import GameRules, GameState
from cardtable_engine.errors import (
    EngineError,
    GameOver,
    InvalidRecord,
    InvalidSeat,
    InvalidState,
    MalformedMove,
    NotYourTurn,
)
from cardtable_engine.registry import GAMES, hosted, load_state
from tests.support import profiles
from tests.support.highcard import RULES as HIGHCARD
from tests.support.refusals import refused

Move = dict[str, Any]
MAX_MOVES = 20_000
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))


ALL_GAMES = [*sorted(GAMES), HIGHCARD.name]


@pytest.fixture(params=ALL_GAMES)
def rules(request: pytest.FixtureRequest) -> Iterator[GameRules]:
    if request.param == HIGHCARD.name:
        with hosted(HIGHCARD):
            yield HIGHCARD
    else:
        yield GAMES[request.param]


def new_game(rules: GameRules, seed: int, setup: int = 0) -> GameState:
    found = profiles.setups(rules)
    n, options = found[setup % len(found)]
    return rules.new_state([f"p{seat}" for seat in range(n)], options, seed)


@dataclass(frozen=True)
class Deal:
    """A game to play: the seed of its deal and of the random moves made in it, and which of
    its profile's setups it uses."""

    seed: int
    setup: int = 0

    def start(self, rules: GameRules) -> tuple[GameState, random.Random]:
        return new_game(rules, self.seed, self.setup), random.Random(self.seed)

    def played(self, rules: GameRules, moves: int | None = None) -> GameState:
        """The game `moves` random legal moves in (None, or a game that ends sooner: at its
        end)."""
        state, rng = self.start(rules)
        steps = None if moves is None else moves + 1  # play_through moves on the next step
        for _ in itertools.islice(play_through(state, rng), steps):
            pass
        return state


DEALS = st.builds(Deal, seed=st.integers(0, 2**32), setup=st.integers(0, 20))


def play_through(state: GameState, rng: random.Random) -> Iterator[int]:
    """Random legal moves until the end, yielding the acting seat before each move."""
    for _ in range(MAX_MOVES):
        if state.is_over:
            return
        seat = rng.choice(state.active_seats())
        yield seat
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError(f"no end after {MAX_MOVES} moves")


def stored(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def without_rng(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "rng"}


def check_step(state: GameState, seat: int, rng: random.Random) -> None:
    """Listed moves apply (on copies); unlisted ones and other seats are refused unchanged."""
    before = stored(state)
    legal = state.legal_moves(seat)
    assert legal and len({json.dumps(m) for m in legal}) == len(legal)
    for other in range(state.n_players):
        assert bool(state.legal_moves(other)) == (other in state.active_seats())
    for move in rng.sample(legal, min(len(legal), 5)):
        assert state.parse_move(move, seat, state.n_players) == move  # listed = normalized
        load_state(copy.deepcopy(before)).apply(seat, move)
    space = state.move_space(state.n_players)
    assert all(space.number(move) is not None for move in legal)  # a stored move's number
    unlisted = [m for m in space.moves if m not in legal]
    for move in rng.sample(unlisted, min(len(unlisted), 12)):
        with pytest.raises(EngineError):
            state.apply(seat, move)
    idle = [other for other in range(state.n_players) if other not in state.active_seats()]
    for other in idle[:1]:
        with pytest.raises((NotYourTurn, MalformedMove)):  # a move may name its own seat
            state.apply(other, legal[0])
    assert stored(state) == before


@SETTINGS
@given(deal=DEALS, deep_every=st.integers(5, 15))
def test_random_games_keep_every_invariant(rules: GameRules, deal: Deal, deep_every: int) -> None:
    state, rng = deal.start(rules)
    cards = state.card_counts()
    for step, seat in enumerate(play_through(state, rng)):
        assert state.card_counts() == cards
        if step % deep_every == 0:
            check_step(state, seat, rng)
    assert state.card_counts() == cards
    assert all(state.legal_moves(seat) == [] for seat in range(state.n_players))
    assert state.score()["finished"] and state.view(None)["phase"] == "finished"
    record = json.loads(json.dumps(state.record()))
    replayed = rules.replay(record)
    assert replayed.score() == state.score() == record["score"]
    assert without_rng(replayed.to_dict()) == without_rng(state.to_dict())
    assert load_state(stored(state)).to_dict() == state.to_dict()
    for entry in record["log"]:  # JSON tools may reorder a move's fields
        if entry["type"] == "move":
            entry["move"] = dict(reversed(list(entry["move"].items())))
    assert rules.replay(record).score() == state.score()


@SETTINGS
@given(deal=DEALS, stop=st.integers(0, 150))
def test_views_do_not_depend_on_hidden_cards(rules: GameRules, deal: Deal, stop: int) -> None:
    state, rng = deal.played(rules, stop), random.Random(deal.seed)  # for hiding cards
    data = stored(state)
    for viewer in [None, *range(state.n_players)]:
        shuffled = copy.deepcopy(data)
        profiles.hide(rules, shuffled, viewer, rng)
        other = load_state(shuffled)
        assert other.view(viewer) == state.view(viewer)
        if viewer is not None:
            assert other.legal_moves(viewer) == state.legal_moves(viewer)


@SETTINGS
@given(deal=DEALS)
def test_bots_choose_listed_moves(rules: GameRules, deal: Deal) -> None:
    state, rng = deal.start(rules)
    kinds = sorted(rules.bots)
    for _ in range(MAX_MOVES):
        if state.is_over:
            return
        seat = rng.choice(state.active_seats())
        legal = state.legal_moves(seat)
        move = rules.bots[kinds[seat % len(kinds)]](state.view(seat), legal, rng)
        assert move in legal
        state.apply(seat, move)
    raise AssertionError("the bots did not end the game")


MALFORMED: list[Callable[[Move], Any]] = [
    lambda move: None,
    lambda move: [move],
    lambda move: "play",
    lambda move: {"type": 5},
    lambda move: {"type": "no_such_move"},
    lambda move: {**move, "extra": 1},
    lambda move: (
        {k: ("1" if k != "type" else v) for k, v in move.items()}
        if len(move) > 1
        else {**move, "card": "1"}
    ),
]


@pytest.mark.parametrize("damage", range(len(MALFORMED)))
def test_every_malformation_is_one_code(rules: GameRules, damage: int) -> None:
    state = new_game(rules, 2)
    seat = state.active_seats()[0]
    before = stored(state)
    with pytest.raises(MalformedMove) as error:
        state.apply(seat, MALFORMED[damage](state.legal_moves(seat)[0]))
    assert error.value.code == "malformed_move"
    assert stored(state) == before


def test_a_finished_game_refuses_every_move_shape_first(rules: GameRules) -> None:
    state, rng = Deal(5).start(rules)
    last_legal = {seat: state.legal_moves(seat)[0] for seat in play_through(state, rng)}
    for seat, move in last_legal.items():
        refused(state, seat, move, GameOver)
        refused(state, seat, {**move, "extra": 1}, MalformedMove)  # the shape is checked first


@pytest.mark.parametrize("seat", [-1, "past the last", True, "0", None, 1.0, 0.0], ids=repr)
def test_an_invalid_seat_is_refused_first(rules: GameRules, seat: Any) -> None:
    """Checked before anything else: a nonsense move and a legal one get InvalidSeat alike,
    and neither moves, legal-move lists nor (but for the spectator, None) views are given."""
    state = Deal(4).played(rules, 3)  # past Skyjo's first reveals
    seat = state.n_players if seat == "past the last" else seat
    legal = state.legal_moves(state.active_seats()[0])[0]
    before = stored(state)
    for move in ({"type": "nonsense"}, legal):
        with pytest.raises(InvalidSeat) as error:
            state.apply(seat, move)
        assert type(error.value) is InvalidSeat and error.value.message
    with pytest.raises(InvalidSeat):
        state.legal_moves(seat)
    if seat is not None:
        with pytest.raises(InvalidSeat):
            state.view(seat)
    assert stored(state) == before


def test_a_snapshot_loads_without_its_log_and_plays_on(rules: GameRules) -> None:
    state = Deal(4).played(rules, 4)
    snapshot = json.loads(json.dumps(state.snapshot()))
    assert "log" not in snapshot and snapshot["log_length"] == len(state.log)
    twin = load_state(snapshot)
    assert twin.view(None) == state.view(None) and twin.log == []
    seat = state.active_seats()[0]
    move = state.legal_moves(seat)[0]
    state.apply(seat, move)
    twin.apply(seat, move)
    assert twin.log == state.log[snapshot["log_length"] :]
    assert twin.snapshot() == state.snapshot()


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _paths(v, (*prefix, k))] or [prefix]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _paths(v, (*prefix, i))] or [prefix]
    return [prefix]


def _damage(data: Any, pick: int, value: Any, skip: str = "") -> None:
    paths = [p for p in _paths(data) if p and p[0] != skip]
    path = paths[pick % len(paths)]
    for key in path[:-1]:
        data = data[key]
    if pick % 7 == 0 and isinstance(data, dict):
        del data[path[-1]]  # a missing field, now and then
    else:
        data[path[-1]] = value


GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=3),
    st.lists(st.integers(-2, 12), max_size=3), st.dictionaries(st.text(max_size=2), st.none()),
)  # fmt: skip


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 1000), pick=st.integers(0, 10**9), value=GARBAGE)
def test_damaged_states_load_or_are_refused_cleanly(
    rules: GameRules, seed: int, pick: int, value: Any
) -> None:
    state = Deal(seed).played(rules, seed % 40)
    data = stored(state)
    _damage(data, pick, value, skip="log" if seed % 3 else "")
    try:
        loaded = load_state(data)
    except InvalidState:
        return
    assert loaded.card_counts() == state.card_counts()
    data["rng"]["seed"] = str(data["rng"]["seed"])  # an integer seed is written as a string
    assert loaded.to_dict() == data


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 5), pick=st.integers(0, 10**9), value=GARBAGE)
def test_damaged_records_replay_or_are_refused_cleanly(
    rules: GameRules, seed: int, pick: int, value: Any
) -> None:
    state = Deal(seed).played(rules)
    record = json.loads(json.dumps(state.record()))
    _damage(record, pick, value)
    try:
        rules.replay(record)
    except InvalidRecord:
        return


def test_the_loader_remembers_checked_moves_but_not_lookalikes(rules: GameRules) -> None:
    state = Deal(6).played(rules, 5)
    data = stored(state)
    load_state(copy.deepcopy(data))  # every move entry is checked, then remembered
    index = next(i for i, entry in enumerate(data["log"]) if entry["type"] == "move")
    seat = data["log"][index]["seat"]
    for lookalike in (bool(seat), float(seat)):  # equal to the seat, of another type
        damaged = copy.deepcopy(data)
        damaged["log"][index]["seat"] = lookalike
        with pytest.raises(InvalidState):
            load_state(damaged)
    move = data["log"][index]["move"]
    if len(move) > 1:
        damaged = copy.deepcopy(data)
        damaged["log"][index]["move"] = dict(reversed(list(move.items())))
        with pytest.raises(InvalidState):
            load_state(damaged)


DAMAGED_MOVE_ENTRIES: dict[str, Callable[[dict[str, Any]], Any]] = {
    "seat bool": lambda e: e.update(seat=True),
    "seat out of range": lambda e: e.update(seat=9),
    "seat negative": lambda e: e.update(seat=-1),
    "seat text": lambda e: e.update(seat="0"),
    "seat float": lambda e: e.update(seat=0.0),
    "no seat, three keys": lambda e: (e.pop("seat"), e.update(at=0)),
    "extra key": lambda e: e.update(at=0),
    "no type, three keys": lambda e: (e.pop("type"), e.update(kind="move")),
    "move a list": lambda e: e.update(move=[]),
    "move null": lambda e: e.update(move=None),
    "move empty": lambda e: e.update(move={}),
    "unknown move type": lambda e: e.update(move={**e["move"], "type": "fly"}),
    "move with an extra field": lambda e: e.update(move={**e["move"], "extra": 0}),
}


def mid_game(rules: GameRules) -> tuple[dict[str, Any], int]:
    """A game three moves in, stored (it loads), and the index of its first move entry."""
    state = Deal(8).played(rules, 3)
    data = stored(state)
    load_state(copy.deepcopy(data))
    return data, next(i for i, entry in enumerate(data["log"]) if entry["type"] == "move")


@pytest.mark.parametrize("name", sorted(DAMAGED_MOVE_ENTRIES))
def test_damaged_move_entries_are_refused(rules: GameRules, name: str) -> None:
    data, index = mid_game(rules)
    DAMAGED_MOVE_ENTRIES[name](data["log"][index])
    with pytest.raises(InvalidState):
        load_state(data)


NO_ENTRIES: list[Any] = [5, [], "move", None, {"type": "move"}, {}, "untyped move"]


@pytest.mark.parametrize("entry", NO_ENTRIES, ids=repr)
def test_entries_that_are_no_log_entry_are_refused(rules: GameRules, entry: Any) -> None:
    data, index = mid_game(rules)
    found = entry
    if found == "untyped move":  # a real move entry of the game, without its `type`
        found = {key: value for key, value in data["log"][index].items() if key != "type"}
    data["log"].insert(1, found)
    with pytest.raises(InvalidState):
        load_state(data)


def test_every_hosted_game_has_a_profile_in_its_folder() -> None:
    for rules in GAMES.values():
        assert profiles.setups(rules) and profiles.view_setups(rules)
        assert callable(profiles.profile(rules).hide)
