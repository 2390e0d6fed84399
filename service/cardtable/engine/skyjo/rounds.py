"""The life of a round: the deal, who starts, refilling the draw pile, and the end of a round
(final reveal, scoring, the next deal or the end of the game)."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable.engine.base import InvalidRecord
from cardtable.engine.skyjo.cards import DECK_COUNTS, GRID_SIZE, full_deck
from cardtable.engine.skyjo.grid import Grid
from cardtable.engine.skyjo.scoring import is_game_over, round_scores

if TYPE_CHECKING:
    from cardtable.engine.skyjo.state import SkyjoState

Deal = tuple[list[list[int]], int, list[int]]
"""(grids row by row per seat, the face-up discard, the draw pile top first)."""


def _is_card_list(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(card, int) and not isinstance(card, bool) for card in value
    )


class CardScript:
    """Card orders read from a record's log instead of the RNG, so a replay needs no seed.

    Before each logged move the replayer queues the deal and reshuffle entries that follow
    it; the move must consume exactly those, in that order.
    """

    def __init__(self) -> None:
        self.pending: deque[Mapping[str, Any]] = deque()

    def _next(self, kind: str) -> Mapping[str, Any]:
        if not self.pending:
            raise InvalidRecord(f"the log lacks the {kind} entry that this move needs")
        entry = self.pending.popleft()
        if entry.get("type") != kind:
            raise InvalidRecord(f"expected a {kind} entry in the log, found {entry.get('type')!r}")
        return entry

    def deal(self, number: int, n_players: int) -> Deal:
        entry = self._next("deal")
        if set(entry) != {"type", "round", "grids", "discard", "draw_pile"}:
            raise InvalidRecord("a deal entry has exactly: type, round, grids, discard, draw_pile")
        if entry["round"] != number:
            raise InvalidRecord(f"expected the deal of round {number}, found {entry['round']!r}")
        grids, discard, draw_pile = entry["grids"], entry["discard"], entry["draw_pile"]
        if (
            not isinstance(grids, list)
            or len(grids) != n_players
            or not all(_is_card_list(grid) and len(grid) == GRID_SIZE for grid in grids)
        ):
            raise InvalidRecord(f"a deal gives {n_players} grids of {GRID_SIZE} integers")
        if isinstance(discard, bool) or not isinstance(discard, int):
            raise InvalidRecord("a deal's discard is one integer card")
        if not _is_card_list(draw_pile):
            raise InvalidRecord("a deal's draw_pile is a list of integer cards")
        dealt = [card for grid in grids for card in grid] + [discard] + list(draw_pile)
        if _counts(dealt) != DECK_COUNTS:
            raise InvalidRecord(f"the deal of round {number} is not the 150-card Skyjo deck")
        return [list(grid) for grid in grids], discard, list(draw_pile)

    def reshuffle(self, cards: list[int]) -> list[int]:
        entry = self._next("reshuffle")
        if set(entry) != {"type", "draw_pile"} or not _is_card_list(entry["draw_pile"]):
            raise InvalidRecord("a reshuffle entry has exactly: type, draw_pile (integers)")
        order = list(entry["draw_pile"])
        if _counts(order) != _counts(cards):
            raise InvalidRecord("a reshuffle must hold exactly the discard pile minus its top")
        return order


def _counts(cards: list[int]) -> Counter[int]:
    return Counter(cards)


def start_round(state: SkyjoState, number: int) -> None:
    """Deal round `number`, log the deal, and open the setup reveals (or the first turn)."""
    n = state.n_players
    if state.script is not None:
        grids, discard, draw_top_first = state.script.deal(number, n)
    else:
        deck = full_deck()
        state.rng.shuffle(deck)
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
    if state.script is not None:
        order = state.script.reshuffle(cards)
    else:
        order = list(cards)
        state.rng.shuffle(order)
    state.discard = [top]
    state.draw_pile = order[::-1]
    state.log.append({"type": "reshuffle", "draw_pile": list(order)})


def end_turn(state: SkyjoState, seat: int) -> None:
    """Pass the turn on, noticing the finisher and ending the round after the final lap."""
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


def end_round(state: SkyjoState) -> None:
    """Final reveal, column rule on every grid, scores, then the next deal or the game's end."""
    finisher = state.finisher
    assert finisher is not None  # only called once the final lap is over
    revealed = []
    for grid in state.grids:
        revealed.append(grid.face_down_positions())
        grid.reveal_all()
        grid.remove_complete_columns(state.discard)
    card_totals = [grid.total() for grid in state.grids]
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
