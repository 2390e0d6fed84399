"""Each line of rules/skipbo.md's "A turn" and its checks, on tables arranged card by card."""

from __future__ import annotations

from typing import Any

import pytest
from skipbo_helpers import SB, arranged, key, play_discard, play_hand, play_stock

from cardtable_engine.base import IllegalMove, WrongPhase
from cardtable_engine.games.skipbo.cards import DECK
from cardtable_engine.games.skipbo.state import SkipBoState

RUN_1_TO_11 = list(range(1, 12))


def discard(card: int, pile: int) -> dict[str, Any]:
    return {"type": "discard", "card": card, "pile": pile}


PASS = {"type": "pass"}


def keys(moves: list[dict[str, Any]]) -> set[str]:
    return {key(m) for m in moves}


# -- the checks of the rule document ----------------------------------------------------------


def test_check_hand_1_5_skipbo_with_stock_top_3() -> None:
    """Check: 4 empty building piles, hand [1, 5, SKIP-BO], stock top 3: builds are 1 -> any
    of the 4 empty piles and SKIP-BO -> any of the 4; 5 and the stock 3 can't be built."""
    state = arranged(2, hands={0: [1, 5, SB]}, stocks={0: [3, 8], 1: [9]})
    expected = [play_hand(1, t) for t in range(4)] + [play_hand(SB, t) for t in range(4)]
    moves = state.legal_moves(0)
    assert keys(moves) == keys(expected) and len(moves) == 8
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="starts with a 1 or a SKIP-BO"):
        state.apply(0, play_hand(5, 0))
    with pytest.raises(IllegalMove, match="starts with a 1 or a SKIP-BO"):
        state.apply(0, play_stock(2))
    assert state.to_dict() == before


def test_check_twelve_on_eleven_sets_the_pile_aside() -> None:
    """Check: building pile at 11, you play a 12: the pile is set aside, the slot is empty."""
    state = arranged(2, hands={0: [12, 7]}, building=[RUN_1_TO_11, [], [], []])
    state.apply(0, play_hand(12, 0))
    assert state.table.building[0] == []
    assert state.table.set_aside == [*RUN_1_TO_11, 12]
    view = state.view(0)
    assert view["building_piles"][0] == {
        "slot": 0,
        "size": 0,
        "reached": 0,
        "next": 1,
        "top_card": None,
        "cards": [],
    }
    assert view["set_aside_size"] == 12 and view["set_aside_piles"] == 1
    assert state.card_counts() == DECK


def test_check_last_hand_card_built_refills_to_five_at_once() -> None:
    """Check: playing the last hand card onto a building pile refills the hand to 5 at once."""
    state = arranged(2, hands={0: [4]}, building=[[1, 2, 3], [], [], []], draw=[9, 9, 10, 10, 11])
    draw_before = len(state.table.draw_pile)
    state.apply(0, play_hand(4, 0))
    assert sorted(state.table.hands[0]) == [9, 9, 10, 10, 11]
    assert len(state.table.draw_pile) == draw_before - 5
    assert state.current == 0  # and the turn goes on
    assert state.step() == "discard"


def test_check_last_hand_card_discarded_ends_the_turn_without_refill() -> None:
    """Check: discarding the last hand card ends the turn with no refill."""
    state = arranged(2, hands={0: [9], 1: [7, 8]}, draw=[10, 10, 11, 6, 6])
    state.apply(0, discard(9, 2))
    assert state.table.hands[0] == []
    assert state.table.discards[0][2] == [9]
    assert state.current == 1
    # the next player's turn starts with their refill: 2 cards in hand, so 3 are drawn
    assert sorted(state.table.hands[1]) == [7, 8, 10, 10, 11]
    assert state.log[-1] == {"type": "move", "seat": 0, "move": discard(9, 2)}


# -- building ---------------------------------------------------------------------------------


def test_skipbo_takes_the_value_the_pile_needs() -> None:
    state = arranged(2, hands={0: [SB, 5, 9]}, building=[[1, 2, 3], [], [], []])
    assert play_hand(5, 0) not in state.legal_moves(0)
    state.apply(0, play_hand(SB, 0))
    view = state.view(0)["building_piles"][0]
    assert view["reached"] == 4 and view["next"] == 5 and view["top_card"] == SB
    assert view["cards"] == [1, 2, 3, SB]
    state.apply(0, play_hand(5, 0))
    assert state.table.building[0] == [1, 2, 3, SB, 5]


def test_skipbo_may_be_played_as_twelve_and_starts_empty_piles() -> None:
    state = arranged(2, hands={0: [SB, SB, 9]}, building=[RUN_1_TO_11, [], [], []])
    assert {m["target"] for m in state.legal_moves(0) if m.get("card") == SB} == {0, 1, 2, 3}
    state.apply(0, play_hand(SB, 0))
    assert state.table.building[0] == [] and state.table.set_aside[-1] == SB
    state.apply(0, play_hand(SB, 3))
    assert state.table.building[3] == [SB]


def test_piles_rise_by_one_only() -> None:
    state = arranged(2, hands={0: [3, 5, 2]}, building=[[1, 2], [1], [], []])
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="needs a 3 or a SKIP-BO; a 5 can't go there"):
        state.apply(0, play_hand(5, 0))
    with pytest.raises(IllegalMove, match="needs a 2"):
        state.apply(0, play_hand(3, 1))
    assert state.to_dict() == before
    assert keys(state.legal_moves(0)) == keys([play_hand(3, 0), play_hand(2, 1)])


def test_stock_play_reveals_the_next_stock_card() -> None:
    """The seed's example: pile at 4, stock 5 then 7, hand 6: 5, 6, then the new top 7."""
    state = arranged(
        2, hands={0: [6, 11]}, stocks={0: [5, 7, 9], 1: [12]}, building=[[1, 2, 3, 4], [], [], []]
    )
    state.apply(0, play_stock(0))
    assert state.view(1)["players"][0]["stock_top"] == 7
    assert state.view(1)["players"][0]["stock_size"] == 2
    state.apply(0, play_hand(6, 0))
    state.apply(0, play_stock(0))
    assert state.table.building[0] == [1, 2, 3, 4, 5, 6, 7]
    assert state.view(None)["players"][0]["stock_top"] == 9


def test_only_discard_tops_are_playable_and_the_card_below_follows() -> None:
    state = arranged(
        2,
        hands={0: [10, 1]},
        discards={0: [[3, 2], [5], [], []]},
        building=[[1], [1, 2, 3], [], []],
    )
    moves = state.legal_moves(0)
    assert play_discard(0, 0) in moves  # the 2 on top
    assert play_discard(0, 1) not in moves
    before = state.to_dict()
    with pytest.raises(IllegalMove):
        state.apply(0, play_discard(0, 1))  # the covered 3 can't be taken
    assert state.to_dict() == before
    state.apply(0, play_discard(0, 0))
    assert state.table.discards[0][0] == [3]
    state.apply(0, play_discard(0, 0))  # the 3 is now on top
    assert state.table.building[0] == [1, 2, 3] and state.table.discards[0][0] == []
    with pytest.raises(IllegalMove, match="discard pile 0 is empty"):
        state.apply(0, play_discard(0, 2))


def test_legal_moves_have_no_duplicates() -> None:
    state = arranged(
        2,
        hands={0: [5, 5, 1, 1, SB]},
        discards={0: [[1], [1], [], []]},
        stocks={0: [1], 1: [9]},
    )
    moves = state.legal_moves(0)
    assert len(moves) == len(keys(moves))
    assert [m for m in moves if m.get("card") == 1] == [play_hand(1, t) for t in range(4)]
    # each distinct source offers each target once
    assert len(moves) == 4 * 2 + 4 + 4 * 2  # hand 1 and SB, stock 1, two discard piles of 1


def test_emptied_hand_draws_what_is_left_and_goes_on() -> None:
    state = arranged(
        2,
        hands={0: [4]},
        building=[[1, 2, 3], [], [], []],
        draw=[8, 9],
        rest=("discard", 1, 0),
    )
    state.apply(0, play_hand(4, 0))
    assert sorted(state.table.hands[0]) == [8, 9] and state.table.draw_pile == []
    assert state.current == 0 and state.log[-1]["type"] == "move"


def test_emptied_hand_recycles_the_set_aside_piles_and_logs_the_reshuffle() -> None:
    state = arranged(
        2,
        hands={0: [12]},
        building=[RUN_1_TO_11, [], [], []],
        draw=[],
        rest=("discard", 1, 0),
    )
    state.apply(0, play_hand(12, 0))
    # the completed pile was set aside, then reshuffled into a new draw pile for the refill
    entry = state.log[-1]
    assert state.log[-2] == {"type": "move", "seat": 0, "move": play_hand(12, 0)}
    assert entry["type"] == "reshuffle" and sorted(entry["draw_pile"]) == [*RUN_1_TO_11, 12]
    assert state.table.set_aside == []
    assert sorted(state.table.hands[0]) == sorted(entry["draw_pile"][:5])
    assert list(reversed(state.table.draw_pile)) == entry["draw_pile"][5:]
    assert state.card_counts() == DECK


def test_set_aside_piles_wait_until_a_card_must_be_drawn() -> None:
    state = arranged(
        2,
        hands={0: [12, 9], 1: [2, 3, 4, 6, 7]},
        building=[RUN_1_TO_11, [], [], []],
        draw=[],
        rest=("discard", 1, 0),
    )
    state.apply(0, play_hand(12, 0))
    assert len(state.table.set_aside) == 12 and state.log[-1]["type"] == "move"
    state.apply(0, discard(9, 0))
    # seat 1 holds 5 cards: nothing to draw, so the set-aside cards stay set aside
    assert len(state.table.set_aside) == 12 and state.log[-1]["type"] == "move"
    assert state.current == 1
    state.apply(1, discard(7, 0))
    # seat 0's refill needs cards: the draw pile is empty, so now they are recycled
    assert state.log[-1]["type"] == "reshuffle" and state.log[-2]["move"] == discard(7, 0)
    assert state.table.set_aside == [] and len(state.table.hands[0]) == 5
    assert len(state.table.draw_pile) == 7


def test_no_reshuffle_while_the_draw_pile_has_cards() -> None:
    state = arranged(2, hands={0: [12, 9]}, building=[RUN_1_TO_11, [], [], []], draw=[5] * 6)
    state.apply(0, play_hand(12, 0))
    state.apply(0, discard(9, 1))
    assert len(state.table.set_aside) == 12
    assert not any(entry["type"] == "reshuffle" for entry in state.log)


# -- ending the turn: discard, stop rules, pass ------------------------------------------------


def test_discard_goes_from_hand_to_an_own_pile_and_ends_the_turn() -> None:
    state = arranged(2, hands={0: [9, 10, 11], 1: []}, discards={0: [[12], [], [], []]})
    assert keys(state.legal_moves(0)) == keys(
        [discard(c, p) for c in (9, 10, 11) for p in range(4)]
    )
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="you hold no 8"):
        state.apply(0, discard(8, 0))
    assert state.to_dict() == before
    state.apply(0, discard(11, 0))
    assert state.table.discards[0][0] == [12, 11]
    assert sorted(state.table.hands[0]) == [9, 10] and state.current == 1


def test_french_rule_keeps_building_while_a_build_is_possible() -> None:
    state = arranged(2, hands={0: [1, 9]}, stocks={0: [7], 1: [8]})
    assert state.step() == "build"
    assert all(m["type"] == "play" for m in state.legal_moves(0))
    before = state.to_dict()
    with pytest.raises(WrongPhase, match="french stop rule"):
        state.apply(0, discard(9, 0))
    assert state.to_dict() == before
    state.apply(0, play_hand(1, 0))
    assert state.step() == "discard"
    assert all(m["type"] == "discard" for m in state.legal_moves(0))
    with pytest.raises(WrongPhase, match="no card can be built"):
        state.apply(0, play_hand(9, 1))


def test_french_rule_counts_stock_and_discard_tops_too() -> None:
    state = arranged(2, hands={0: [9]}, discards={0: [[], [], [1], []]}, stocks={0: [7], 1: [8]})
    with pytest.raises(WrongPhase):
        state.apply(0, discard(9, 0))
    state = arranged(2, hands={0: [9]}, stocks={0: [1], 1: [8]})
    with pytest.raises(WrongPhase):
        state.apply(0, discard(9, 0))


def test_french_rule_never_discards_a_skipbo() -> None:
    state = arranged(2, hands={0: [SB, 9]}, building=[[1], [1, 2], [1, 2, 3], [1, 2, 3, 4]])
    assert not any(m["type"] == "discard" for m in state.legal_moves(0))
    with pytest.raises(WrongPhase):
        state.apply(0, discard(SB, 0))


def test_english_rule_may_discard_at_any_time_even_a_skipbo() -> None:
    state = arranged(2, {"stop_rule": "english"}, hands={0: [1, SB, 9]})
    assert state.step() == "build_or_discard"
    moves = state.legal_moves(0)
    assert discard(SB, 3) in moves and discard(1, 0) in moves and play_hand(1, 0) in moves
    state.apply(0, discard(SB, 3))
    assert state.table.discards[0][3] == [SB] and state.current == 1


def test_pass_only_with_an_empty_hand() -> None:
    state = arranged(2, hands={0: [9]}, draw=[], rest=("discard", 1, 0))
    before = state.to_dict()
    with pytest.raises(WrongPhase, match="only with an empty hand"):
        state.apply(0, PASS)
    assert state.to_dict() == before
    empty = arranged(2, hands={0: []}, draw=[], rest=("discard", 1, 0))
    assert empty.step() == "pass" and empty.legal_moves(0) == [PASS]
    with pytest.raises(WrongPhase, match="nothing to discard"):
        empty.apply(0, discard(9, 0))
    empty.apply(0, PASS)
    assert empty.current == 1 and empty.log[-1]["move"] == PASS


def test_pass_with_a_possible_build() -> None:
    french = arranged(2, stocks={0: [1], 1: [9]}, draw=[], rest=("discard", 1, 0))
    assert french.step() == "build" and PASS not in french.legal_moves(0)
    with pytest.raises(WrongPhase, match="french"):
        french.apply(0, PASS)
    english = arranged(
        2, {"stop_rule": "english"}, stocks={0: [1], 1: [9]}, draw=[], rest=("discard", 1, 0)
    )
    assert english.step() == "build_or_pass"
    assert keys(english.legal_moves(0)) == keys([*(play_stock(t) for t in range(4)), PASS])
    english.apply(0, PASS)
    assert english.current == 1


# -- the drawn round --------------------------------------------------------------------------


def test_drawn_round_after_n_turns_without_build_and_nothing_to_draw() -> None:
    state = arranged(2, draw=[], rest=("discard", 1, 0))
    state.apply(0, PASS)
    assert state.drawn_turns == 1 and not state.is_over
    assert state.view(None)["drawn_turns"] == 1
    state.apply(1, PASS)
    assert state.is_over
    score = state.score()
    assert score["rounds"] == [
        {"round": 1, "scores": [0, 0], "winner": None, "stocks_left": [1, 1]}
    ]
    assert score["winners"] == [] and score["finished"] is True
    view = state.view(0)
    assert view["last_round"]["drawn"] is True and view["winners"] == []
    assert view["current_player"] is None and view["step"] is None
    assert SkipBoState.from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_a_build_resets_the_drawn_count() -> None:
    state = arranged(3, hands={1: [1]}, draw=[], rest=("discard", 2, 0))
    state.apply(0, PASS)
    assert state.drawn_turns == 1
    state.apply(1, play_hand(1, 0))
    state.apply(1, PASS)
    assert state.drawn_turns == 0
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.drawn_turns == 2 and not state.is_over
    state.apply(1, PASS)
    assert state.is_over and state.rounds[0]["winner"] is None


def test_turns_do_not_count_while_cards_are_left_to_draw() -> None:
    state = arranged(2, hands={0: [9], 1: [10]}, draw=[], set_aside=[], rest=("discard", 1, 0))
    state.apply(0, discard(9, 0))
    assert state.drawn_turns == 1
    # a set-aside pile left at the end of a turn breaks the run
    other = arranged(
        2,
        hands={0: [9], 1: [10, 10, 10, 10, 10]},
        draw=[],
        set_aside=[*RUN_1_TO_11, 12],
        rest=("discard", 1, 0),
    )
    other.apply(0, discard(9, 0))
    assert other.drawn_turns == 0
