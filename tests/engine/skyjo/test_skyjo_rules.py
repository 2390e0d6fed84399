"""Each line of rules/skyjo.md, checked on states dealt from known cards."""

from __future__ import annotations

from typing import Any

import pytest
from skyjo_helpers import G0, G1, G2, at, deal_entry, dealt_state

from cardtable_engine.base import (
    IllegalMove,
    InvalidOptions,
    InvalidPlayers,
    NotYourTurn,
    RecordedCards,
)
from cardtable_engine.games.skyjo import RULES
from cardtable_engine.games.skyjo.cards import DECK_COUNTS, DECK_SIZE, full_deck
from cardtable_engine.games.skyjo.scoring import is_game_over, round_scores, winners
from cardtable_engine.games.skyjo.state import SkyjoState

NO_REVEALS = {"initial_reveals": 0}


def edited(state: SkyjoState, **grids_face_up: list[bool]) -> SkyjoState:
    """The same state with some grids' face-up flags changed (keyword seat0=..., seat1=...)."""
    data = state.to_dict()
    for key, face_up in grids_face_up.items():
        data["grids"][int(key.removeprefix("seat"))]["face_up"] = face_up
    return SkyjoState.from_dict(data)


def up_except(*hidden: int) -> list[bool]:
    return [index not in hidden for index in range(12)]


# -- components and options ---------------------------------------------------------------


def test_the_deck_has_150_cards_summing_to_760() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 150
    assert sum(deck) == 760
    assert deck.count(-2) == 5 and deck.count(-1) == 10 and deck.count(0) == 15
    assert all(deck.count(value) == 10 for value in range(1, 13))


def test_options_defaults() -> None:
    assert RULES.resolve_options({}, 3) == {
        "initial_reveals": 2,
        "later_round_starter": "finisher",
        "end_score": 100,
        "max_rounds": None,
        "finisher_penalty": True,
        "max_turns": 100,
    }


@pytest.mark.parametrize(
    "options",
    [
        {"initial_reveals": 4},
        {"initial_reveals": -1},
        {"initial_reveals": True},
        {"later_round_starter": "loser"},
        {"end_score": 0},
        {"end_score": "100"},
        {"max_rounds": 0},
        {"finisher_penalty": 1},
        {"colour": "blue"},
    ],
)
def test_options_out_of_range_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        RULES.new_state(["a", "b"], options, 1)


def test_option_values_at_their_limits_are_accepted() -> None:
    state = RULES.new_state(
        ["a", "b"],
        {
            "initial_reveals": 3,
            "later_round_starter": "highest_sum",
            "end_score": 1000,
            "max_rounds": 1,
            "finisher_penalty": False,
        },
        1,
    )
    assert state.options["max_rounds"] == 1


@pytest.mark.parametrize("count", [1, 9])
def test_two_to_eight_players(count: int) -> None:
    with pytest.raises(InvalidPlayers):
        RULES.new_state([f"p{i}" for i in range(count)], {}, 1)


# -- the deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 9))
def test_deal_counts_per_player_count(count: int) -> None:
    state = RULES.new_state([f"p{i}" for i in range(count)], {}, 11)
    assert len(state.grids) == count
    assert all(grid.face_down_count() == 12 for grid in state.grids)
    assert state.discard and len(state.discard) == 1
    assert len(state.draw_pile) == 150 - 12 * count - 1
    assert state.card_counts() == DECK_COUNTS
    deal = state.log[0]
    assert deal["type"] == "deal" and deal["round"] == 1
    assert deal["grids"] == [grid.cards for grid in state.grids]
    assert deal["discard"] == state.discard[-1]
    assert deal["draw_pile"] == state.draw_pile[::-1]  # top first
    view = state.view(None)
    assert (view["discard_top"], view["discard_size"]) == (deal["discard"], 1)


def test_a_seed_reproduces_the_deal_and_different_seeds_differ() -> None:
    first = RULES.new_state(["a", "b"], {}, 42).log[0]
    assert RULES.new_state(["a", "b"], {}, 42).log[0] == first
    assert RULES.new_state(["a", "b"], {}, 43).log[0] != first
    # Without a seed the RNG is seeded from a secure source.
    assert (
        RULES.new_state(["a", "b"], {}, None).rng.seed
        != RULES.new_state(["a", "b"], {}, None).rng.seed
    )


# -- setup reveals and the starter -------------------------------------------------------------


def test_setup_reveals_are_simultaneous_and_nobody_draws_before_all_are_done() -> None:
    state = dealt_state([G0, G1, G2], 12)
    view = state.view(None)
    assert view["phase"] == "setup" and view["step"] == "reveal"
    assert view["current_player"] is None and view["active_seats"] == [0, 1, 2]
    assert len(state.legal_moves(1)) == 12
    state.apply(2, at("reveal", 0, 0))  # any order: seat 2 first
    state.apply(2, at("reveal", 1, 1))
    assert state.active_seats() == [0, 1]
    assert state.legal_moves(2) == []
    with pytest.raises(NotYourTurn):
        state.apply(2, {"type": "draw"})
    state.apply(0, at("reveal", 2, 3))
    state.apply(1, at("reveal", 0, 3))
    state.apply(0, at("reveal", 0, 1))
    assert state.phase == "reveal" and state.active_seats() == [1]
    state.apply(1, at("reveal", 2, 0))
    assert state.phase == "play"
    # Sums: seat 0: 12 + 2 = 14, seat 1: 3 + 8 = 11, seat 2: -1 + 4 = 3.
    assert [p["visible_sum"] for p in state.view(None)["players"]] == [14, 11, 3]
    assert state.current == 0
    assert state.view(None)["step"] == "choose"


def test_round_one_starter_counts_negative_cards() -> None:
    # Seat 0 shows 12 and -2 (= 10); seat 1 shows 9 and 0 (= 9): seat 0 starts.
    a = [12, -2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    b = [9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11]
    state = dealt_state([b, a], 1)
    state.apply(0, at("reveal", 0, 0))
    state.apply(0, at("reveal", 0, 1))
    state.apply(1, at("reveal", 0, 0))
    state.apply(1, at("reveal", 0, 1))
    assert state.current == 1


def test_round_one_starter_ties_go_to_the_first_seat_from_seat_zero() -> None:
    a = [12, -2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    b = [5, 5, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]
    c = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    state = dealt_state([c, a, b], 0)
    for seat in (2, 1, 0):
        state.apply(seat, at("reveal", 0, 0))
        state.apply(seat, at("reveal", 0, 1))
    # Seat 0 shows 3, seats 1 and 2 both show 10: seat 1 starts.
    assert state.current == 1


def test_without_initial_reveals_there_is_no_setup_step() -> None:
    state = dealt_state([G0, G1, G2], 12, options=NO_REVEALS)
    assert state.phase == "play" and state.current == 0
    assert state.view(None)["step"] == "choose"
    assert {move["type"] for move in state.legal_moves(0)} == {"take_discard", "draw"}


def test_a_setup_reveal_can_complete_a_column() -> None:
    grid = [4, 1, 2, 3, 4, 5, 6, 7, 4, 9, 10, 11]
    state = dealt_state([grid, G0], 12, options={"initial_reveals": 3})
    for row in range(3):
        state.apply(0, at("reveal", row, 0))
    assert [state.grids[0].cards[i] for i in (0, 4, 8)] == [None, None, None]
    assert state.discard == [12, 4, 4, 4]
    assert state.view(None)["players"][0]["grid"][0] == "removed"
    # Removed positions can't be targeted.
    for row in range(3):
        state.apply(1, at("reveal", row, 1))
    assert state.current == 1  # seat 0's face-up sum is now 0
    state.apply(1, {"type": "draw"})
    state.apply(1, at("discard_and_reveal", 0, 0))
    positions = [m for m in state.legal_moves(0) if m["type"] == "take_discard"]
    assert len(positions) == 9 and all(move["col"] != 0 for move in positions)
    with pytest.raises(IllegalMove, match="removed"):
        state.apply(0, at("take_discard", 1, 0))


# -- a turn -----------------------------------------------------------------------------------


def test_take_discard_exchanges_with_a_face_down_card() -> None:
    state = dealt_state([G0, G1], 12, options=NO_REVEALS)
    state.apply(0, at("take_discard", 1, 2))
    assert state.grids[0].cards[6] == 12 and state.grids[0].face_up[6]
    assert state.discard == [7]  # the replaced card, face up
    assert state.current == 1


def test_take_discard_exchanges_with_a_face_up_card() -> None:
    state = dealt_state([G0, G1], 12, options={"initial_reveals": 1})
    state.apply(0, at("reveal", 0, 0))
    state.apply(1, at("reveal", 0, 0))
    assert state.current == 0  # 1 > 0
    state.apply(0, at("take_discard", 0, 0))
    assert state.grids[0].cards[0] == 12 and state.discard == [1]


def test_draw_then_replace() -> None:
    state = dealt_state([G0, G1], 12, draw_top=[-2, 5], options=NO_REVEALS)
    state.apply(0, {"type": "draw"})
    assert state.drawn == -2 and state.view(0)["step"] == "place_drawn"
    assert {m["type"] for m in state.legal_moves(0)} == {"replace", "discard_and_reveal"}
    state.apply(0, at("replace", 2, 3))
    assert state.grids[0].cards[11] == -2 and state.grids[0].face_up[11]
    assert state.discard == [12, 12]
    assert state.drawn is None and state.current == 1


def test_draw_then_discard_and_reveal() -> None:
    state = dealt_state([G0, G1], 12, draw_top=[-2, 5], options=NO_REVEALS)
    state.apply(0, {"type": "draw"})
    state.apply(0, at("discard_and_reveal", 1, 0))
    assert state.grids[0].face_up[4] and state.grids[0].cards[4] == 5
    assert state.discard == [12, -2]
    assert state.current == 1


def test_discard_and_reveal_needs_a_face_down_target() -> None:
    state = dealt_state([G0, G1], 12, draw_top=[-2, 5], options=NO_REVEALS)
    state.apply(0, at("take_discard", 0, 0))
    state.apply(1, {"type": "take_discard", "row": 0, "col": 0})
    state.apply(0, {"type": "draw"})
    assert at("discard_and_reveal", 0, 0) not in state.legal_moves(0)
    assert at("replace", 0, 0) in state.legal_moves(0)
    with pytest.raises(IllegalMove, match="already face up"):
        state.apply(0, at("discard_and_reveal", 0, 0))


def test_drawn_card_is_seen_only_by_the_seat_that_drew_it() -> None:
    state = dealt_state([G0, G1, G2], 12, draw_top=[-2], options=NO_REVEALS)
    state.apply(0, {"type": "draw"})
    assert state.view(0)["drawn"] == {"seat": 0, "card": -2}
    assert state.view(1)["drawn"] == {"seat": 0, "card": None}
    assert state.view(None)["drawn"] == {"seat": 0, "card": None}
    assert [p["holding_drawn"] for p in state.view(None)["players"]] == [True, False, False]


# -- the column rule ---------------------------------------------------------------------


def _column_of_fives(hidden_third: int) -> list[int]:
    # Column 0 holds 5, 5 and `hidden_third` (row 2).
    return [5, 1, 2, 3, 5, 6, 7, 8, hidden_third, 10, 11, 12]


def test_take_discard_completing_a_column_discards_exchanged_card_first() -> None:
    state = dealt_state([_column_of_fives(9), G1], 5, options=NO_REVEALS)
    state = edited(state, seat0=up_except(*range(1, 4), *range(5, 12)))
    state.apply(0, at("take_discard", 2, 0))
    assert state.discard == [9, 5, 5, 5]  # the column's value is the new top
    assert state.grids[0].cards[0::4] == [None, None, None]
    assert (state.view(None)["discard_top"], state.view(None)["discard_size"]) == (5, 4)


@pytest.mark.parametrize(
    ("move", "hidden_third", "drawn", "first"),
    [
        ("replace", 9, 5, 9),  # the exchanged card goes first
        ("discard_and_reveal", 5, 3, 3),  # the drawn card goes first
    ],
)
def test_a_column_completed_after_a_draw_is_discarded_after_the_moves_own_card(
    move: str, hidden_third: int, drawn: int, first: int
) -> None:
    state = dealt_state([_column_of_fives(hidden_third), G1], 12, [drawn], NO_REVEALS)
    state = edited(state, seat0=up_except(*range(1, 4), *range(5, 12)))
    state.apply(0, {"type": "draw"})
    state.apply(0, at(move, 2, 0))
    assert state.discard == [12, first, 5, 5, 5]
    assert state.view(None)["players"][0]["grid"][0::4] == ["removed"] * 3


@pytest.mark.parametrize("value", [0, -2, 12])
def test_any_value_completes_a_column(value: int) -> None:
    grid = [value, 1, 2, 3, value, 4, 5, 6, value, 7, 8, 9]
    state = dealt_state([grid, G1], 11, options={"initial_reveals": 3})
    for row in range(3):
        state.apply(0, at("reveal", row, 0))
    assert state.discard == [11, value, value, value]


def test_face_down_cards_never_complete_a_column() -> None:
    grid = [5, 1, 2, 3, 5, 6, 7, 8, 5, 9, 10, 11]  # column 0 is 5, 5, 5; (2, 0) stays face down
    state = dealt_state([grid, G1], 12, options=NO_REVEALS)
    state = edited(state, seat0=up_except(8, 9))
    state.apply(0, at("take_discard", 2, 1))  # 12 in, 9 out; column 1 is 1, 6, 12
    assert state.grids[0].cards[0::4] == [5, 5, 5]
    assert state.discard == [9]


def test_rows_never_count() -> None:
    grid = [1, 2, 3, 4, 6, 6, 6, 6, 9, 10, 11, 12]
    state = dealt_state([grid, G1], 0, options={"initial_reveals": 3})
    for col in range(3):
        state.apply(0, at("reveal", 1, col))
    for col in range(3):
        state.apply(1, at("reveal", 0, col))
    state.apply(0, {"type": "draw"})
    state.apply(0, at("discard_and_reveal", 1, 3))
    assert state.grids[0].cards[4:8] == [6, 6, 6, 6]
    assert state.view(None)["players"][0]["grid"][4:8] == [6, 6, 6, 6]


def test_removed_positions_keep_their_place() -> None:
    grid = [1, 2, 4, 3, 5, 6, 4, 8, 9, 10, 4, 12]  # column 2 is 4, 4, 4
    state = dealt_state([grid, G1], 12, options={"initial_reveals": 3})
    for row in range(3):
        state.apply(0, at("reveal", row, 2))
    assert state.grids[0].cards == [1, 2, None, 3, 5, 6, None, 8, 9, 10, None, 12]
    assert state.view(0)["players"][0]["grid"][3] is None  # (0, 3) is still (0, 3)


# -- the draw pile ---------------------------------------------------------------------------


def test_empty_draw_pile_is_reshuffled_from_the_discard_pile_except_its_top() -> None:
    state = dealt_state([G0, G1], 12, options=NO_REVEALS)
    data = state.to_dict()
    data["discard"] = data["discard"] + data["draw_pile"]  # top first: 12 stays on top
    data["draw_pile"] = []
    state = SkyjoState.from_dict(data)
    below_top = sorted(state.discard[:-1])
    assert state.legal_moves(0)[-1] == {"type": "draw"}
    state.apply(0, {"type": "draw"})
    move_entry, reshuffle = state.log[-2], state.log[-1]
    assert move_entry == {"type": "move", "seat": 0, "move": {"type": "draw"}}
    assert reshuffle["type"] == "reshuffle"
    assert sorted(reshuffle["draw_pile"]) == below_top
    assert state.drawn == reshuffle["draw_pile"][0]
    assert state.draw_pile[::-1] == reshuffle["draw_pile"][1:]
    assert state.discard == [12]
    assert state.card_counts() == DECK_COUNTS


def test_nothing_to_draw_means_drawing_is_not_legal() -> None:
    # Unreachable with the 150-card deck, but the rule is there: no draw pile and a discard
    # pile of one card leave only take_discard.
    state = dealt_state([G0, G1], 12, options=NO_REVEALS)
    state.draw_pile = []
    assert all(move["type"] == "take_discard" for move in state.legal_moves(0))
    with pytest.raises(IllegalMove, match="draw pile is empty"):
        state.apply(0, {"type": "draw"})


# -- the end of a round ---------------------------------------------------------------------


def _final_lap_state(options: dict[str, Any] | None = None) -> SkyjoState:
    """Seat 1 and seat 2 have one face-down card each; seat 0 is to play."""
    state = dealt_state(
        [G0, G1, G2], 12, draw_top=[-2, 11], options={**NO_REVEALS, **(options or {})}
    )
    return edited(state, seat1=up_except(11), seat2=up_except(0))


def _play_final_lap(state: SkyjoState) -> None:
    state.apply(0, at("take_discard", 0, 0))  # 12 in, 1 out
    state.apply(1, {"type": "draw"})  # -2
    state.apply(1, at("discard_and_reveal", 2, 3))  # seat 1 has nothing face down: finisher
    assert state.finisher == 1 and state.final_lap == [2, 0] and state.current == 2
    view = state.view(None)
    assert view["phase"] == "playing" and view["final_lap"] is not None
    assert view["final_lap"] == {"finisher": 1, "still_to_play": [2, 0]}
    state.apply(2, {"type": "draw"})  # 11
    state.apply(2, at("replace", 0, 0))  # -1 out; seat 2 now shows everything too
    assert state.finisher == 1 and state.final_lap == [0] and state.current == 0
    with pytest.raises(NotYourTurn):  # the finisher does not play again
        state.apply(1, {"type": "draw"})
    state.apply(0, at("take_discard", 1, 1))  # -1 in, 6 out: the round ends


def test_final_lap_then_final_reveal_and_finisher_doubled_on_a_tie() -> None:
    state = _final_lap_state({"end_score": 1000})
    _play_final_lap(state)
    # Seat 0: 78 + 11 - 7 = 82; seat 1: 66 (finisher); seat 2: 54 + 1 + 11 = 66.
    result = state.rounds[0]
    assert result["card_totals"] == [82, 66, 66]
    assert result["scores"] == [82, 132, 66]  # 66 is not strictly lowest: doubled
    assert result["finisher"] == 1
    assert result["revealed"][0] == [1, 2, 3, 4, 6, 7, 8, 9, 10, 11]
    assert result["grids"][0] == [12, 2, 3, 4, 5, -1, 7, 8, 9, 10, 11, 12]
    # The deal of round 2 comes right after the move that ended round 1.
    assert state.log[-2]["type"] == "move" and state.log[-2]["seat"] == 0
    assert state.log[-1]["type"] == "deal" and state.log[-1]["round"] == 2
    assert state.round == 2 and state.phase == "play"
    assert state.current == 1  # later_round_starter "finisher"
    view = state.view(None)
    assert view["totals"] == [82, 132, 66]
    assert view["last_round"]["scores"] == [82, 132, 66]
    assert view["last_round"]["finisher_doubled"] is True
    assert state.score() == {
        "finished": False,
        "rounds": [{"round": 1, "scores": [82, 132, 66], "finisher": 1}],
        "totals": [82, 132, 66],
        "winners": [],
    }


def test_no_doubling_when_finisher_penalty_is_off() -> None:
    state = _final_lap_state({"finisher_penalty": False})
    _play_final_lap(state)
    assert state.rounds[0]["scores"] == [82, 66, 66]
    # Nobody reached 100: the game goes on.
    assert not state.is_over


def test_the_game_ends_after_the_round_that_reaches_end_score_with_shared_wins() -> None:
    state = _final_lap_state({"finisher_penalty": False, "end_score": 66})
    _play_final_lap(state)
    assert state.is_over and state.phase == "over"
    assert state.log[-1]["type"] == "move"  # no further deal
    assert state.winners() == [1, 2]  # tied lowest totals share the win
    assert state.score()["winners"] == [1, 2] and state.score()["finished"] is True
    view = state.view(None)
    assert view["finished"] and view["step"] is None and view["active_seats"] == []
    assert view["current_player"] is None and view["winners"] == [1, 2]
    assert state.legal_moves(0) == []


def test_max_rounds_ends_the_game() -> None:
    state = _final_lap_state({"max_rounds": 1})
    _play_final_lap(state)
    assert state.is_over and state.winners() == [2]


def test_final_reveal_applies_the_column_rule() -> None:
    # Seat 1's column 3 is 7, 7, 7, all face down until the final reveal.
    grid = [0, 1, 2, 7, 4, 5, 6, 7, 8, 9, 10, 7]
    state = dealt_state([G0, grid], 12, draw_top=[-2], options={**NO_REVEALS, "max_rounds": 1})
    state = edited(state, seat0=up_except(5))
    state.apply(0, {"type": "draw"})
    state.apply(0, at("discard_and_reveal", 1, 1))
    assert state.finisher == 0
    state.apply(1, at("take_discard", 0, 0))  # -2 in, 0 out
    result = state.rounds[0]
    assert result["grids"][1] == [-2, 1, 2, "removed", 4, 5, 6, "removed", 8, 9, 10, "removed"]
    assert result["card_totals"] == [78, 43]
    assert result["scores"] == [156, 43]
    assert state.discard[-3:] == [7, 7, 7]


def test_finisher_strictly_lowest_is_not_doubled() -> None:
    low = [-2, -1, 0, 1, -2, -1, 0, 2, -1, 0, 1, 4]  # total 1
    state = dealt_state([low, G1], 12, draw_top=[-2], options={**NO_REVEALS, "max_rounds": 1})
    state = edited(state, seat0=up_except(5))
    state.apply(0, {"type": "draw"})
    state.apply(0, at("discard_and_reveal", 1, 1))
    state.apply(1, {"type": "draw"})
    state.apply(1, at("discard_and_reveal", 0, 0))
    assert state.rounds[0]["card_totals"] == [1, 66]
    assert state.rounds[0]["scores"] == [1, 66]


@pytest.mark.parametrize(("starter_option", "expected"), [("finisher", 1), ("highest_sum", 0)])
def test_later_round_starter(starter_option: str, expected: int) -> None:
    round_two = deal_entry(
        [
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
            [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        ],
        -1,
        round_number=2,
    )
    options = {"initial_reveals": 1, "later_round_starter": starter_option, "end_score": 1000}
    state = dealt_state([G0, G1, G2], 12, draw_top=[-2, 11], options=options)
    state = _reveal_then_final_lap(state, round_two)
    assert state.round == 2 and state.phase == "reveal" and state.rounds[0]["finisher"] == 1
    # Round 2 setup: seat 0 reveals 12, seat 1 reveals 1, seat 2 reveals 9.
    state.apply(2, at("reveal", 2, 3))
    state.apply(0, at("reveal", 2, 3))
    state.apply(1, at("reveal", 2, 3))
    assert state.current == expected


def _reveal_then_final_lap(state: SkyjoState, round_two: dict[str, Any]) -> SkyjoState:
    """From the setup of _final_lap_state with one reveal each, play the same final lap."""
    state.apply(0, at("reveal", 2, 3))  # 12: seat 0 starts
    state.apply(1, at("reveal", 0, 0))
    state.apply(2, at("reveal", 0, 1))
    assert state.current == 0
    state = edited(state, seat1=up_except(11), seat2=up_except(0))
    state.script = RecordedCards()
    state.script.pending.append(round_two)
    _play_final_lap(state)
    state.script = None
    return state


# -- worked examples (scoring) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "finisher", "expected"),
    [
        ([12, 8, 12], 0, [24, 8, 12]),  # tie is not "strictly lowest"
        ([-3, -5], 0, [-3, -5]),  # never doubled when negative
        ([10, 24, 10], 0, [20, 24, 10]),
        ([0, -2], 0, [0, -2]),  # zero is never doubled
        ([5, 6, 7], 0, [5, 6, 7]),  # strictly lowest: kept
    ],
)
def test_worked_scoring_examples(totals: list[int], finisher: int, expected: list[int]) -> None:
    assert round_scores(totals, finisher) == expected
    assert round_scores(totals, finisher, finisher_penalty=False) == totals


def test_worked_example_game_over_at_exactly_end_score() -> None:
    assert not is_game_over([90, 40], 1, 100, None)
    assert is_game_over([90 + 10, 50], 2, 100, None)
    assert is_game_over([10, 20], 1, 100, 1)
    assert not is_game_over([0, 0], 0, 100, 1)
    assert winners([30, 12, 12]) == [1, 2]
