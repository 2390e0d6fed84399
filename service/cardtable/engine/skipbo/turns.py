"""What a Skip-Bo move does to the table: building, completed piles, refills and reshuffles,
the end of a turn (drawn-round count), the end of a round and the next deal.

Every function here runs after the move was checked; a client can cause no error here.
Shuffles go through shuffles.py, which uses the state's RNG, or the record's
log when a game is being replayed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.base import Move
from cardtable.engine.scoring import running_totals
from cardtable.engine.skipbo import scoring
from cardtable.engine.skipbo.cards import HAND_SIZE, TOP_VALUE
from cardtable.engine.skipbo.moves import partner
from cardtable.engine.skipbo.shuffles import deal_order, reshuffle_order
from cardtable.engine.skipbo.table import Table

if TYPE_CHECKING:
    from cardtable.engine.skipbo.state import SkipBoState


def perform(state: SkipBoState, seat: int, move: Move) -> None:
    """Carry out a checked move (already logged)."""
    if move["type"] == "play":
        _play(state, seat, move)
    elif move["type"] == "discard":
        state.table.hands[seat].remove(move["card"])
        state.table.discards[seat][move["pile"]].append(move["card"])
        _end_turn(state)
    else:
        _end_turn(state)


def _play(state: SkipBoState, seat: int, move: Move) -> None:
    table = state.table
    source = move["source"]
    owner: int = move.get("owner", seat)
    if source == "hand":
        table.hands[seat].remove(move["card"])
        card = move["card"]
    elif source == "stock":
        card = table.stocks[owner].pop()
    else:
        card = table.discards[owner][move["pile"]].pop()
    pile = table.building[move["target"]]
    pile.append(card)
    state.built_this_turn = True
    state.drawn_turns = 0  # "any build resets the count to 0", visibly at once
    if len(pile) == TOP_VALUE:
        # A completed pile leaves the table at once so that its slot can take a new 1.
        table.set_aside.extend(pile)
        pile.clear()
    if source == "stock" and not table.stocks[owner]:
        # With teams the round ends only once both partners' stocks are empty, whichever
        # of the two was emptied by this card.
        mate = partner(state, seat)
        team = (seat,) if mate is None else (seat, mate)
        if not any(table.stocks[member] for member in team):
            _end_round(state, winner=seat)
            return
    if source == "hand" and not table.hands[seat]:
        refill(state, seat)


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
            table.draw_pile = list(reversed(reshuffle_order(state, cards)))
        hand.append(table.draw_pile.pop())


def _end_turn(state: SkipBoState) -> None:
    table = state.table
    if state.built_this_turn or table.draw_pile or table.set_aside:
        state.drawn_turns = 0
    else:
        state.drawn_turns += 1
        if state.drawn_turns >= state.n_players:
            _end_round(state, winner=None)
            return
    state.current = (state.current_seat + 1) % state.n_players
    state.built_this_turn = False
    refill(state, state.current)


def _end_round(state: SkipBoState, winner: int | None) -> None:
    stocks_left = [len(stock) for stock in state.table.stocks]
    scores = scoring.round_scores(stocks_left, winner, teams=state.options["teams"])
    state.rounds.append(
        {"round": state.round, "scores": scores, "winner": winner, "stocks_left": stocks_left}
    )
    totals = running_totals([r["scores"] for r in state.rounds], state.n_players)
    if scoring.is_game_over(totals, len(state.rounds), state.options["target_score"]):
        state.finished = True
        state.current = None
        return
    deal_round(state, state.round + 1)


def first_player_of(state: SkipBoState, round_number: int) -> int:
    """Round 1 starts with the `first_player` option; each later round one seat on."""
    first: int = state.options["first_player"]
    return (first + round_number - 1) % state.n_players


def deal_round(state: SkipBoState, round_number: int) -> None:
    """Deal stocks and the draw pile, then start the first player's turn (their refill)."""
    first = first_player_of(state, round_number)
    stocks, draw_pile = deal_order(state, round_number, first)
    state.table = Table.deal(stocks, draw_pile)
    state.round = round_number
    state.current = first
    state.built_this_turn = False
    state.drawn_turns = 0
    refill(state, first)
