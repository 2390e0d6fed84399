"""What the host derives from a game's declared moves (cardtable_engine.shapes): the move
space holds every legal move of every game, each under one number, its JSON Schema accepts
exactly the shapes the game's parser accepts, and a lookup by game name fails loudly for a
game that is not hosted (no "not Skyjo, so Skip-Bo" fallthrough)."""

from __future__ import annotations

import pytest

from cardtable_engine.errors import MalformedMove, UnknownGame
from cardtable_engine.events import ViewDiff, event_hooks
from cardtable_engine.registry import GAMES, hosted
from tests.support.highcard import RULES as HIGHCARD

ALL = [*GAMES.values(), HIGHCARD]


@pytest.mark.parametrize("rules", ALL, ids=lambda rules: rules.name)
def test_the_move_space_numbers_every_declared_move_once(rules: object) -> None:
    cls = rules.state_class  # type: ignore[attr-defined]
    for n in range(cls.info.min_players, cls.info.max_players + 1):
        space = cls.move_space(n)
        numbers = [space.number(move) for move in space.moves]
        assert numbers == list(range(len(space)))
        for move in space.moves:
            try:
                parsed = cls.parse_move(dict(move), 0, n)
            except MalformedMove:
                continue  # a declared shape the rules refuse for seat 0 (its own partner)
            assert parsed == move and list(parsed) == list(move)


def test_moves_without_optional_fields_fit_one_byte() -> None:
    """They come first in the space (Skip-Bo's partner piles, only with teams, after)."""
    for rules in ALL:
        shapes = rules.state_class.MOVES
        plain = sum(1 for shape in shapes for _ in shape.moves(8, optional=False))
        assert plain < 128, rules.name


def test_an_unknown_game_has_no_event_hooks() -> None:
    with pytest.raises(UnknownGame):
        event_hooks("nope")
    with hosted(HIGHCARD):
        assert event_hooks("highcard") is ViewDiff  # no events module: the view-diff
    assert event_hooks("skyjo") is not ViewDiff
