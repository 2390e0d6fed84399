"""Views: what each seat and a spectator see, and that nothing hidden is in them."""

from __future__ import annotations

import json
import random
from typing import Any

from skyjo_helpers import G0, G1, at, dealt_state, random_step

from cardtable_engine.games.skyjo import RULES
from cardtable_engine.games.skyjo.state import SkyjoState

COMMON_KEYS = {
    "game", "version", "seat", "phase", "round", "current_player", "active_seats", "step",
    "finished", "options", "players", "totals", "last_round", "winners",
}  # fmt: skip


def _leaves(data: Any) -> list[Any]:
    if isinstance(data, dict):
        return [leaf for value in data.values() for leaf in _leaves(value)]
    if isinstance(data, list):
        return [leaf for value in data for leaf in _leaves(value)]
    return [data]


def test_view_layout_during_setup() -> None:
    state = dealt_state([G0, G1], -2)
    state.apply(1, at("reveal", 1, 2))
    view = state.view(1)
    assert set(view) >= COMMON_KEYS
    assert view["game"] == "skyjo" and view["seat"] == 1 and view["version"] == 1
    assert view["phase"] == "setup" and view["step"] == "reveal" and view["round"] == 1
    assert view["current_player"] is None and view["active_seats"] == [0, 1]
    assert view["discard_top"] == -2 and view["discard_size"] == 1
    assert view["draw_pile_size"] == 150 - 24 - 1
    assert view["drawn"] is None and view["final_lap"] is None and view["last_round"] is None
    assert view["totals"] == [0, 0] and view["winners"] == [] and view["finished"] is False
    assert view["options"] == state.options
    assert view["players"][1] == {
        "seat": 1,
        "name": "p1",
        "grid": [None] * 6 + [6] + [None] * 5,
        "visible_sum": 6,
        "face_down": 11,
        "reveals_left": 1,
        "holding_drawn": False,
        "total": 0,
    }
    assert view["players"][0]["grid"] == [None] * 12
    json.dumps(view)


def test_views_never_show_face_down_cards_the_draw_pile_or_the_rng() -> None:
    state = RULES.new_state(["a", "b", "c"], {}, 21)
    rng = random.Random(21)
    while not state.is_over:
        for seat in (None, 0, 1, 2):
            view = state.view(seat)
            assert not {"log", "rng", "seed", "draw_pile_cards"} & set(view)
            assert isinstance(view["draw_pile_size"], int)
            for player, grid in zip(view["players"], state.grids, strict=True):
                for index, cell in enumerate(player["grid"]):
                    if grid.cards[index] is None:
                        assert cell == "removed"
                    elif grid.face_up[index]:
                        assert cell == grid.cards[index]
                    else:
                        assert cell is None
            if state.drawn is not None:
                expected = state.drawn if seat == state.current else None
                assert view["drawn"] == {"seat": state.current, "card": expected}
        random_step(state, rng)


def test_a_spectator_sees_what_every_seat_sees_except_its_own_drawn_card() -> None:
    state = dealt_state([G0, G1], 12, draw_top=[4], options={"initial_reveals": 0})
    state.apply(0, {"type": "draw"})
    spectator, seat0, seat1 = state.view(None), state.view(0), state.view(1)
    assert seat0["drawn"]["card"] == 4
    for view in (seat0, seat1):
        view["seat"] = None
    seat0["drawn"]["card"] = None
    assert spectator == seat0 == seat1


def test_views_of_the_same_state_are_equal() -> None:
    state = RULES.new_state(["a", "b"], {}, 4)
    assert state.view(0) == SkyjoState.from_dict(state.to_dict()).view(0)


def test_final_lap_and_last_round_in_views() -> None:
    state = dealt_state(
        [G0, G1], 12, draw_top=[-2], options={"initial_reveals": 0, "end_score": 1000}
    )
    data = state.to_dict()
    data["grids"][0]["face_up"] = [True] * 11 + [False]
    state = SkyjoState.from_dict(data)
    state.apply(0, {"type": "draw"})
    state.apply(0, at("discard_and_reveal", 2, 3))
    view = state.view(1)
    assert view["phase"] == "playing" and view["current_player"] == 1
    assert view["final_lap"] == {"finisher": 0, "still_to_play": [1]}
    state.apply(1, at("take_discard", 1, 1))  # -2 in, 5 out
    view = state.view(None)
    assert view["round"] == 2 and view["last_round"] == {
        "round": 1,
        "scores": [156, 59],
        "card_totals": [78, 59],
        "finisher": 0,
        "finisher_doubled": True,
        "grids": [G0, [0, 1, 2, 3, 4, -2, 6, 7, 8, 9, 10, 11]],
        "revealed": [[], [i for i in range(12) if i != 5]],
    }
    assert view["rounds"] == [{"round": 1, "scores": [156, 59], "finisher": 0}]
    assert view["totals"] == [156, 59]
    assert [p["total"] for p in view["players"]] == [156, 59]
    assert all(cell is None for cell in view["players"][0]["grid"])  # a fresh deal


def test_the_view_holds_only_json_values() -> None:
    state = RULES.new_state(["a", "b"], {}, 4)
    for leaf in _leaves(state.view(0)):
        assert leaf is None or isinstance(leaf, (bool, int, str))
