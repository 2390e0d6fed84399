"""Skip-Bo moves: their contract shapes, which are legal now, why another one is not, and
what a checked move does to the table.

Shapes (rules/skipbo.md, api-contract.md): `play` from `hand` (card, target), `stock`
(target) or `discard` (pile, target), with `owner` only when the stock or discard pile is
the partner's; `discard` (card, pile) ends the turn; `pass` ends it with an empty hand.

A turn has one public step, but what the acting seat may do next depends on its hand and
the stop rule; `turn_step` names it:
- "build": a build is possible and the french stop rule says keep building;
- "build_or_discard" / "build_or_pass": a build is possible, but the english stop rule lets
  the turn end now (by a discard, or by a pass when the hand is empty);
- "discard": no build is possible, the turn ends with a discard;
- "pass": no build is possible and the hand is empty.
A move type that does not belong to the step is refused with WrongPhase; a move of the
right type that the rules do not allow (a card not held, a pile that needs another value)
with IllegalMove.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from cardtable_engine.errors import IllegalMove, MalformedMove, Move, WrongPhase
from cardtable_engine.games.skipbo.cards import (
    BUILDING_PILES,
    DISCARD_PILES,
    TOP_VALUE,
    card_name,
    fits,
)
from cardtable_engine.games.skipbo.rounds import end_round, end_turn, partner, refill
from cardtable_engine.shapes import MoveField, MoveShape, choice, integer_field

if TYPE_CHECKING:
    from cardtable_engine.games.skipbo.state import SkipBoState

STEP_MOVE_TYPES: dict[str, frozenset[str]] = {
    "build": frozenset({"play"}),
    "build_or_discard": frozenset({"play", "discard"}),
    "build_or_pass": frozenset({"play", "pass"}),
    "discard": frozenset({"discard"}),
    "pass": frozenset({"pass"}),
}

_CARD = integer_field("card", 0, TOP_VALUE, "The card's value, 0 = SKIP-BO.")
_TARGET = integer_field("target", 0, BUILDING_PILES - 1, "The building pile, 0..3.")
_PILE = integer_field("pile", 0, DISCARD_PILES - 1, "Your discard pile, 0..3.")
_OWNER = MoveField(
    "owner", "Teams: the partner whose stock or discard pile is used.", seat=True, required=False
)
MOVES = (
    MoveShape("play", (choice("source", "hand"), _CARD, _TARGET), "Play a card of your hand."),
    MoveShape("play", (choice("source", "stock"), _TARGET, _OWNER), "Play your stock's top."),
    MoveShape(
        "play", (choice("source", "discard"), _PILE, _TARGET, _OWNER), "Play a discard's top."
    ),
    MoveShape("discard", (_CARD, _PILE), "End the turn: put a card of your hand on a discard."),
    MoveShape("pass", (), "End the turn with an empty hand."),
)
"""Every Skip-Bo move's shape (rules/skipbo.md), the frequent ones first: the API's schemas
and the stored move log are derived from it."""


# --------------------------------------------------------------------------------------
# Shapes
# --------------------------------------------------------------------------------------


def check_owner(move: Move, seat: int) -> Move:
    """The declared shape allows any seat as `owner`; the rules only a partner's."""
    if move.get("owner") == seat:
        raise MalformedMove(
            "'owner' names a partner's pile; leave it out to use your own", move=move, seat=seat
        )
    return move


# --------------------------------------------------------------------------------------
# What may be built now
# --------------------------------------------------------------------------------------


def _sources(state: SkipBoState, seat: int) -> Iterator[tuple[Move, int]]:
    """Every distinct source the seat may build from now, with the card it offers."""
    table = state.table
    for card in sorted(set(table.hands[seat])):
        yield {"type": "play", "source": "hand", "card": card}, card
    owners: list[int] = [seat]
    mate = partner(state, seat)
    if mate is not None:
        owners.append(mate)
    for owner in owners:
        extra: Move = {} if owner == seat else {"owner": owner}
        stock = table.stocks[owner]
        if stock:
            yield {"type": "play", "source": "stock", **extra}, stock[-1]
        for pile_index, pile in enumerate(table.discards[owner]):
            if pile:
                yield {"type": "play", "source": "discard", "pile": pile_index, **extra}, pile[-1]


def build_moves(state: SkipBoState, seat: int) -> list[Move]:
    building = state.table.building
    moves: list[Move] = []
    for source, card in _sources(state, seat):
        for target in range(BUILDING_PILES):
            if fits(card, len(building[target])):
                # the fields in the order parse_move writes them (owner last)
                move: Move = {key: value for key, value in source.items() if key != "owner"}
                move["target"] = target
                if "owner" in source:
                    move["owner"] = source["owner"]
                moves.append(move)
    return moves


def has_build(state: SkipBoState, seat: int) -> bool:
    reached = [len(pile) for pile in state.table.building]
    return any(fits(card, value) for _, card in _sources(state, seat) for value in reached)


def turn_step(state: SkipBoState) -> str:
    """What the acting seat does next (see the module docstring)."""
    seat = state.current
    if seat is None:
        raise RuntimeError("a finished game has no turn step")
    can_build = has_build(state, seat)
    has_cards = bool(state.table.hands[seat])
    if can_build:
        if state.options["stop_rule"] == "french":
            return "build"
        return "build_or_discard" if has_cards else "build_or_pass"
    return "discard" if has_cards else "pass"


def legal_moves(state: SkipBoState, seat: int) -> list[Move]:
    step = turn_step(state)
    moves = build_moves(state, seat) if "play" in STEP_MOVE_TYPES[step] else []
    if "discard" in STEP_MOVE_TYPES[step]:
        for card in sorted(set(state.table.hands[seat])):
            moves.extend({"type": "discard", "card": card, "pile": p} for p in range(DISCARD_PILES))
    if "pass" in STEP_MOVE_TYPES[step]:
        moves.append({"type": "pass"})
    return moves


# --------------------------------------------------------------------------------------
# Why a move is refused
# --------------------------------------------------------------------------------------


def check_step(state: SkipBoState, seat: int, move: Move) -> None:
    """WrongPhase when the move's type does not belong to the current step."""
    step = turn_step(state)
    kind = move["type"]
    if kind in STEP_MOVE_TYPES[step]:
        return
    hand = state.table.hands[seat]
    if kind == "pass" and hand:
        reason = "you may pass only with an empty hand; end your turn by discarding a card"
    elif kind == "discard" and not hand:
        reason = "your hand is empty, so there is nothing to discard; pass to end your turn"
    elif kind == "play":
        ending = "a discard" if hand else "a pass"
        reason = f"no card can be built now; end your turn with {ending}"
    else:
        reason = (
            "under the french stop rule you keep building while any build is possible;"
            " the turn may end only when none is"
        )
    raise WrongPhase(reason, move=move, seat=seat)


def source_card(state: SkipBoState, seat: int, move: Move) -> int:
    """The card a well-formed `play` would take, or IllegalMove when there is none."""
    table = state.table
    if move["source"] == "hand":
        card: int = move["card"]
        if card not in table.hands[seat]:
            raise IllegalMove(f"you hold no {card_name(card)}", move=move, seat=seat)
        return card
    owner = move.get("owner", seat)
    whose = "your"
    if owner != seat:
        mate = partner(state, seat)
        if mate is None:
            raise IllegalMove(
                "you may only use your own stock and discard piles (no partnership variant)",
                move=move,
                seat=seat,
            )
        if owner != mate:
            raise IllegalMove(
                f"seat {owner} is not your partner (seat {mate} is)", move=move, seat=seat
            )
        whose = f"your partner's (seat {owner})"
    if move["source"] == "stock":
        stock = table.stocks[owner]
        if not stock:
            raise IllegalMove(f"{whose} stock is empty", move=move, seat=seat)
        return stock[-1]
    pile = table.discards[owner][move["pile"]]
    if not pile:
        raise IllegalMove(f"{whose} discard pile {move['pile']} is empty", move=move, seat=seat)
    return pile[-1]


def check_legal(state: SkipBoState, seat: int, move: Move) -> None:
    """IllegalMove when a move of the right type is not allowed (the state is not changed)."""
    if move["type"] == "play":
        card = source_card(state, seat, move)
        target = move["target"]
        reached = len(state.table.building[target])
        if not fits(card, reached):
            if reached == 0:
                needs = "is empty and starts with a 1 or a SKIP-BO"
            else:
                needs = f"needs a {reached + 1} or a SKIP-BO"
            raise IllegalMove(
                f"building pile {target} {needs}; a {card_name(card)} can't go there",
                move=move,
                seat=seat,
            )
    elif move["type"] == "discard" and move["card"] not in state.table.hands[seat]:
        raise IllegalMove(f"you hold no {card_name(move['card'])}", move=move, seat=seat)


# --------------------------------------------------------------------------------------
# What a checked move does
# --------------------------------------------------------------------------------------


def perform(state: SkipBoState, seat: int, move: Move) -> None:
    """Carry out a checked move (already logged)."""
    if move["type"] == "play":
        _play(state, seat, move)
    elif move["type"] == "discard":
        state.table.hands[seat].remove(move["card"])
        state.table.discards[seat][move["pile"]].append(move["card"])
        end_turn(state)
    else:
        end_turn(state)


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
            end_round(state, winner=seat)
            return
    if source == "hand" and not table.hands[seat]:
        refill(state, seat)
