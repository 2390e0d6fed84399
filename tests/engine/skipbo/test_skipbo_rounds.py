"""End of a round, scoring, matches with target_score, and the partnership variant."""

from __future__ import annotations

import random
from typing import Any

import pytest
from skipbo_helpers import SB, arranged, names, play_discard, play_hand, play_out, play_stock

from cardtable_engine.base import GameNotOver, GameOver, IllegalMove, MalformedMove, WrongPhase
from cardtable_engine.games.skipbo import new_state
from cardtable_engine.games.skipbo.cards import DECK
from cardtable_engine.games.skipbo.scoring import is_game_over, round_scores, winners

PASS = {"type": "pass"}


def test_scoring_example_of_the_rules() -> None:
    """Opponents hold 7, 4 and 2 -> 25 + 13 x 5 = 90."""
    assert round_scores([0, 7, 4, 2], 0) == [90, 0, 0, 0]
    assert round_scores([3, 0, 1], 1) == [0, 45, 0]
    assert round_scores([3, 0, 1], None) == [0, 0, 0]
    # teams: the opposing players' stocks count, both partners are credited
    assert round_scores([0, 3, 0, 2], 2, teams=True) == [50, 0, 50, 0]
    assert round_scores([0, 1, 2, 0, 4, 5], 0, teams=True) == [85, 0, 0, 85, 0, 0]


def test_match_helpers() -> None:
    assert is_game_over([0, 0], 1, None)  # one round, even drawn, decides a single-round game
    assert not is_game_over([0, 0], 0, None)
    assert not is_game_over([90, 0], 1, 500) and is_game_over([500, 0], 3, 500)
    assert winners([120, 120, 40], 2) == [0, 1]  # ties share
    assert winners([0, 0], 0) == []  # only drawn rounds: nobody wins


def test_round_ends_at_once_when_the_last_stock_card_is_played() -> None:
    state = arranged(
        4,
        hands={0: [SB, 9]},
        stocks={0: [5], 1: [12] * 7, 2: [11] * 4, 3: [10] * 2},
        building=[[1, 2, 3, 4], [], [], []],
    )
    state.apply(0, play_stock(0))
    assert state.is_over
    score = state.score()
    assert score == {
        "finished": True,
        "rounds": [{"round": 1, "scores": [90, 0, 0, 0], "winner": 0, "stocks_left": [0, 7, 4, 2]}],
        "totals": [90, 0, 0, 0],
        "winners": [0],
    }
    assert state.log[-1]["type"] == "move"  # no next deal in a single-round game
    assert all(state.legal_moves(seat) == [] for seat in range(4))
    assert state.active_seats() == []
    before = state.to_dict()
    for seat in range(4):
        with pytest.raises(GameOver):
            state.apply(seat, play_hand(SB, 1))
    assert state.to_dict() == before
    view = state.view(2)
    assert view["finished"] and view["phase"] == "finished" and view["winners"] == [0]
    assert view["last_round"] == {
        "round": 1,
        "drawn": False,
        "winner": 0,
        "winning_team": None,
        "scores": [90, 0, 0, 0],
        "stocks_left": [0, 7, 4, 2],
    }


def test_record_only_once_over() -> None:
    state = new_state(names(2), {"stock_size": 2}, 4)
    with pytest.raises(GameNotOver):
        state.record()
    play_out(state, random.Random(1))
    record = state.record()
    assert set(record) == {"game", "options", "players", "log", "score"}
    assert record["players"] == [{"seat": 0, "name": "p0"}, {"seat": 1, "name": "p1"}]
    assert record["score"] == state.score() and record["options"] == state.options


def test_match_deals_the_next_round_right_after_the_ending_move() -> None:
    state = arranged(
        2,
        {"target_score": 100},
        hands={0: [9, 9]},
        stocks={0: [1], 1: [12] * 3},
        discards={0: [[7], [], [], []]},
    )
    state.apply(0, play_stock(0))
    assert not state.is_over
    assert state.log[-2] == {"type": "move", "seat": 0, "move": play_stock(0)}
    deal = state.log[-1]
    assert deal["type"] == "deal" and deal["round"] == 2 and deal["first_player"] == 1
    assert [len(s) for s in deal["stocks"]] == [30, 30] and len(deal["draw_pile"]) == 102
    # a fresh table: the first player of round 2 has drawn, everything else is empty
    assert state.round == 2 and state.current == 1
    assert [len(h) for h in state.table.hands] == [0, 5]
    assert state.table.building == [[], [], [], []] and state.table.set_aside == []
    assert all(p == [] for piles in state.table.discards for p in piles)
    assert state.card_counts() == DECK
    view = state.view(0)
    assert view["totals"] == [40, 0] and view["round"] == 2 and view["first_player"] == 1
    assert view["last_round"]["winner"] == 0 and view["last_round"]["scores"] == [40, 0]
    assert state.score()["finished"] is False and state.score()["winners"] == []


def test_drawn_round_in_a_match_moves_the_first_player_on() -> None:
    state = arranged(3, {"target_score": 50, "first_player": 2}, draw=[], rest=("discard", 0, 0))
    state.current = 2
    state.log[0]["first_player"] = 2
    for seat in (2, 0, 1):
        state.apply(seat, PASS)
    assert not state.is_over and state.round == 2
    assert state.rounds == [
        {"round": 1, "scores": [0, 0, 0], "winner": None, "stocks_left": [1, 1, 1]}
    ]
    assert state.log[-1]["first_player"] == 0 and state.current == 0


def test_match_plays_until_a_total_reaches_the_target() -> None:
    state = new_state(names(3), {"target_score": 150, "stock_size": 3, "first_player": 1}, 21)
    play_out(state, random.Random(3))
    score = state.score()
    totals = score["totals"]
    assert max(totals) >= 150
    assert score["winners"] == [s for s, t in enumerate(totals) if t == max(totals)]
    assert len(score["rounds"]) >= 2  # 150 needs several rounds with stocks of 3
    # no total had reached the target before the last round
    running = [0, 0, 0]
    for entry in score["rounds"][:-1]:
        running = [a + b for a, b in zip(running, entry["scores"], strict=True)]
        assert max(running) < 150
    deals = [e for e in state.log if e["type"] == "deal"]
    assert [d["round"] for d in deals] == list(range(1, len(deals) + 1))
    assert [d["first_player"] for d in deals] == [(1 + r) % 3 for r in range(len(deals))]


# -- the partnership variant ------------------------------------------------------------------


def teams_table(**kwargs: Any) -> Any:
    return arranged(4, {"teams": True}, **kwargs)


def test_partner_stock_and_discard_tops_are_playable() -> None:
    state = teams_table(
        hands={0: [9, 1]},
        stocks={0: [7], 1: [12], 2: [1, 8], 3: [12]},
        discards={2: [[], [2], [], []], 1: [[1], [], [], []]},
    )
    moves = state.legal_moves(0)
    assert [m for m in moves if m["source"] == "stock"] == [
        play_stock(t, owner=2) for t in range(4)
    ]
    assert not any(m.get("owner") == 1 for m in moves)  # opponents' piles are not usable
    state.apply(0, play_stock(0, owner=2))
    assert state.view(0)["players"][2]["stock_top"] == 8
    state.apply(0, play_discard(1, 0, owner=2))
    assert state.table.building[0] == [1, 2] and state.table.discards[2][1] == []
    with pytest.raises(IllegalMove, match="seat 1 is not your partner"):
        state.apply(0, play_discard(0, 1, owner=1))


def test_owner_shapes() -> None:
    state = teams_table(hands={0: [1]}, stocks={0: [1], 1: [12], 2: [1], 3: [12]})
    before = state.to_dict()
    with pytest.raises(MalformedMove, match="owner"):
        state.apply(0, play_stock(0, owner=0))
    with pytest.raises(MalformedMove):
        state.apply(0, {**play_hand(1, 0), "owner": 2})
    with pytest.raises(MalformedMove):
        state.apply(0, {"type": "discard", "card": 1, "pile": 0, "owner": 2})
    with pytest.raises(MalformedMove):
        state.apply(0, play_stock(0, owner=4))
    assert state.to_dict() == before
    solo = arranged(4, hands={0: [1]}, stocks={0: [1], 1: [12], 2: [1], 3: [12]})
    with pytest.raises(IllegalMove, match="no partnership variant"):
        solo.apply(0, play_stock(0, owner=2))
    assert not any("owner" in m for m in solo.legal_moves(0))


def test_french_rule_counts_the_partners_tops() -> None:
    state = teams_table(
        hands={0: [9]},
        stocks={0: [7], 1: [12], 2: [8], 3: [12]},
        discards={2: [[], [], [], [1]]},
    )
    with pytest.raises(WrongPhase):
        state.apply(0, {"type": "discard", "card": 9, "pile": 0})
    assert state.legal_moves(0) == [play_discard(3, t, owner=2) for t in range(4)]


def test_team_wins_only_when_both_stocks_are_empty() -> None:
    state = teams_table(
        hands={0: [9, 10]},
        stocks={0: [5], 1: [12] * 3, 2: [6], 3: [12] * 2},
        building=[[1, 2, 3, 4], [], [], []],
    )
    state.apply(0, play_stock(0))
    assert not state.is_over and state.table.stocks[0] == []
    # a player whose stock is empty keeps playing
    assert state.current == 0 and play_stock(0, owner=2) in state.legal_moves(0)
    state.apply(0, play_stock(0, owner=2))
    assert state.is_over
    score = state.score()
    assert score["rounds"][0]["winner"] == 0
    assert score["totals"] == [50, 0, 50, 0] and score["winners"] == [0, 2]
    view = state.view(None)
    assert view["last_round"]["winning_team"] == [0, 2]
    assert view["teams"] == [[0, 2], [1, 3]]
    assert [p["partner"] for p in view["players"]] == [2, 3, 0, 1]
    assert [p["team"] for p in view["players"]] == [0, 1, 0, 1]


def test_emptying_the_partners_stock_first_does_not_end_the_round() -> None:
    state = teams_table(
        hands={0: [9, 10]},
        stocks={0: [6, 12], 1: [12] * 3, 2: [5], 3: [12] * 2},
        building=[[1, 2, 3, 4], [], [], []],
    )
    state.apply(0, play_stock(0, owner=2))
    assert not state.is_over and state.table.stocks[2] == []
    state.apply(0, play_stock(0))
    assert not state.is_over and state.view(0)["players"][0]["stock_top"] == 12
    state.apply(0, {"type": "discard", "card": 9, "pile": 0})
    assert state.current == 1 and not state.is_over


def test_team_round_ends_when_the_second_stock_empties() -> None:
    state = teams_table(
        hands={1: [9]},
        stocks={0: [12], 1: [3], 2: [12] * 4, 3: []},
        building=[[1, 2], [], [], []],
        current=1,
    )
    state.apply(1, play_stock(0))
    assert state.is_over and state.score()["winners"] == [1, 3]
    assert state.score()["totals"] == [0, 50, 0, 50]


def test_six_player_teams_sit_opposite() -> None:
    state = new_state(names(6), {"teams": True}, 2)
    view = state.view(None)
    assert view["teams"] == [[0, 3], [1, 4], [2, 5]]
    assert [p["partner"] for p in view["players"]] == [3, 4, 5, 0, 1, 2]
    play_out(state, random.Random(5))
    winners_ = state.score()["winners"]
    assert winners_ == [] or (len(winners_) == 2 and winners_[1] - winners_[0] == 3)


def test_a_build_resets_the_drawn_round_count_at_once() -> None:
    """ "Any build resets the count to 0": the view shows it right after the build."""
    state = arranged(
        2, {}, hands={0: []}, stocks={0: [1, 9], 1: [6]}, draw=[], rest=("discard", 1, 0),
        drawn_turns=1,
    )  # fmt: skip
    assert state.view(0)["drawn_turns"] == 1
    state.apply(0, {"type": "play", "source": "stock", "target": 0})
    assert state.view(0)["drawn_turns"] == 0
