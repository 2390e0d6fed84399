"""What a Skip-Bo event shows beyond the generic ones (cardtable_engine.events): the card
that moved, the building pile it completed, the stock top it uncovered, hand sizes, and the
cards the viewer itself drew; each read from the viewer's own views just before and just
after, so nothing hidden can show."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable_engine import view_fields
from cardtable_engine.base import JSON
from cardtable_engine.games.skipbo.views import VIEW_PARTS, card_schema

View = dict[str, Any]

_PLAYER = VIEW_PARTS["Player"]["properties"]
_PER_SEAT = view_fields.list_of(view_fields.integer(0), "Skip-Bo: per seat.")

MOVE_FIELDS: dict[str, view_fields.Schema] = {
    "card": card_schema("Skip-Bo: the value of the card moved (0 = SKIP-BO).", nullable=True),
    "completed_pile": view_fields.integer(
        0, 3, "Skip-Bo: the building pile that reached 12 and was cleared."
    ),
    "stock_top": card_schema(
        "Skip-Bo, after a play from a stock: the card uncovered (null: empty).", nullable=True
    ),
    "stock_size": view_fields.integer(
        0, description="Skip-Bo, after a play from a stock: the cards left in it."
    ),
    "hand_sizes": _PER_SEAT,
    "drew": view_fields.list_of(card_schema(), "Skip-Bo, own: the cards that came into this hand."),
}
"""The fields a Skip-Bo `move` event may carry beyond the shared ones (openapi.yaml's
`MoveEvent` is derived from them)."""

DEAL_FIELDS: dict[str, view_fields.Schema] = {
    "first_player": view_fields.integer(0, description="Skip-Bo: the seat that starts."),
    "stock_tops": view_fields.list_of(_PLAYER["stock_top"], "Skip-Bo: per seat."),
    "stock_sizes": _PER_SEAT,
    "hand_sizes": _PER_SEAT,
    "hand": view_fields.list_of(card_schema(), "Skip-Bo, own: this seat's new hand."),
}
"""The fields of a Skip-Bo `deal` event beyond the shared ones."""


def move_consequences(
    entry: dict[str, JSON], before: View, after: View, new_round: bool
) -> dict[str, JSON]:
    """The card that moved, the building pile it completed, the stock top it uncovered,
    hand sizes, and the cards the viewer itself drew (only into its own hand)."""
    move: Any = entry["move"]
    seat = int(entry["seat"])
    found: dict[str, JSON] = {"card": _card(move, seat, before)}
    if new_round:
        return found
    if move["type"] == "play":
        owner = move.get("owner", seat)
        target = move["target"]
        if after["building_piles"][target]["size"] < before["building_piles"][target]["size"]:
            found["completed_pile"] = target
        if move["source"] == "stock":
            found["stock_top"] = after["players"][owner]["stock_top"]
            found["stock_size"] = after["players"][owner]["stock_size"]
    found["hand_sizes"] = [player["hand_size"] for player in after["players"]]
    drew = _drawn_cards(before, after, seat, move)
    if drew:
        found["drew"] = drew
    return found


def deal_fields(after: View) -> dict[str, JSON]:
    """A new round's public start, and the viewer's own hand when dealt one."""
    fields: dict[str, JSON] = {
        "first_player": after["first_player"],
        "stock_tops": [player["stock_top"] for player in after["players"]],
        "stock_sizes": [player["stock_size"] for player in after["players"]],
        "hand_sizes": [player["hand_size"] for player in after["players"]],
    }
    if after.get("hand") is not None:
        fields["hand"] = after["hand"]
    return fields


def _card(move: Any, seat: int, before: View) -> JSON:
    """The value of the card a move took from where it lay (0 = SKIP-BO)."""
    if move["type"] == "discard" or move.get("source") == "hand":
        return move.get("card")
    owner = before["players"][move.get("owner", seat)]
    if move.get("source") == "stock":
        return owner["stock_top"]
    if move.get("source") == "discard":
        return owner["discard_piles"][move["pile"]][-1]
    return None


def _drawn_cards(before: View, after: View, mover: int, move: Any) -> list[JSON]:
    """Cards that came into the viewer's own hand (refills), from its own two views."""
    if before.get("hand") is None or after.get("hand") is None:
        return []
    left: Counter[int] = Counter(before["hand"])
    if before["seat"] == mover and (move["type"] == "discard" or move.get("source") == "hand"):
        left[move["card"]] -= 1  # the mover's own card left its hand
    gained: Counter[int] = Counter(after["hand"])
    gained.subtract(left)
    return sorted(gained.elements())  # elements() skips counts of zero or less
