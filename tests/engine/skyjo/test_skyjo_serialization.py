"""State <-> plain data: round trips, and clear refusals of impossible states."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from skyjo_helpers import G0, G1, at, dealt_state, play_random_game, random_step

from cardtable_engine.base import InvalidState
from cardtable_engine.games.skyjo import RULES
from cardtable_engine.games.skyjo.state import SkyjoState


def round_trips(state: SkyjoState) -> None:
    data = state.to_dict()
    assert json.loads(json.dumps(data)) == data
    again = SkyjoState.from_dict(data)
    assert again.to_dict() == data
    assert again.view(0) == state.view(0)
    assert again.legal_moves(again.active_seats()[0] if again.active_seats() else 0) == (
        state.legal_moves(state.active_seats()[0] if state.active_seats() else 0)
    )


def test_round_trip_at_every_move_of_a_game() -> None:
    state = RULES.new_state(["a", "b", "c"], {"end_score": 40}, 5)
    rng = random.Random(5)
    round_trips(state)
    while not state.is_over:
        random_step(state, rng)
        round_trips(state)
    assert state.to_dict()["schema_version"] == 1 and state.to_dict()["game"] == "skyjo"


def test_a_reloaded_state_plays_on_exactly_like_the_original() -> None:
    original = RULES.new_state(["a", "b"], {}, 8)
    rng = random.Random(8)
    for _ in range(20):
        random_step(original, rng)
    copy = SkyjoState.from_dict(original.to_dict())
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not original.is_over:
        random_step(original, rng_a)
        random_step(copy, rng_b)
    assert copy.to_dict() == original.to_dict()


def _base() -> dict[str, Any]:
    """A state mid-round: seat 0 holds a drawn card."""
    state = dealt_state([G0, G1], 12, draw_top=[3], options={"initial_reveals": 1})
    state.apply(0, at("reveal", 0, 0))
    state.apply(1, at("reveal", 0, 0))
    state.apply(0, {"type": "draw"})
    return state.to_dict()


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _swap_hidden_for_foreign_card(data: dict[str, Any]) -> None:
    data["grids"][0]["cards"][5] = 12 if data["grids"][0]["cards"][5] != 12 else 11


def _complete_column(data: dict[str, Any]) -> None:
    grid = data["grids"][1]
    grid["cards"][0] = grid["cards"][4] = grid["cards"][8] = 7
    grid["face_up"][0] = grid["face_up"][4] = grid["face_up"][8] = True


def _partial_removal(data: dict[str, Any]) -> None:
    data["discard"].append(data["grids"][1]["cards"][5])
    data["grids"][1]["cards"][5] = None
    data["grids"][1]["face_up"][5] = True


def _drop_key(key: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        del data[key]

    return change


BROKEN: dict[str, Callable[[dict[str, Any]], None]] = {
    "wrong game": _set("game", "skipbo"),
    "unknown schema": _set("schema_version", 2),
    "missing key": _drop_key("drawn"),
    "extra key": _set("seed", 4),
    "one name": _set("names", ["solo"]),
    "name not a string": _set("names", ["a", 2]),
    "unknown option": lambda d: d["options"].update(colour="red"),
    "option out of range": lambda d: d["options"].update(initial_reveals=9),
    "negative version": _set("version", -1),
    "version not matching the log": _set("version", 7),
    "bool version": _set("version", True),
    "bad rng": _set("rng", {"seed": "x", "counter": 0}),
    "unknown phase": _set("phase", "lunch"),
    "card not in the deck": _swap_hidden_for_foreign_card,
    "card out of range": lambda d: d["draw_pile"].__setitem__(0, 13),
    "lost card": lambda d: d["draw_pile"].pop(),
    "lost drawn card": _set("drawn", None),
    "grid too short": lambda d: d["grids"][0]["cards"].pop(),
    "face_up not bool": lambda d: d["grids"][0]["face_up"].__setitem__(0, 1),
    "complete column left in place": _complete_column,
    "partial removal": _partial_removal,
    "current out of range": _set("current", 2),
    "nobody's turn while playing": _set("current", None),
    "reveals left while playing": _set("reveals_left", [1, 0]),
    "final lap without finisher": _set("final_lap", [1]),
    "finisher with face-down cards": lambda d: d.update(finisher=1, final_lap=[0]),
    "rounds before round 1": _set("rounds", [{"round": 1}]),
    "log without deal": lambda d: d["log"].pop(0),
    "log entry of unknown type": lambda d: d["log"].append({"type": "chat"}),
    "empty discard": lambda d: (d["draw_pile"].extend(d["discard"]), d.update(discard=[])),
    "not an object": lambda d: d.clear(),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_inconsistent_states_are_refused(name: str) -> None:
    data = _base()
    SkyjoState.from_dict(data)  # the unbroken state loads
    BROKEN[name](data)
    with pytest.raises(InvalidState):
        SkyjoState.from_dict(data)


def test_setup_phase_consistency() -> None:
    state = dealt_state([G0, G1], 12)
    state.apply(0, at("reveal", 0, 0))
    data = state.to_dict()
    SkyjoState.from_dict(data)
    data["reveals_left"] = [2, 2]  # but seat 0 shows a card
    with pytest.raises(InvalidState, match="reveals left"):
        SkyjoState.from_dict(data)
    data = state.to_dict()
    data["drawn"] = data["draw_pile"].pop(0)
    with pytest.raises(InvalidState, match="setup"):
        SkyjoState.from_dict(data)


def test_finished_game_consistency() -> None:
    state, _ = play_random_game(2, {"max_rounds": 1}, 2)
    data = state.to_dict()
    SkyjoState.from_dict(data)
    data["current"] = 0
    with pytest.raises(InvalidState):
        SkyjoState.from_dict(data)
    data = state.to_dict()
    data["rounds"][0]["scores"][0] += 1  # no longer follows from the card totals
    with pytest.raises(InvalidState, match="scores"):
        SkyjoState.from_dict(data)
    data = state.to_dict()
    data["phase"] = "play"
    with pytest.raises(InvalidState):
        SkyjoState.from_dict(data)


def test_final_lap_order_is_checked() -> None:
    state = dealt_state(
        [G0, G1, [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]], 12, options={"initial_reveals": 0}
    )
    data = state.to_dict()
    data["grids"][0]["face_up"] = [True] * 11 + [False]
    state = SkyjoState.from_dict(data)
    state.apply(0, {"type": "draw"})
    state.apply(0, at("discard_and_reveal", 2, 3))
    data = state.to_dict()
    assert data["finisher"] == 0 and data["final_lap"] == [1, 2]
    SkyjoState.from_dict(data)
    data["final_lap"] = [2, 1]
    with pytest.raises(InvalidState, match="final lap"):
        SkyjoState.from_dict(data)
