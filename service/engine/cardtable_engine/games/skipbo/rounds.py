"""The life of a Skip-Bo round: the deal, refilling a hand (and recycling the set-aside
piles), the end of a turn (drawn-round count), the end of a round and the next deal.

Every function here runs after the move was checked; a client can cause no error here.
Card orders come from the state's card source (the RNG, or the record while replaying).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable_engine import turn_limit
from cardtable_engine.games.skipbo import scoring
from cardtable_engine.games.skipbo.cards import HAND_SIZE, new_deck
from cardtable_engine.games.skipbo.table import Table

if TYPE_CHECKING:
    from cardtable_engine.games.skipbo.state import SkipBoState


def refill(state: SkipBoState, seat: int) -> None:
    """Draw until the hand holds 5 cards, recycling the set-aside piles only when a card
    must be drawn and the draw pile is empty; stop when there is nothing left to draw."""
    table = state.table
    hand = table.hands[seat]
    while len(hand) < HAND_SIZE:
        if not table.draw_pile:
            if not table.set_aside:
                return
            cards = table.set_aside
            table.set_aside = []
            order = state.card_order("reshuffle", cards)
            state.log.append({"type": "reshuffle", "draw_pile": list(order)})
            table.draw_pile = order[::-1]
        hand.append(table.draw_pile.pop())


def end_turn(state: SkipBoState) -> None:
    table = state.table
    state.turns += 1
    if turn_limit.reached(state.options, state.n_players, state.turns):
        end_round(state, winner=None)
        return
    if state.built_this_turn or table.draw_pile or table.set_aside:
        state.drawn_turns = 0
    else:
        state.drawn_turns += 1
        if state.drawn_turns >= state.n_players:
            end_round(state, winner=None)
            return
    state.current = (state.current_seat + 1) % state.n_players
    state.built_this_turn = False
    refill(state, state.current)


def end_round(state: SkipBoState, winner: int | None) -> None:
    stocks_left = [len(stock) for stock in state.table.stocks]
    scores = scoring.round_scores(stocks_left, winner, teams=state.options["teams"])
    state.rounds.append(
        {"round": state.round, "scores": scores, "winner": winner, "stocks_left": stocks_left}
    )
    if scoring.is_game_over(state.totals(), len(state.rounds), state.options["target_score"]):
        state.finished = True
        state.current = None
        return
    deal_round(state, state.round + 1)


def partner(state: SkipBoState, seat: int) -> int | None:
    """The seat's partner in the partnership variant, else None."""
    if not state.options["teams"]:
        return None
    return scoring.partner_of(seat, state.n_players)


def first_player_of(state: SkipBoState, round_number: int) -> int:
    """Round 1 starts with the `first_player` option; each later round one seat on."""
    first: int = state.options["first_player"]
    return (first + round_number - 1) % state.n_players


def deal_round(state: SkipBoState, round_number: int) -> None:
    """Deal stocks and the draw pile, then start the first player's turn (their refill)."""
    first = first_player_of(state, round_number)
    size: int = state.options["stock_size"]
    n = state.n_players
    deck = state.card_order("deal", new_deck())
    stocks = [deck[seat * size : (seat + 1) * size] for seat in range(n)]
    draw_pile = deck[n * size :]
    state.log.append(
        {
            "type": "deal",
            "round": round_number,
            "first_player": first,
            "stocks": [list(stock) for stock in stocks],
            "draw_pile": list(draw_pile),
        }
    )
    state.table = Table.deal(stocks, draw_pile)
    state.round = round_number
    state.current = first
    state.built_this_turn = False
    state.drawn_turns = 0
    state.turns = 0
    refill(state, first)
