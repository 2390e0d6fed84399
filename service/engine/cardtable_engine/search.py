"""Search support for bots: a cheap copy of a state to try moves on, and determinizations
(a full state drawn at random among those one seat's view allows) for ISMCTS-style search.

A determinization is built from a view alone, so it works for any bot (local or remote):
the cards the view shows stay where they are; every other card of the deck is shuffled
into the places the seat cannot see, each place keeping its size. It gets a fresh RNG
(the real seed is secret) and no log (the log records hidden cards).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from cardtable_engine.base import GameState
from cardtable_engine.cards import DeckRng
from cardtable_engine.hooks import SearchHooks

__all__ = ["HiddenCards", "clone", "determinize", "sample_state", "undealt_from_view"]

S = TypeVar("S", bound=GameState)


def _search(state_class: type[GameState]) -> SearchHooks:
    if state_class.search is None:
        raise NotImplementedError(f"{state_class.__name__} names no search module")
    return state_class.search


def clone(state: S) -> S:
    """An independent copy to apply moves to, without the log (so it cannot give a
    record): several times faster than `from_dict(to_dict())`."""
    copied: S = _search(type(state)).clone(state)
    copied.rng = DeckRng(state.rng.seed, state.rng.counter)
    copied.log = []
    copied.log_offset = state.log_length
    copied.script = None
    return copied


def sample_state(game: str, view: Mapping[str, Any], rng: random.Random) -> GameState:
    """A full state of `game` that shows exactly `view` to the view's seat, the hidden cards
    dealt at random by `rng` (see the module docstring)."""
    from cardtable_engine.registry import get_rules

    state_class = get_rules(game).state_class
    state: GameState = _search(state_class).from_view(view, rng)
    state.log_offset = state.version
    return state


def determinize(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """A state `seat` cannot tell from `state`: `sample_state` of its view."""
    return sample_state(state.game, state.view(seat), rng)


def undealt_from_view(
    state_class: type[S],
    view: Mapping[str, Any],
    deck: Counter[int],
    visible: Iterable[int],
    rng: random.Random,
) -> tuple[S, HiddenCards]:
    """The start of every game's `from_view`: a state with the view's seats, options, move
    count, round and current player (its tables left for the game to deal), and the hidden
    cards (`deck` less `visible`) shuffled by `rng`, to deal from."""
    hidden = HiddenCards(deck, visible, rng)
    names = [player["name"] for player in view["players"]]
    state = state_class(names, view["options"], hidden.new_rng())
    state.version, state.round = view["version"], view["round"]
    state.current = view["current_player"]
    return state, hidden


class HiddenCards:
    """The cards a seat cannot see, shuffled: the deck minus every card the view shows."""

    def __init__(self, deck: Counter[int], visible: Iterable[int], rng: random.Random) -> None:
        remaining = Counter(deck)
        remaining.subtract(visible)
        if any(count < 0 for count in remaining.values()):
            raise ValueError("the view shows more copies of a card than the deck holds")
        self.cards = list(remaining.elements())
        rng.shuffle(self.cards)
        self.rng = rng

    def take(self, count: int) -> list[int]:
        if count > len(self.cards):
            raise ValueError("the view has more hidden places than hidden cards")
        taken = self.cards[len(self.cards) - count :]
        del self.cards[len(self.cards) - count :]
        return taken

    def finish(self) -> None:
        """Every hidden card must have found a place."""
        if self.cards:
            raise ValueError("the view has fewer hidden places than hidden cards")

    def new_rng(self) -> DeckRng:
        return DeckRng(seed=self.rng.getrandbits(128))
