"""Shared helpers for the Skyjo engine tests: states from chosen deals, and random games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable_engine.base import DeckRng, RecordedCards
from cardtable_engine.games.skyjo import RULES
from cardtable_engine.games.skyjo.cards import DECK_COUNTS, position
from cardtable_engine.games.skyjo.rounds import start_round
from cardtable_engine.games.skyjo.state import SkyjoState

# Grids (row by row) with no two equal cards in a column, so nothing is removed unless a test
# puts a column together on purpose.
G0 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
G1 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
G2 = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def deal_entry(
    grids: Sequence[Sequence[int]],
    discard: int,
    draw_top: Sequence[int] = (),
    round_number: int = 1,
) -> dict[str, Any]:
    """A complete deal entry: the given grids, discard and top of the draw pile, with the rest
    of the 150 cards below them in a fixed order."""
    used = Counter([card for grid in grids for card in grid] + [discard, *draw_top])
    rest = DECK_COUNTS - used
    if used - DECK_COUNTS:
        raise ValueError(f"more copies than the deck holds: {used - DECK_COUNTS}")
    return {
        "type": "deal",
        "round": round_number,
        "grids": [list(grid) for grid in grids],
        "discard": discard,
        "draw_pile": [*draw_top, *sorted(rest.elements())],
    }


def dealt_state(
    grids: Sequence[Sequence[int]],
    discard: int,
    draw_top: Sequence[int] = (),
    options: Mapping[str, Any] | None = None,
    later_deals: Sequence[dict[str, Any]] = (),
) -> SkyjoState:
    """A fresh game dealt exactly as given; `later_deals` (if any) are used for the next
    rounds in turn, otherwise later rounds are shuffled by a fixed seed."""
    names = [f"p{seat}" for seat in range(len(grids))]
    state = SkyjoState(names, RULES.resolve_options(options, len(names)), DeckRng(seed=7))
    state.script = RecordedCards()
    state.script.pending.append(deal_entry(grids, discard, draw_top))
    start_round(state, 1)
    state.script = None
    if later_deals:
        state.script = RecordedCards()
        state.script.pending.extend(later_deals)
    return state


def at(kind: str, row: int, col: int) -> dict[str, Any]:
    return {"type": kind, "row": row, "col": col}


def cell(state: SkyjoState, seat: int, row: int, col: int) -> int | None:
    return state.grids[seat].cards[position(row, col)]


def reveal_all_setup(state: SkyjoState, picks: Mapping[int, Sequence[tuple[int, int]]]) -> None:
    for seat, positions in picks.items():
        for row, col in positions:
            state.apply(seat, at("reveal", row, col))


def random_step(state: SkyjoState, rng: random.Random) -> tuple[int, dict[str, Any]]:
    seat = rng.choice(state.active_seats())
    move = rng.choice(state.legal_moves(seat))
    state.apply(seat, move)
    return seat, move


def play_random_game(
    n_players: int, options: Mapping[str, Any] | None, seed: int
) -> tuple[SkyjoState, int]:
    """A full game of uniformly random legal moves; the final state and the number of moves."""
    state = RULES.new_state([f"p{seat}" for seat in range(n_players)], options, seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        random_step(state, rng)
        moves += 1
    return state, moves


def play_bots(bots: Sequence[str], options: Mapping[str, Any] | None, seed: int) -> SkyjoState:
    """A full game where seat i is played by the bot named bots[i], from its view only."""
    state = RULES.new_state([f"p{seat}" for seat in range(len(bots))], options, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        bot = RULES.bots[bots[seat]]
        state.apply(seat, bot(state.view(seat), state.legal_moves(seat), rng))
    return state


def _keeps_cards_hidden(state: SkyjoState, seat: int, move: Mapping[str, Any]) -> bool:
    if move["type"] == "draw":
        return True
    if move["type"] == "replace":
        return state.grids[seat].face_up[position(move["row"], move["col"])]
    return False


def play_stalling_game(
    n_players: int, options: Mapping[str, Any] | None, seed: int, stall_moves: int = 400
) -> SkyjoState:
    """Random play that, for its first `stall_moves` moves, draws and replaces face-up cards
    whenever it can, so rounds last long enough to empty the draw pile and force reshuffles."""
    state = RULES.new_state([f"p{seat}" for seat in range(n_players)], options, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(state.active_seats())
        legal = state.legal_moves(seat)
        if state.version < stall_moves:
            stalling = [m for m in legal if _keeps_cards_hidden(state, seat, m)]
            legal = stalling or legal
        state.apply(seat, rng.choice(legal))
    return state
