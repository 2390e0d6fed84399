"""Skip-Bo's stored form, declared as data: the checks of its fields and log entries (read
by the engine's one loader), how they are written and taken over, and the facts that tie
round, turn, scores and the 162 cards together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardtable_engine import checks, turn_limit
from cardtable_engine.checks import Check, fail
from cardtable_engine.games.skipbo import scoring
from cardtable_engine.games.skipbo.cards import (
    BUILDING_PILES,
    DECK,
    DISCARD_PILES,
    HAND_SIZE,
    SKIPBO,
    TOP_VALUE,
)
from cardtable_engine.games.skipbo.rounds import partner
from cardtable_engine.games.skipbo.table import Table
from cardtable_engine.options import JSON

if TYPE_CHECKING:
    from cardtable_engine.games.skipbo.state import SkipBoState

CARD_VALUES = frozenset(range(TOP_VALUE + 1))
pile = checks.cards(CARD_VALUES)


def _table(n: int) -> Check:
    fields = checks.exactly(
        {
            "stocks": checks.list_of(pile, n),
            "hands": checks.list_of(pile, n),
            "discard_piles": checks.list_of(checks.list_of(pile, DISCARD_PILES), n),
            "building_piles": checks.list_of(pile, BUILDING_PILES),
            "draw_pile": pile,
            "set_aside": pile,
        }
    )

    def check(value: Any, name: str) -> Table:
        zones = fields(value, name)
        if any(len(hand) > HAND_SIZE for hand in zones["hands"]):
            fail(name, f"has a hand of more than {HAND_SIZE} cards")
        for slot, built in enumerate(zones["building_piles"]):
            if len(built) >= TOP_VALUE or any(
                card not in (SKIPBO, position + 1) for position, card in enumerate(built)
            ):
                fail(f"building pile {slot}", "must rise from 1 and be set aside at 12")
        return _table_of(zones)

    return check


def _table_of(zones: Mapping[str, Any]) -> Table:
    return Table(
        stocks=zones["stocks"],
        hands=zones["hands"],
        discards=zones["discard_piles"],
        building=zones["building_piles"],
        draw_pile=zones["draw_pile"],
        set_aside=zones["set_aside"],
    )


def _round_result(n: int, teams: bool) -> Check:
    fields = checks.exactly(
        {
            "round": checks.integer(1),
            "scores": checks.list_of(checks.integer(0), n),
            "winner": checks.integer(0, n - 1, nullable=True),
            "stocks_left": checks.list_of(checks.integer(0), n),
        }
    )

    def check(value: Any, name: str) -> dict[str, Any]:
        result: dict[str, Any] = fields(value, name)
        if result["scores"] != scoring.round_scores(
            result["stocks_left"], result["winner"], teams=teams
        ):
            fail(name, "has scores that do not follow from its stocks and winner")
        return result

    return check


def state_fields(n: int, options: Mapping[str, JSON]) -> dict[str, Check]:
    return {
        "phase": checks.one_of("playing", "finished"),
        "round": checks.integer(1),
        "current": checks.integer(0, n - 1, nullable=True),
        "built_this_turn": checks.boolean,
        # a drawn round ends when the count reaches n; a finished game keeps that count
        "drawn_turns": checks.integer(0, n),
        "table": _table(n),
        "rounds": checks.list_of(_round_result(n, options["teams"])),
        **turn_limit.field_check(options, n),
    }


def log_entries(n: int) -> dict[str, Check]:
    deal = {"first_player": checks.integer(0, n - 1), "stocks": checks.list_of(pile, n)}
    return checks.dealt_entries({**deal, "draw_pile": pile}, pile)


def order_of(entry: Mapping[str, Any]) -> list[int]:
    """The deck order of a deal (stocks, then the draw pile) or the order of a reshuffle."""
    stocks = entry.get("stocks", [])
    return [card for stock in stocks for card in stock] + list(entry["draw_pile"])


def dump_fields(state: SkipBoState) -> dict[str, JSON]:
    """Every zone lists its pile bottom first (top card last)."""
    table = state.table
    return {
        "phase": "finished" if state.finished else "playing",
        "round": state.round,
        "current": state.current,
        "built_this_turn": state.built_this_turn,
        "drawn_turns": state.drawn_turns,
        "table": {
            "stocks": [list(stock) for stock in table.stocks],
            "hands": [list(hand) for hand in table.hands],
            "discard_piles": [[list(p) for p in piles] for piles in table.discards],
            "building_piles": [list(built) for built in table.building],
            "draw_pile": list(table.draw_pile),
            "set_aside": list(table.set_aside),
        },
        "rounds": [
            {key: (list(r[key]) if type(r[key]) is list else r[key]) for key in r}
            for r in state.rounds
        ],
        **turn_limit.dump(state.options, state.turns),
    }


FIELD_KEYS = ("phase", "round", "current", "built_this_turn", "drawn_turns", "table", "rounds")
"""The keys of `state_fields`, in order."""


def trusted_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """`state_fields`' values of a snapshot this release wrote, unchecked (loader.load)."""
    fields = {key: data[key] for key in FIELD_KEYS} | turn_limit.trusted(data)
    fields["table"] = _table_of(data["table"])
    return fields


def restore(state: SkipBoState, fields: dict[str, Any]) -> None:
    state.finished = fields["phase"] == "finished"
    for key in ("round", "current", "built_this_turn", "drawn_turns", "table", "rounds"):
        setattr(state, key, fields[key])
    state.turns = turn_limit.restored(fields)


def check_consistency(state: SkipBoState) -> None:
    """Facts that tie the parts together (a state that passes could have been played)."""
    if state.table.card_counts() != DECK:
        fail("the zones", "do not hold exactly the 162 Skip-Bo cards")
    if (state.current is None) != state.finished:
        fail("current", "names a seat while playing, none once finished")
    if not state.finished and state.drawn_turns >= state.n_players:
        fail("drawn_turns", "ends the round when it reaches the number of players")
    for seat, stock in enumerate(state.table.stocks):
        if len(stock) > state.options["stock_size"]:
            fail(f"seat {seat}'s stock", "is larger than stock_size")
    if [r["round"] for r in state.rounds] != list(range(1, len(state.rounds) + 1)):
        fail("rounds", "must be numbered 1, 2, ... in order")
    completed = len(state.rounds)
    over = scoring.is_game_over(state.totals(), completed, state.options["target_score"])
    if state.finished:
        if completed != state.round or not over:
            fail("a finished game", "must have completed its last round")
        return
    if completed != state.round - 1 or over:
        fail("a game in progress", "must be playing the round after its last")
    _check_turn(state)


def _check_turn(state: SkipBoState) -> None:
    table = state.table
    if state.drawn_turns and not state.built_this_turn and (table.draw_pile or table.set_aside):
        fail("drawn turns", "are counted only when nothing is left to draw")
    for seat, stock in enumerate(table.stocks):
        mate = partner(state, seat)
        if not stock and (mate is None or not table.stocks[mate]):
            fail(f"seat {seat}'s round", "is over (empty stock) yet still played")
