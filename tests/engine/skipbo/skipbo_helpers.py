"""Shared helpers for the Skip-Bo engine tests: states from chosen deals or chosen tables,
and random games played through the public API."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable_engine.base import DeckRng, RecordedCards
from cardtable_engine.games.skipbo import RULES
from cardtable_engine.games.skipbo.cards import DECK
from cardtable_engine.games.skipbo.state import SkipBoState
from cardtable_engine.games.skipbo.table import Table

SB = 0  # a SKIP-BO card


def play_hand(card: int, target: int) -> dict[str, Any]:
    return {"type": "play", "source": "hand", "card": card, "target": target}


def play_stock(target: int, **owner: int) -> dict[str, Any]:
    return {"type": "play", "source": "stock", "target": target, **owner}


def play_discard(pile: int, target: int, **owner: int) -> dict[str, Any]:
    return {"type": "play", "source": "discard", "pile": pile, "target": target, **owner}


def names(n: int) -> list[str]:
    return [f"p{seat}" for seat in range(n)]


def deal_entry(
    n: int,
    stock_size: int,
    stock_tops: Sequence[Sequence[int]] = (),
    draw_top: Sequence[int] = (),
    *,
    round_number: int = 1,
    first_player: int = 0,
) -> dict[str, Any]:
    """A complete deal entry: each stock starts (top first) with the given cards and the draw
    pile with `draw_top`; the rest of the 162 cards fill in, in a fixed order."""
    tops = [list(t) for t in stock_tops] + [[] for _ in range(n - len(stock_tops))]
    used = Counter(card for top in tops for card in top) + Counter(draw_top)
    if used - DECK:
        raise ValueError(f"more copies than the deck holds: {used - DECK}")
    rest = sorted((DECK - used).elements(), reverse=True)
    stocks = []
    for top in tops:
        stock = list(top)
        while len(stock) < stock_size:
            stock.append(rest.pop())
        stocks.append(stock)
    return {
        "type": "deal",
        "round": round_number,
        "first_player": first_player,
        "stocks": stocks,
        "draw_pile": [*draw_top, *rest],
    }


def dealt_state(
    n: int = 2,
    options: Mapping[str, Any] | None = None,
    stock_tops: Sequence[Sequence[int]] = (),
    draw_top: Sequence[int] = (),
    seed: int = 7,
) -> SkipBoState:
    """A fresh game whose round 1 is dealt exactly as `deal_entry` builds it (later rounds
    and reshuffles come from the seed)."""
    resolved = RULES.resolve_options(options, n)
    state = SkipBoState(names(n), resolved, DeckRng(seed=seed))
    entry = deal_entry(
        n, resolved["stock_size"], stock_tops, draw_top, first_player=resolved["first_player"]
    )
    state.script = RecordedCards()
    state.script.pending.append(entry)
    state.start()
    state.script = None
    return state


def arranged(
    n: int = 2,
    options: Mapping[str, Any] | None = None,
    *,
    current: int = 0,
    hands: Mapping[int, Sequence[int]] | None = None,
    stocks: Mapping[int, Sequence[int]] | None = None,
    discards: Mapping[int, Sequence[Sequence[int]]] | None = None,
    building: Sequence[Sequence[int]] | None = None,
    draw: Sequence[int] | None = None,
    set_aside: Sequence[int] = (),
    rest: tuple[str, int, int] | tuple[str, int] = ("draw",),
    built_this_turn: bool = False,
    drawn_turns: int = 0,
) -> SkipBoState:
    """A round-1 state mid-game with exactly the given zones; unspecified zones are empty
    (stocks get one card each unless given, so the round is not over). Stocks and the draw
    pile are given top first, discard and building piles bottom first. The cards not named
    go to `rest`: ("draw",) under the draw pile, ("stock", seat) under a stock, or
    ("discard", seat, pile) under a discard pile."""
    resolved = RULES.resolve_options(options, n)
    state = SkipBoState(names(n), resolved, DeckRng(seed=11))
    hand_lists = [list((hands or {}).get(seat, [])) for seat in range(n)]
    stock_lists = [list((stocks or {}).get(seat, [])) for seat in range(n)]
    discard_lists = [
        [list(pile) for pile in (discards or {}).get(seat, [[], [], [], []])] for seat in range(n)
    ]
    building_lists = [list(pile) for pile in (building or [[], [], [], []])]
    draw_list = list(draw or [])
    discarded = [pile for piles in discard_lists for pile in piles]
    piles = [*hand_lists, *stock_lists, *building_lists, *discarded, draw_list]
    leftover = _leftover(Counter(set_aside), piles)
    if stocks is None:
        for stock in stock_lists:
            stock.append(leftover.pop())
    if rest[0] == "draw":
        draw_list.extend(leftover)
    elif rest[0] == "stock":
        stock_lists[rest[1]].extend(leftover)
    else:
        _, seat, pile = rest  # type: ignore[misc]
        discard_lists[seat][pile][:0] = leftover
    state.table = Table(
        stocks=[list(reversed(stock)) for stock in stock_lists],
        hands=hand_lists,
        discards=discard_lists,
        building=building_lists,
        draw_pile=list(reversed(draw_list)),
        set_aside=list(set_aside),
    )
    state.round = 1
    state.current = current
    state.built_this_turn = built_this_turn
    state.drawn_turns = drawn_turns
    state.log = [
        {
            "type": "deal",
            "round": 1,
            "first_player": resolved["first_player"],
            "stocks": [list(stock) for stock in stock_lists],
            "draw_pile": list(draw_list),
        }
    ]
    assert state.card_counts() == DECK
    return state


def _leftover(used: Counter[int], piles: Sequence[Sequence[int]]) -> list[int]:
    """The cards of the deck that none of `piles` (nor `used`) holds, sorted."""
    for pile in piles:
        used.update(pile)
    if used - DECK:
        raise ValueError(f"more copies than the deck holds: {used - DECK}")
    return sorted((DECK - used).elements())


def key(move: Mapping[str, Any]) -> str:
    return json.dumps(move, sort_keys=True)


Chooser = Callable[[SkipBoState, int, list[dict[str, Any]], random.Random], dict[str, Any]]


def random_chooser(
    state: SkipBoState, seat: int, moves: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    return rng.choice(moves)


def play_out(
    state: SkipBoState,
    rng: random.Random,
    bots: Sequence[str] | None = None,
    max_moves: int = 50_000,
    each: Callable[[SkipBoState], None] | None = None,
) -> int:
    """Play the game to its end with the named bots (random for all by default); returns
    the number of moves."""
    count = 0
    while not state.is_over:
        seat = state.active_seats()[0]
        moves = state.legal_moves(seat)
        bot = RULES.bots[bots[seat] if bots else "random"]
        state.apply(seat, bot(state.view(seat), moves, rng))
        count += 1
        if each is not None:
            each(state)
        if count > max_moves:
            raise AssertionError("the game did not end")
    return count
