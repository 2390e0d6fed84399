"""What every hosted game must do, whatever its rules: each test runs for every game of the
registry and for the test-only high-card game (tests/support/highcard.py), which proves the
skeleton: listed moves apply, others are refused with nothing changed, malformed moves have
one code, games end, records replay, stored states and snapshots load, and views do not
depend on cards the viewer cannot see."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardtable.engine.base import GameRules, GameState
from cardtable.engine.errors import EngineError, InvalidState, MalformedMove
from cardtable.engine.registry import GAMES, hosted, load_state
from tests.support.highcard import RULES as HIGHCARD

ALL_GAMES = [*sorted(GAMES), HIGHCARD.name]
SHORT_GAME = {"skyjo": {"end_score": 25}, "skipbo": {"stock_size": 3}}
"""Options that keep a game short enough to play many times here."""


@pytest.fixture(params=ALL_GAMES)
def rules(request: pytest.FixtureRequest) -> Iterator[GameRules]:
    if request.param == HIGHCARD.name:
        with hosted(HIGHCARD):
            yield HIGHCARD
    else:
        yield GAMES[request.param]


def new_game(rules: GameRules, seed: int, n_players: int | None = None) -> GameState:
    n = n_players or rules.min_players
    return rules.new_state([f"p{seat}" for seat in range(n)], SHORT_GAME.get(rules.name), seed)


def play_through(state: GameState, rng: random.Random, limit: int = 20_000) -> Iterator[int]:
    """Random legal moves until the end, yielding the acting seat before each move."""
    for _ in range(limit):
        if state.is_over:
            return
        seat = rng.choice(state.active_seats())
        yield seat
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError(f"no end after {limit} moves")


def stored(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def test_every_listed_move_applies_and_every_other_is_refused_unchanged(rules: GameRules) -> None:
    state, rng = new_game(rules, 1), random.Random(1)
    shapes = {json.dumps(move) for game in GAMES.values() for move in _sample_moves(game)}
    for step, seat in enumerate(play_through(state, rng)):
        if step % 7:
            continue
        before = stored(state)
        legal = state.legal_moves(seat)
        assert legal and len({json.dumps(m) for m in legal}) == len(legal)
        for move in rng.sample(legal, min(len(legal), 4)):
            load_state(copy.deepcopy(before)).apply(seat, move)
        unlisted = [json.loads(s) for s in shapes if json.loads(s) not in legal]
        for move in rng.sample(unlisted, min(len(unlisted), 6)):
            with pytest.raises(EngineError):
                state.apply(seat, move)
            assert stored(state) == before


def _sample_moves(rules: GameRules) -> list[dict[str, Any]]:
    """Legal moves seen in a short game of `rules` (moves of one game are shapes to try on
    every other)."""
    state, rng, seen = new_game(rules, 3), random.Random(3), []
    for seat in play_through(state, rng):
        seen.extend(state.legal_moves(seat)[:3])
        if len(seen) > 60:
            break
    return seen


MALFORMED: list[Callable[[dict[str, Any]], Any]] = [
    lambda move: None,
    lambda move: [move],
    lambda move: "play",
    lambda move: {"type": 5},
    lambda move: {"type": "no_such_move"},
    lambda move: {**move, "extra": 1},
    lambda move: (
        {key: ("1" if key != "type" else value) for key, value in move.items()}
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


@pytest.mark.parametrize("seed", range(3))
def test_games_end_replay_and_reload_the_same(rules: GameRules, seed: int) -> None:
    n = rules.max_players if seed == 2 else rules.min_players
    state = new_game(rules, seed, min(n, 4))
    for _ in play_through(state, random.Random(seed)):
        pass
    record = json.loads(json.dumps(state.record()))
    replayed = rules.replay(record)
    assert replayed.score() == state.score() == record["score"]
    assert replayed.record() == record
    for entry in record["log"]:  # JSON tools may reorder a move's fields
        if entry["type"] == "move":
            entry["move"] = dict(reversed(list(entry["move"].items())))
    assert rules.replay(record).score() == state.score()
    assert load_state(stored(state)).to_dict() == state.to_dict()


def test_a_snapshot_loads_without_its_log_and_plays_on(rules: GameRules) -> None:
    state, rng = new_game(rules, 4), random.Random(4)
    moves = play_through(state, rng)
    for _ in range(5):
        next(moves)
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


def test_views_do_not_depend_on_hidden_cards(rules: GameRules) -> None:
    state, rng = new_game(rules, 5, min(rules.max_players, 3)), random.Random(5)
    for step, _ in enumerate(play_through(state, rng)):
        if step % 5:
            continue
        data = stored(state)
        for viewer in [None, *range(state.n_players)]:
            shuffled = copy.deepcopy(data)
            HIDDEN[rules.name](shuffled, viewer, rng)
            other = load_state(shuffled)
            assert other.view(viewer) == state.view(viewer)
            if viewer is not None:
                assert other.legal_moves(viewer) == state.legal_moves(viewer)


def _redeal(piles: list[tuple[list[Any], list[int]]], rng: random.Random) -> None:
    """Shuffle the cards at the given (pile, positions) among themselves."""
    cards = [pile[index] for pile, positions in piles for index in positions]
    rng.shuffle(cards)
    for pile, positions in piles:
        for index in positions:
            pile[index] = cards.pop()


def _hide_skyjo(data: dict[str, Any], viewer: int | None, rng: random.Random) -> None:
    piles = [(data["draw_pile"], list(range(len(data["draw_pile"]))))]
    for grid in data["grids"]:
        piles.append((grid["cards"], [i for i, up in enumerate(grid["face_up"]) if not up]))
    _redeal(piles, rng)


def _hide_skipbo(data: dict[str, Any], viewer: int | None, rng: random.Random) -> None:
    table = data["table"]
    piles = [(table[key], list(range(len(table[key])))) for key in ("draw_pile", "set_aside")]
    piles += [(stock, list(range(len(stock) - 1))) for stock in table["stocks"]]
    piles += [
        (hand, list(range(len(hand)))) for s, hand in enumerate(table["hands"]) if s != viewer
    ]
    _redeal(piles, rng)


def _hide_highcard(data: dict[str, Any], viewer: int | None, rng: random.Random) -> None:
    piles = [(data[key], list(range(len(data[key])))) for key in ("draw_pile", "played")]
    piles += [(hand, list(range(len(hand)))) for s, hand in enumerate(data["hands"]) if s != viewer]
    _redeal(piles, rng)


HIDDEN: dict[str, Callable[[dict[str, Any], int | None, random.Random], None]] = {
    "skyjo": _hide_skyjo,
    "skipbo": _hide_skipbo,
    "highcard": _hide_highcard,
}
"""Per game: shuffle what `viewer` cannot see (the only game knowledge these tests need)."""


def test_every_hosted_game_is_covered() -> None:
    assert set(GAMES) <= set(HIDDEN)


def test_the_loader_remembers_checked_moves_but_not_lookalikes(rules: GameRules) -> None:
    state, rng = new_game(rules, 6), random.Random(6)
    moves = play_through(state, rng)
    for _ in range(6):
        next(moves)
    data = stored(state)
    load_state(copy.deepcopy(data))  # every move entry is checked, then remembered
    index = next(i for i, entry in enumerate(data["log"]) if entry["type"] == "move")
    seat = data["log"][index]["seat"]
    for lookalike in (bool(seat), float(seat)):  # equal to the seat, of another type
        damaged = copy.deepcopy(data)
        damaged["log"][index]["seat"] = lookalike
        with pytest.raises(InvalidState):
            load_state(damaged)
    damaged = copy.deepcopy(data)
    move = damaged["log"][index]["move"]
    damaged["log"][index]["move"] = dict(reversed(list(move.items())))
    if len(move) > 1:
        with pytest.raises(InvalidState):
            load_state(damaged)
