"""The life of a round: the deal, who starts, refilling the draw pile, and the end of a round
(final reveal, scoring, the next deal or the end of the game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable_engine import turn_limit
from cardtable_engine.games.skyjo.cards import GRID_SIZE, full_deck
from cardtable_engine.games.skyjo.grid import Grid
from cardtable_engine.games.skyjo.scoring import is_game_over, round_scores

if TYPE_CHECKING:
    from cardtable_engine.games.skyjo.state import SkyjoState


def start_round(state: SkyjoState, number: int) -> None:
    """Deal round `number`, log the deal, and open the setup reveals (or the first turn)."""
    n = state.n_players
    deck = state.card_order("deal", full_deck())
    grids = [deck[GRID_SIZE * seat : GRID_SIZE * (seat + 1)] for seat in range(n)]
    discard = deck[GRID_SIZE * n]
    draw_top_first = deck[GRID_SIZE * n + 1 :]
    state.log.append(
        {
            "type": "deal",
            "round": number,
            "grids": [list(grid) for grid in grids],
            "discard": discard,
            "draw_pile": list(draw_top_first),
        }
    )
    state.round = number
    state.grids = [Grid.dealt(grid) for grid in grids]
    state.discard = [discard]
    state.draw_pile = draw_top_first[::-1]
    state.reveals_left = [state.options["initial_reveals"]] * n
    state.current = None
    state.drawn = None
    state.finisher = None
    state.final_lap = []
    state.turns = 0
    if state.options["initial_reveals"] == 0:
        begin_turns(state)
    else:
        state.phase = "reveal"


def highest_sum_seat(grids: list[Grid]) -> int:
    """The seat with the highest face-up sum; ties go to the first such seat from seat 0."""
    sums = [grid.visible_sum() for grid in grids]
    return sums.index(max(sums))


def begin_turns(state: SkyjoState) -> None:
    """The setup reveals are over: the starter takes the first turn."""
    state.phase = "play"
    if state.round > 1 and state.options["later_round_starter"] == "finisher":
        starter = state.rounds[-1]["finisher"]
    else:
        starter = highest_sum_seat(state.grids)
    state.current = starter


def refill_draw_pile(state: SkyjoState) -> None:
    """Turn the discard pile, except its top card, into a new draw pile (and log it)."""
    top = state.discard[-1]
    cards = state.discard[:-1]
    order = state.card_order("reshuffle", cards)
    state.discard = [top]
    state.draw_pile = order[::-1]
    state.log.append({"type": "reshuffle", "draw_pile": list(order)})


def end_turn(state: SkyjoState, seat: int) -> None:
    """Pass the turn on, noticing the finisher and ending the round after the final lap or
    once the round has lasted `max_turns` turns per seat."""
    state.turns += 1
    _pass_turn(state, seat)
    if state.phase == "play" and turn_limit.reached(state.options, state.n_players, state.turns):
        end_round(state, capped=True)


def _pass_turn(state: SkyjoState, seat: int) -> None:
    if state.finisher is None:
        if state.grids[seat].face_down_count() == 0:
            n = state.n_players
            state.finisher = seat
            state.final_lap = [(seat + step) % n for step in range(1, n)]
            state.current = state.final_lap[0]
        else:
            state.current = (seat + 1) % state.n_players
        return
    state.final_lap.pop(0)
    if state.final_lap:
        state.current = state.final_lap[0]
    else:
        end_round(state)


def end_round(state: SkyjoState, *, capped: bool = False) -> None:
    """Final reveal, column rule on every grid, scores, then the next deal or the game's end.
    A `capped` round (max_turns) is scored as if the lowest card total had finished it."""
    revealed = []
    for grid in state.grids:
        revealed.append(grid.face_down_positions())
        grid.reveal_all()
        grid.remove_complete_columns(state.discard)
    card_totals = [grid.total() for grid in state.grids]
    finisher = card_totals.index(min(card_totals)) if capped else state.finisher
    assert finisher is not None  # only called once the final lap is over, or capped
    scores = round_scores(card_totals, finisher, finisher_penalty=state.options["finisher_penalty"])
    state.rounds.append(
        {
            "round": state.round,
            "scores": scores,
            "finisher": finisher,
            "card_totals": card_totals,
            "grids": [grid.cells() for grid in state.grids],
            "revealed": revealed,
        }
    )
    state.current = None
    state.finisher = None
    state.final_lap = []
    if is_game_over(
        state.totals(), len(state.rounds), state.options["end_score"], state.options["max_rounds"]
    ):
        state.phase = "over"
    else:
        start_round(state, state.round + 1)
