"""Plain-data round trip and rejection of inconsistent states, views that hide what is
hidden, and replay of records (including rejection of tampered ones)."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from skipbo_helpers import SB, arranged, names, play_out

from cardtable_engine.base import InvalidRecord, InvalidState
from cardtable_engine.games.skipbo import RULES, new_state
from cardtable_engine.games.skipbo.state import SkipBoState


def mid_game(seed: int = 3, n: int = 3, moves: int = 60, **options: Any) -> SkipBoState:
    state = new_state(names(n), {"stock_size": 12, **options}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    return state


def finished_game(seed: int, n: int = 2, **options: Any) -> SkipBoState:
    state = new_state(names(n), options, seed)
    play_out(state, random.Random(seed), bots=["greedy"] * n)
    return state


# -- round trip --------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [0, 1, 25, 80, 400])
def test_round_trip_through_json(moves: int) -> None:
    state = mid_game(moves=moves, teams=False)
    data = json.loads(json.dumps(state.to_dict()))
    assert data == state.to_dict()
    again = SkipBoState.from_dict(data)
    assert again.to_dict() == state.to_dict()
    assert RULES.load(data).view(0) == state.view(0)
    # the loaded state plays on exactly like the original
    for copy_ in (state, again):
        rng = random.Random(99)
        for _ in range(30):
            if copy_.is_over:
                break
            seat = copy_.active_seats()[0]
            copy_.apply(seat, rng.choice(copy_.legal_moves(seat)))
    assert again.to_dict() == state.to_dict()


def test_round_trip_of_finished_match_and_teams() -> None:
    state = new_state(names(4), {"teams": True, "stock_size": 3, "target_score": 120}, 5)
    play_out(state, random.Random(5))
    assert SkipBoState.from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_to_dict_is_a_copy() -> None:
    state = mid_game(moves=10)
    data = state.to_dict()
    data["table"]["hands"][state.current_seat].append(5)
    data["log"][0]["stocks"][0].clear()
    assert state.to_dict() != data
    assert SkipBoState.from_dict(state.to_dict()).to_dict() == state.to_dict()


Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return mutate


def _drop_card(data: dict[str, Any]) -> None:
    data["table"]["draw_pile"].pop()


def _change_card(data: dict[str, Any]) -> None:
    pile = data["table"]["draw_pile"]
    pile[-1] = 1 if pile[-1] != 1 else 2


def _extra_hand_card(data: dict[str, Any]) -> None:
    seat = data["current"]
    hand = data["table"]["hands"][seat]
    while len(hand) < 6:
        hand.append(data["table"]["draw_pile"].pop())


def _bad_building(data: dict[str, Any]) -> None:
    # move a 3 from the draw pile onto an empty building pile: piles start with 1 or SKIP-BO
    draw = data["table"]["draw_pile"]
    draw.remove(3)
    data["table"]["building_piles"] = [[3], *data["table"]["building_piles"][1:]]


def _drop_key(name: str) -> Mutation:
    return lambda data: data.pop(name)


MUTATIONS: dict[str, Mutation] = {
    "game": _set("game", "skyjo"),
    "schema_version": _set("schema_version", 2),
    "missing key": _drop_key("rounds"),
    "extra key": _set("seed", 5),
    "names": _set("names", ["a", 3, "c"]),
    "one player": _set("names", ["solo"]),
    "options unresolved": lambda d: d["options"].pop("teams"),
    "options invalid": _set("options.stop_rule", "dutch"),
    "rng": _set("rng", {"seed": "x", "counter": 0}),
    "version": _set("version", 3),
    "negative version": _set("version", -1),
    "phase": _set("phase", "setup"),
    "finished phase": _set("phase", "finished"),
    "current out of range": _set("current", 3),
    "current bool": _set("current", True),
    "current none": _set("current", None),
    "built flag": _set("built_this_turn", 1),
    "drawn turns": _set("drawn_turns", 3),
    "drawn turns with cards to draw": lambda d: d.update(drawn_turns=1, built_this_turn=False),
    "round": _set("round", 2),
    "card missing": _drop_card,
    "card changed": _change_card,
    "card 13": _set("table.draw_pile.0", 13),
    "card bool": _set("table.draw_pile.0", True),
    "hand of 6": _extra_hand_card,
    "building order": _bad_building,
    "three discard piles": lambda d: d["table"]["discard_piles"][0].pop(),
    "table missing zone": lambda d: d["table"].pop("set_aside"),
    "stock too big": lambda d: d["table"]["stocks"][0].extend(
        [d["table"]["draw_pile"].pop() for _ in range(20)]
    ),
    "round result": _set("rounds", [{"round": 1, "scores": [1, 0, 0], "winner": 0}]),
    "log entry": lambda d: d["log"].append({"type": "shuffle"}),
    "log move": lambda d: d["log"].append({"type": "move", "seat": 9, "move": {}}),
    "not a dict": lambda d: d.clear(),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_from_dict_rejects_inconsistent_states(name: str) -> None:
    state = mid_game(moves=20)
    data = copy.deepcopy(state.to_dict())
    SkipBoState.from_dict(data)  # the original loads
    MUTATIONS[name](data)
    with pytest.raises(InvalidState):
        SkipBoState.from_dict(data)


def test_from_dict_rejects_an_empty_stock_while_playing() -> None:
    state = arranged(2, hands={0: [1]}, stocks={0: [], 1: [5]}, draw=[9])
    with pytest.raises(InvalidState, match="empty stock"):
        SkipBoState.from_dict(state.to_dict())
    teams = arranged(
        4, {"teams": True}, hands={0: [1]}, stocks={0: [], 1: [5], 2: [4], 3: [6]}, draw=[9]
    )
    assert SkipBoState.from_dict(teams.to_dict()).to_dict() == teams.to_dict()


@pytest.mark.parametrize("data", [None, [], "state", 3])
def test_from_dict_rejects_non_objects(data: Any) -> None:
    with pytest.raises(InvalidState):
        SkipBoState.from_dict(data)


# -- views -------------------------------------------------------------------------------------


def test_views_show_own_hand_only() -> None:
    state = arranged(
        3,
        hands={0: [7, 1, SB], 1: [4, 4], 2: []},
        stocks={0: [6, 3], 1: [12, 5, 5], 2: [9]},
        discards={1: [[2, 11], [], [8], []]},
    )
    own, other, spectator = state.view(0), state.view(1), state.view(None)
    assert own["hand"] == [SB, 1, 7] and own["seat"] == 0
    assert other["hand"] == [4, 4] and spectator["hand"] is None and spectator["seat"] is None
    for view in (own, other, spectator):
        assert [p["hand_size"] for p in view["players"]] == [3, 2, 0]
        assert [p["stock_top"] for p in view["players"]] == [6, 12, 9]
        assert [p["stock_size"] for p in view["players"]] == [2, 3, 1]
        # discard piles are face up: every card is shown
        assert view["players"][1]["discard_piles"] == [[2, 11], [], [8], []]
        assert set(view) >= {"draw_pile_size", "set_aside_size", "building_piles"}
        assert not {"rng", "seed", "log", "draw_pile", "stocks", "hands"} & set(view)
        json.dumps(view)
    assert own["step"] == "build" and other["step"] == "play" and spectator["step"] == "play"
    assert own["active_seats"] == [0] and own["current_player"] == 0


def test_views_never_contain_the_seed_or_hidden_cards() -> None:
    state = mid_game(seed=123456789123, moves=40)
    for seat in (None, 0, 1, 2):
        text = json.dumps(state.view(seat))
        assert "123456789123" not in text and "counter" not in text


# -- replay ------------------------------------------------------------------------------------


def _without_rng(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "rng"}


@pytest.mark.parametrize(
    ("seed", "n", "options"),
    [
        (1, 2, {}),
        (2, 3, {"stop_rule": "english", "stock_size": 8}),
        (3, 4, {"teams": True, "stock_size": 6, "target_score": 150}),
        (4, 2, {"stock_size": 4, "target_score": 200, "first_player": 1}),
    ],
)
def test_replay_reproduces_state_and_score(seed: int, n: int, options: dict[str, Any]) -> None:
    state = finished_game(seed, n, **options)
    record = json.loads(json.dumps(state.record()))
    replayed = RULES.replay(record)
    assert replayed.score() == state.score() == record["score"]
    assert _without_rng(replayed.to_dict()) == _without_rng(state.to_dict())


@functools.cache
def _game_with_reshuffle() -> SkipBoState:
    """A finished game whose log holds a reshuffle (tests only read it)."""
    for seed in range(40):
        state = finished_game(seed, 2)
        if any(entry["type"] == "reshuffle" for entry in state.log):
            return state
    raise AssertionError("no game with a reshuffle in 40 seeds")


def test_replay_of_a_game_with_reshuffles() -> None:
    state = _game_with_reshuffle()
    log = state.log
    for index, entry in enumerate(log):
        if entry["type"] == "reshuffle":
            # right after the move during which a refill needed it
            assert log[index - 1]["type"] == "move"
    replayed = RULES.replay(state.record())
    assert _without_rng(replayed.to_dict()) == _without_rng(state.to_dict())


def _tamper(record: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    tampered = copy.deepcopy(record)
    change(tampered)
    return tampered


def _first(record: dict[str, Any], kind: str) -> int:
    return next(i for i, e in enumerate(record["log"]) if e["type"] == kind)


def _swap_deal_cards(record: dict[str, Any]) -> None:
    record["log"][0]["draw_pile"][0] = (record["log"][0]["draw_pile"][0] + 1) % 13


def _bad_move(record: dict[str, Any]) -> None:
    index = _first(record, "move")
    record["log"][index]["move"] = {"type": "pass"}  # the first player holds 5 cards


def _bad_reshuffle(record: dict[str, Any]) -> None:
    index = _first(record, "reshuffle")
    record["log"][index]["draw_pile"].pop()


def _drop_reshuffle(record: dict[str, Any]) -> None:
    del record["log"][_first(record, "reshuffle")]


TAMPERINGS: dict[str, Callable[[dict[str, Any]], None]] = {
    "game": lambda r: r.update(game="skyjo"),
    "players": lambda r: r.update(players=[{"seat": 1, "name": "a"}, {"seat": 0, "name": "b"}]),
    "one player": lambda r: r.update(players=[{"seat": 0, "name": "a"}]),
    "options": lambda r: r["options"].update(stop_rule="dutch"),
    "empty log": lambda r: r.update(log=[]),
    "log starts with a move": lambda r: r["log"].pop(0),
    "deal cards": _swap_deal_cards,
    "deal first player": lambda r: r["log"][0].update(first_player=1),
    "illegal move": _bad_move,
    "malformed move": lambda r: r["log"][_first(r, "move")]["move"].update(card="1"),
    "reshuffle cards": _bad_reshuffle,
    "missing reshuffle": _drop_reshuffle,
    "truncated": lambda r: r["log"].pop(),
    "extra entry": lambda r: r["log"].append(copy.deepcopy(r["log"][-1])),
    "score": lambda r: r["score"].update(totals=[0, 0]),
    "move extra field": lambda r: r["log"][_first(r, "move")].update(note="x"),
}


@pytest.mark.parametrize("name", sorted(TAMPERINGS))
def test_replay_rejects_tampered_records(name: str) -> None:
    record = _game_with_reshuffle().record()
    RULES.replay(record)
    with pytest.raises(InvalidRecord):
        RULES.replay(_tamper(record, TAMPERINGS[name]))


def test_replay_accepts_a_score_without_extra_fields() -> None:
    record = finished_game(6, 2, stock_size=5).record()
    for entry in record["score"]["rounds"]:
        del entry["stocks_left"]
    assert RULES.replay(record).score()["winners"] == record["score"]["winners"]
