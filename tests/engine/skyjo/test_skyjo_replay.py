"""Records: their shape, and replaying them without the RNG."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from skyjo_helpers import play_random_game, play_stalling_game

from cardtable_engine.base import GameNotOver, InvalidRecord
from cardtable_engine.games.skyjo import RULES
from cardtable_engine.games.skyjo.state import SkyjoState


def _without_rng(state: SkyjoState) -> dict[str, Any]:
    data = state.to_dict()
    del data["rng"]
    return data


def test_record_shape() -> None:
    state, moves = play_random_game(3, {"end_score": 60}, 12)
    record = state.record()
    assert set(record) == {"game", "options", "players", "log", "score"}
    assert record["game"] == "skyjo"
    assert record["players"] == [{"seat": i, "name": f"p{i}"} for i in range(3)]
    assert record["options"] == state.options
    assert record["score"] == state.score()
    types = [entry["type"] for entry in record["log"]]
    assert types.count("move") == moves == state.version
    assert types.count("deal") == len(state.rounds)
    assert types[0] == "deal"
    for entry in record["log"]:
        if entry["type"] == "deal":
            assert set(entry) == {"type", "round", "grids", "discard", "draw_pile"}
            assert len(entry["grids"]) == 3 and all(len(g) == 12 for g in entry["grids"])
            assert 3 * 12 + 1 + len(entry["draw_pile"]) == 150
        elif entry["type"] == "move":
            assert set(entry) == {"type", "seat", "move"}


def test_no_record_before_the_end() -> None:
    state = RULES.new_state(["a", "b"], {}, 1)
    with pytest.raises(GameNotOver):
        state.record()


@pytest.mark.parametrize("seed", range(4))
def test_replay_reproduces_the_final_state_and_score(seed: int) -> None:
    state, _ = play_random_game(2 + seed, {"initial_reveals": seed % 4}, seed)
    replayed = RULES.replay(state.record())
    assert replayed.score() == state.score()
    assert _without_rng(replayed) == _without_rng(state)


@pytest.mark.parametrize("n_players", [2, 5])
def test_replay_with_reshuffles(n_players: int) -> None:
    state = play_stalling_game(n_players, {"max_rounds": 2}, 3)
    log = state.record()["log"]
    reshuffles = [i for i, entry in enumerate(log) if entry["type"] == "reshuffle"]
    assert reshuffles
    for index in reshuffles:  # right after the draw that needed it
        assert log[index - 1]["type"] == "move" and log[index - 1]["move"] == {"type": "draw"}
    replayed = RULES.replay(state.record())
    assert _without_rng(replayed) == _without_rng(state)


def test_deals_follow_the_move_that_ended_the_previous_round() -> None:
    state, _ = play_random_game(2, {"end_score": 1000, "max_rounds": 3}, 6)
    log = state.record()["log"]
    deals = [i for i, entry in enumerate(log) if entry["type"] == "deal"]
    assert [log[i]["round"] for i in deals] == [1, 2, 3]
    for index in deals[1:]:
        assert log[index - 1]["type"] == "move"
        assert log[index - 1]["move"]["type"] in ("take_discard", "replace", "discard_and_reveal")


def _record() -> dict[str, Any]:
    state, _ = play_random_game(2, {"max_rounds": 2, "end_score": 1000}, 9)
    return state.record()


def _move_index(record: dict[str, Any], nth: int = 0) -> int:
    return [i for i, e in enumerate(record["log"]) if e["type"] == "move"][nth]


def _tamper_card(record: dict[str, Any]) -> None:
    record["log"][0]["grids"][0][0] = 13


def _swap_cards(record: dict[str, Any]) -> None:
    # A different but valid deal: the logged moves may still replay, but the score won't hold.
    deal = record["log"][0]
    deal["grids"][0], deal["grids"][1] = deal["grids"][1], deal["grids"][0]


def _illegal_move(record: dict[str, Any]) -> None:
    index = _move_index(record, 3)
    record["log"][index]["seat"] = 1 - record["log"][index]["seat"]


def _malformed_move(record: dict[str, Any]) -> None:
    record["log"][_move_index(record)]["move"] = {"type": "draw", "extra": 1}


def _drop_second_deal(record: dict[str, Any]) -> None:
    index = [i for i, e in enumerate(record["log"]) if e["type"] == "deal"][1]
    del record["log"][index]


def _extra_reshuffle(record: dict[str, Any]) -> None:
    record["log"].insert(_move_index(record) + 1, {"type": "reshuffle", "draw_pile": []})


def _truncate(record: dict[str, Any]) -> None:
    del record["log"][-1]


TAMPERED = {
    "card out of range": _tamper_card,
    "swapped grids": _swap_cards,
    "illegal move": _illegal_move,
    "malformed move": _malformed_move,
    "missing deal": _drop_second_deal,
    "unexpected reshuffle": _extra_reshuffle,
    "truncated log": _truncate,
    "wrong score": lambda r: r["score"]["totals"].__setitem__(0, -1),
    "wrong game": lambda r: r.update(game="skipbo"),
    "bad players": lambda r: r.update(players=[{"seat": 1, "name": "x"}]),
    "unknown option": lambda r: r["options"].update(colour="red"),
    "missing option": lambda r: r["options"].pop("end_score"),
    "empty log": lambda r: r.update(log=[]),
    "unknown entry": lambda r: r["log"].insert(1, {"type": "chat"}),
    "move entry with extra key": lambda r: r["log"][_move_index(r)].update(at=1),
    "no score": lambda r: r.pop("score"),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_tampered_records_are_refused(name: str) -> None:
    record = _record()
    RULES.replay(copy.deepcopy(record))
    TAMPERED[name](record)
    with pytest.raises(InvalidRecord):
        RULES.replay(record)


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.update(options=[]),
        lambda r: r.update(options=None),
        lambda r: r.update(players="ab"),
        lambda r: r.update(log=5),
        lambda r: r["log"].insert(1, 5),
        lambda r: r["log"].__setitem__(0, []),
        lambda r: r["log"][_move_index(r)].update(move=None),
        lambda r: r["log"][_move_index(r)].update(seat="0"),
        lambda r: r["log"][0].update(grids=None),
        lambda r: r["log"][0].update(draw_pile={}),
        lambda r: r.update(score=None),
    ],
)
def test_records_of_the_wrong_shape_are_refused(damage: Any) -> None:
    record = _record()
    damage(record)
    with pytest.raises(InvalidRecord):
        RULES.replay(record)


@pytest.mark.parametrize("record", [None, [], "record", {"game": "skyjo"}])
def test_non_records_are_refused(record: Any) -> None:
    with pytest.raises(InvalidRecord):
        RULES.replay(record)
