"""What a bot sees, and how it reads in a REPL or a log: views stay the server's plain
dicts; reprs summarise the grid or hand, whose turn it is, and the legal moves."""

from __future__ import annotations

import json

from cardtable_sdk import MoveList, SkipBoView, SkyjoView, Turn, View, format_move
from cardtable_sdk.local import LocalGame, play_local
from cardtable_sdk.views import MoveResult, make_view


def test_a_view_is_the_plain_dict_it_wraps() -> None:
    game = LocalGame("skyjo", ["Ann", "Ben"], seed=1)
    view = game.view(0)
    assert type(view) is SkyjoView and isinstance(view, dict)
    plain = json.loads(json.dumps(view))
    assert view == plain and dict(view) == plain
    assert make_view(plain) == view and type(make_view(plain)) is SkyjoView
    assert (view.game, view.version, view.seat, view.finished) == ("skyjo", 0, 0, False)
    assert view.is_my_turn and view.me == view["players"][0]
    assert type(make_view({"game": "other", "version": 0})) is View


def test_skyjo_reprs_show_the_grid_and_the_legal_moves() -> None:
    game = LocalGame("skyjo", ["Ann", "Ben"], options={"initial_reveals": 0}, seed=1)
    seat = game.seat(0)
    seat.move({"type": "draw"})
    view, legal = seat.turn()
    card = view.drawn_card
    assert card is not None and view["step"] == "place_drawn"
    text = repr(view)
    assert text.startswith("<SkyjoView v1 round 1, seat 0, your turn (place_drawn)")
    assert "grid [? ? ? ? / ? ? ? ? / ? ? ? ?]" in text and f"drawn {card}" in text
    assert repr(legal).startswith("MoveList(24: replace(0,0), replace(0,1)")
    assert "discard_and_reveal(2,3)" in repr(legal)
    turn = Turn(view, legal)
    assert repr(turn) == f"Turn({view!r}, {legal!r})"
    picture = view.describe()
    assert "* seat 0 Ann" in picture and "  seat 1 Ben" in picture
    assert picture.count("  ?   ?   ?   ?") == 6  # two grids of three face-down rows

    result = seat.move({"type": "replace", "row": 2, "col": 3})
    assert isinstance(result, MoveResult) and result.view["players"][0]["grid"][11] == card
    assert "grid [? ? ? ? / ? ? ? ? / ? ? ? " + str(card) + "]" in repr(result.view)
    assert "waiting for [1]" in repr(result.view)


def test_skipbo_reprs_show_the_hand_stock_and_piles() -> None:
    game = LocalGame("skipbo", ["Ann", "Ben"], seed=2)
    seat = game.seat(game.state.active_seats()[0])
    view, legal = seat.turn()
    assert type(view) is SkipBoView
    text = repr(view)
    hand = " ".join("SB" if c == 0 else str(c) for c in view.hand)
    assert f"hand [{hand}]" in text and "building [- - - -]" in text
    assert f"({view.me['stock_size']} left)" in text  # type: ignore[index]
    assert view.building_next == [1, 1, 1, 1]
    assert legal and all(format_move(move) in repr(legal) for move in legal)
    assert f"your turn ({view['step']})" in text
    spectator = game.view(None)
    assert "spectator" in repr(spectator) and "hand" not in repr(spectator)
    assert "stock" in spectator.describe()


def test_finished_views_say_who_won() -> None:
    result = play_local("skipbo", ["greedy", "greedy"], options={"stock_size": 2}, seed=3)
    final = result.game.view(0)
    assert final.finished and not final.is_my_turn
    assert f"finished, winners {result.winners}" in repr(final)


def test_moves_read_briefly() -> None:
    assert format_move({"type": "draw"}) == "draw"
    assert format_move({"type": "take_discard", "row": 1, "col": 2}) == "take_discard(1,2)"
    assert format_move({"type": "play", "source": "hand", "card": 0, "target": 2}) == (
        "play(hand SB -> B2)"
    )
    assert format_move({"type": "play", "source": "discard", "pile": 1, "target": 0,
                        "owner": 2}) == "play(discard D1 of seat 2 -> B0)"  # fmt: skip
    assert format_move({"type": "discard", "card": 7, "pile": 3}) == "discard(7 -> D3)"
    assert format_move({"type": "pass"}) == "pass"
    assert repr(MoveList()) == "MoveList(no legal moves)"
