"""Options, setup of a round and the first turn (rules/skipbo.md: Components, Setup)."""

from __future__ import annotations

from collections import Counter

import pytest
from skipbo_helpers import SB, dealt_state, names

from cardtable_engine.base import InvalidOptions, InvalidPlayers
from cardtable_engine.games.skipbo import RULES, new_state
from cardtable_engine.games.skipbo.cards import DECK, DECK_SIZE, SKIPBO, new_deck


def test_deck_has_162_cards_twelve_of_each_value_and_18_skipbo() -> None:
    deck = new_deck()
    assert len(deck) == DECK_SIZE == 162
    counts = Counter(deck)
    assert counts[SKIPBO] == 18
    assert all(counts[value] == 12 for value in range(1, 13))
    assert set(counts) == set(range(13))
    assert counts == DECK


@pytest.mark.parametrize(
    ("players", "stock", "draw"), [(2, 30, 102), (3, 30, 72), (4, 30, 42), (5, 20, 62), (6, 20, 42)]
)
def test_setup_counts_per_player_count(players: int, stock: int, draw: int) -> None:
    state = new_state(names(players), None, 1)
    assert state.options["stock_size"] == stock
    deal = state.log[0]
    assert deal["type"] == "deal" and len(deal["draw_pile"]) == draw
    assert [len(s) for s in deal["stocks"]] == [stock] * players
    # the first player's hand is drawn at the start of their turn; nobody else holds cards
    assert [len(h) for h in state.table.hands] == [5] + [0] * (players - 1)
    assert len(state.table.draw_pile) == draw - 5
    assert state.table.building == [[], [], [], []]
    assert all(piles == [[], [], [], []] for piles in state.table.discards)
    assert state.card_counts() == DECK


def test_fresh_two_player_game_check() -> None:
    """Check: a fresh 2-player game: stocks of 30, draw pile 102, then the first hand of 5."""
    state = new_state(["Ann", "Bob"], {}, 42)
    view = state.view(0)
    assert [p["stock_size"] for p in view["players"]] == [30, 30]
    assert len(state.log[0]["draw_pile"]) == 102
    assert view["draw_pile_size"] == 97
    assert len(view["hand"]) == 5 and view["players"][0]["hand_size"] == 5
    assert view["players"][1]["hand_size"] == 0
    assert view["current_player"] == 0 and view["round"] == 1 and view["step"] is not None
    # the hand is the top five of the logged draw pile
    assert sorted(state.log[0]["draw_pile"][:5]) == view["hand"]


def test_deal_entry_lists_piles_top_first() -> None:
    state = dealt_state(2, {"stock_size": 4}, stock_tops=[[7, 1], [9]], draw_top=[3, 4, 5])
    deal = state.log[0]
    assert set(deal) == {"type", "round", "first_player", "stocks", "draw_pile"}
    assert deal["round"] == 1 and deal["first_player"] == 0
    assert deal["stocks"][0][:2] == [7, 1] and deal["stocks"][1][0] == 9
    assert state.view(None)["players"][0]["stock_top"] == 7
    assert state.view(None)["players"][1]["stock_top"] == 9
    assert sorted(state.table.hands[0]) == sorted([3, 4, 5, *deal["draw_pile"][3:5]])


def test_same_seed_same_game_other_seed_other_deal() -> None:
    a, b, c = (new_state(names(3), {}, seed) for seed in (5, 5, 6))
    assert a.to_dict() == b.to_dict()
    assert a.log[0] != c.log[0]


def test_without_seed_the_seed_is_random() -> None:
    a, b = new_state(names(2)), new_state(names(2))
    assert a.rng.seed != b.rng.seed
    assert a.log[0] != b.log[0]


def test_defaults_and_option_description() -> None:
    assert RULES.resolve_options(None, 4) == {
        "stock_size": 30,
        "first_player": 0,
        "stop_rule": "french",
        "target_score": None,
        "teams": False,
        "max_turns": 200,
    }
    assert RULES.resolve_options({}, 5)["stock_size"] == 20
    described = {o["name"]: o for o in RULES.describe()["options"]}
    assert set(described) == {
        "stock_size",
        "first_player",
        "stop_rule",
        "target_score",
        "teams",
        "max_turns",
    }
    assert described["stock_size"]["default_by_players"] == {
        "2": 30,
        "3": 30,
        "4": 30,
        "5": 20,
        "6": 20,
    }
    assert described["target_score"]["nullable"] is True
    assert RULES.describe()["move_types"] == ["play", "discard", "pass"]
    assert sorted(RULES.bots) == ["expert", "greedy", "random", "search"]


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"stock_size": 0}),
        (2, {"stock_size": 31}),
        (2, {"stock_size": "10"}),
        (2, {"stock_size": True}),
        (5, {"stock_size": 28}),  # 5 x 33 > 162
        (6, {"stock_size": 23}),  # 6 x 28 > 162
        (6, {}),  # 20 is fine for 6 players, but 30 is not: the default adapts
        (3, {"first_player": 3}),
        (3, {"first_player": -1}),
        (2, {"stop_rule": "german"}),
        (2, {"target_score": 0}),
        (2, {"target_score": 1.5}),
        (2, {"teams": True}),
        (3, {"teams": True}),
        (5, {"teams": True}),
        (4, {"teams": "yes"}),
        (2, {"colour": "red"}),
    ],
)
def test_invalid_options(players: int, options: dict[str, object]) -> None:
    if options == {}:
        assert RULES.resolve_options({"stock_size": 20}, players)["stock_size"] == 20
        with pytest.raises(InvalidOptions):
            RULES.resolve_options({"stock_size": 30}, players)
        return
    with pytest.raises(InvalidOptions):
        new_state(names(players), options, 1)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (5, {"stock_size": 27}),
        (6, {"stock_size": 22}),
        (4, {"teams": True}),
        (6, {"teams": True}),
        (2, {"target_score": 500}),
        (2, {"target_score": None}),
        (2, {"stock_size": 1, "first_player": 1, "stop_rule": "english"}),
    ],
)
def test_valid_option_edges(players: int, options: dict[str, object]) -> None:
    state = new_state(names(players), options, 3)
    assert {k: state.options[k] for k in options} == options


@pytest.mark.parametrize("players", [0, 1, 7])
def test_player_count(players: int) -> None:
    with pytest.raises(InvalidPlayers):
        new_state(names(players), None, 1)


def test_first_player_option_starts_round_one() -> None:
    state = new_state(names(3), {"first_player": 2}, 9)
    assert state.current == 2 and state.log[0]["first_player"] == 2
    assert [len(h) for h in state.table.hands] == [0, 0, 5]
    assert state.view(None)["first_player"] == 2


def test_skipbo_is_written_as_zero() -> None:
    state = dealt_state(2, {"stock_size": 3}, stock_tops=[[SB]], draw_top=[SB, 1, 2, 3, 4])
    assert state.view(0)["players"][0]["stock_top"] == 0
    assert state.view(0)["hand"] == [0, 1, 2, 3, 4]
