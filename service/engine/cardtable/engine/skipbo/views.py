"""What one seat (or a spectator) sees of a Skip-Bo game: the only way cards leave the state.

Public: every stock's size and top card, every discard pile in full (discard piles are
face up and the notices fan them out, so every card in them is visible to everyone), the
building piles, hand sizes, the draw pile's and set-aside piles' sizes, scores. Private:
a hand is shown only to its own seat. Never shown: stock cards below the top, the order or
contents of the draw pile and of the set-aside cards, the RNG, the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.options import JSON
from cardtable.engine.skipbo.cards import TOP_VALUE
from cardtable.engine.skipbo.moves import turn_step
from cardtable.engine.skipbo.rounds import first_player_of, partner
from cardtable.engine.skipbo.scoring import team_of

if TYPE_CHECKING:
    from cardtable.engine.skipbo.state import SkipBoState

PUBLIC_STEP = "play"
"""The step others see while a seat plays its turn: the precise step (must it build, may it
discard?) depends on that seat's hand, so only that seat is told."""


def view_step(state: SkipBoState, seat: int | None) -> str | None:
    if state.finished:
        return None
    return turn_step(state) if seat is not None and seat == state.current else PUBLIC_STEP


def view(state: SkipBoState, seat: int | None) -> dict[str, JSON]:
    """Skip-Bo's part of a view; the skeleton adds the fields every game shares."""
    table = state.table
    n = state.n_players
    teams = bool(state.options["teams"])
    totals = state.totals()
    players = [
        {
            "seat": player,
            "name": name,
            "hand_size": len(table.hands[player]),
            "stock_size": len(table.stocks[player]),
            "stock_top": table.stocks[player][-1] if table.stocks[player] else None,
            "discard_piles": [list(pile) for pile in table.discards[player]],
            "partner": partner(state, player),
            "team": player % (n // 2) if teams else None,
            "total": totals[player],
        }
        for player, name in enumerate(state.names)
    ]
    return {
        "first_player": first_player_of(state, state.round),
        "players": players,
        "hand": sorted(table.hands[seat]) if seat is not None else None,
        "building_piles": [
            {
                "slot": slot,
                "size": len(pile),
                "reached": len(pile),
                "next": len(pile) + 1,
                "top_card": pile[-1] if pile else None,
                "cards": list(pile),
            }
            for slot, pile in enumerate(table.building)
        ],
        "draw_pile_size": len(table.draw_pile),
        "set_aside_size": len(table.set_aside),
        "set_aside_piles": len(table.set_aside) // TOP_VALUE,
        "drawn_turns": state.drawn_turns,
        "teams": [list(team_of(first, n)) for first in range(n // 2)] if teams else None,
        "last_round": _last_round(state),
    }


def _last_round(state: SkipBoState) -> dict[str, JSON] | None:
    """The latest completed round (there is one once round 2 started or the game ended)."""
    if not state.rounds:
        return None
    last = state.rounds[-1]
    winner = last["winner"]
    team = None
    if winner is not None and state.options["teams"]:
        team = list(team_of(winner, state.n_players))
    return {
        "round": last["round"],
        "drawn": winner is None,
        "winner": winner,
        "winning_team": team,
        "scores": list(last["scores"]),
        "stocks_left": list(last["stocks_left"]),
    }
