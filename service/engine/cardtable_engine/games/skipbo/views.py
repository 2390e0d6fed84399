"""What one seat (or a spectator) sees of a Skip-Bo game: the only way cards leave the state.

Public: every stock's size and top card, every discard pile in full (discard piles are
face up and the notices fan them out, so every card in them is visible to everyone), the
building piles, hand sizes, the draw pile's and set-aside piles' sizes, scores. Private:
a hand is shown only to its own seat. Never shown: stock cards below the top, the order or
contents of the draw pile and of the set-aside cards, the RNG, the log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable_engine import view_fields
from cardtable_engine.games.skipbo.cards import TOP_VALUE
from cardtable_engine.games.skipbo.moves import turn_step
from cardtable_engine.games.skipbo.rounds import first_player_of, partner
from cardtable_engine.games.skipbo.scoring import team_of
from cardtable_engine.options import JSON

if TYPE_CHECKING:
    from cardtable_engine.games.skipbo.state import SkipBoState

PUBLIC_STEP = "play"
"""The step others see while a seat plays its turn: the precise step (must it build, may it
discard?) depends on that seat's hand, so only that seat is told."""


# -- the view as data (the API's SkipBoView and its parts are derived from it) ----------


def card_schema(description: str = "", *, nullable: bool = False) -> view_fields.Schema:
    """A card: 1..12, 0 for SKIP-BO."""
    return view_fields.integer(0, TOP_VALUE, description, nullable=nullable)


_INTS = view_fields.list_of(view_fields.integer())

VIEW_STEP = view_fields.steps(
    (PUBLIC_STEP, "build", "build_or_discard", "build_or_pass", "discard", "pass"),
    f"What the acting seat does next. Others see `{PUBLIC_STEP}`; the acting seat sees"
    " `build` (french rule: keep building), `build_or_discard`, `build_or_pass`, `discard`"
    " or `pass`. null once the game is over.",
)

VIEW_PARTS: dict[str, view_fields.Schema] = {
    "Player": view_fields.record(
        {
            "seat": view_fields.integer(),
            "name": view_fields.string(),
            "hand_size": view_fields.integer(0, 5),
            "stock_size": view_fields.integer(description="Cards left in this seat's stock."),
            "stock_top": card_schema(
                "The stock's face-up top card (0 = SKIP-BO); null when empty.", nullable=True
            ),
            "discard_piles": view_fields.list_of(
                view_fields.list_of(card_schema()),
                "The seat's 4 discard piles, each bottom first (top card last); discard"
                " piles are face up, every card is visible.",
                length=4,
            ),
            "partner": view_fields.integer(description="Teams: the partner's seat.", nullable=True),
            "team": view_fields.integer(description="Teams: the team number.", nullable=True),
            "total": view_fields.integer(description="Running total of points."),
        }
    ),
    "BuildingPile": view_fields.record(
        {
            "slot": view_fields.integer(0, 3),
            "size": view_fields.integer(0, TOP_VALUE - 1),
            "reached": view_fields.integer(
                0, TOP_VALUE - 1, "The value the pile has reached (0 when empty)."
            ),
            "next": view_fields.integer(
                1, TOP_VALUE, "The value the pile needs next (or a SKIP-BO)."
            ),
            "top_card": card_schema(
                "The card on top as played (0 = SKIP-BO); null when empty.", nullable=True
            ),
            "cards": view_fields.list_of(card_schema(), "The pile's cards, bottom first."),
        }
    ),
    "LastRound": view_fields.record(
        {
            "round": view_fields.integer(),
            "drawn": view_fields.boolean("Nobody won the round."),
            "winner": view_fields.integer(
                description="Seat that emptied the last stock.", nullable=True
            ),
            "winning_team": view_fields.list_of(
                view_fields.integer(), "Teams: both partners of the winner.", nullable=True
            ),
            "scores": _INTS,
            "stocks_left": view_fields.list_of(
                view_fields.integer(), "Cards left in each stock when the round ended."
            ),
        }
    ),
}
"""The objects Skip-Bo's view fields name (`part`)."""

VIEW_FIELDS: dict[str, view_fields.Schema] = {
    "first_player": view_fields.integer(description="Seat that started this round."),
    "players": view_fields.list_of(view_fields.part("Player")),
    "hand": view_fields.list_of(
        card_schema(),
        "The viewer's own hand, sorted (0 = SKIP-BO); null for others.",
        nullable=True,
    ),
    "building_piles": view_fields.list_of(view_fields.part("BuildingPile"), length=4),
    "draw_pile_size": view_fields.integer(),
    "set_aside_size": view_fields.integer(description="Cards of completed building piles."),
    "set_aside_piles": view_fields.integer(description="Completed building piles set aside."),
    "drawn_turns": view_fields.integer(
        description="Consecutive turns without a build that ended with nothing left to draw;"
        " the round is drawn when it reaches the number of players."
    ),
    "teams": view_fields.list_of(
        view_fields.list_of(view_fields.integer()),
        "The partnerships, e.g. [[0, 2], [1, 3]]; null without teams.",
        nullable=True,
    ),
    "last_round": view_fields.part(
        "LastRound", "The latest completed round; null during round 1.", nullable=True
    ),
}
"""Skip-Bo's own view fields (`view`): the same fields for every seat and a spectator;
only a seat's own `hand` is shown (null for the others and a spectator)."""


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
