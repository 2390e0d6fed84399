"""High card: a small two-player game that lives only in tests, to prove that a game plugs
into the engine's skeleton with hooks alone (docs/adding-a-game.md).

Each round the 20-card deck (ranks 1..10, twice) is shuffled and each seat gets a hidden
hand of 3 cards; the rest, the talon, stays face down. In a trick the leader plays a card,
then the other seat; the higher rank wins the trick (a tie wins nothing) and its winner
leads the next one (after a tie, the same leader).
After 3 tricks each seat scores its tricks; after `rounds` rounds the highest total wins.
Host it with `cardtable_engine.registry.hosted(RULES)`.

Its names are its own, shared with no other game (a move's `rank`, a deal's `talon`, a
round's `leads`): the host must learn them from the declarations below, never from code
outside this file.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable_engine import view_fields as view
from cardtable_engine.base import JSON, Entry, GameRules, GameState, Move
from cardtable_engine.checks import (
    Check,
    boolean,
    cards,
    entry,
    exactly,
    fail,
    integer,
    list_of,
)
from cardtable_engine.errors import IllegalMove
from cardtable_engine.options import GameInfo, integer_option
from cardtable_engine.scoring import highest_winners
from cardtable_engine.shapes import MoveShape, integer_field
from cardtable_engine.sheets import (
    InvalidRound,
    Options,
    Rounds,
    SheetRules,
    int_list,
)
from cardtable_engine.testing import everything, redeal

HAND_SIZE = 3
_PER_SEAT = list_of(integer(0, HAND_SIZE), 2)
VALUES = frozenset(range(1, 11))
DECK = Counter({value: 2 for value in VALUES})


def random_bot(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    return rng.choice(legal)


INFO = GameInfo(
    name="highcard",
    title="High card",
    min_players=2,
    max_players=2,
    option_specs=(integer_option("rounds", "Rounds to play.", (1, 5), default=2),),
    move_types=("play",),
    bots={"random": random_bot},
)


MOVES = (MoveShape("play", (integer_field("rank", 1, 10, "The rank played, 1..10."),)),)

RANK = view.integer(1, 10)
VIEW_PARTS = {
    "Player": view.record(
        {
            "seat": view.seat(n_players=2),
            "name": view.string(),
            "hand_size": view.integer(0, HAND_SIZE),
            "tricks": view.integer(0, HAND_SIZE, "Tricks won this round."),
            "total": view.integer(description="Tricks won in the completed rounds."),
        }
    )
}
VIEW_FIELDS = {
    "players": view.list_of(view.part("Player")),
    "hand": view.list_of(RANK, "The viewer's own hand; null for others.", nullable=True),
    "trick": view.list_of(RANK, "The current trick's cards, the leader's first."),
    "talon_size": view.integer(0, description="Cards left face down."),
}


class HighCardState(GameState):
    info = INFO
    STEP_MOVES = {"play": ("play",)}
    MOVES = MOVES
    SCORE_ROUND_KEYS = ("round", "scores", "leads")
    ROUND_FIELDS = {"leads": {"type": "array", "items": {"type": "integer", "minimum": 0}}}
    VIEW_FIELDS = VIEW_FIELDS
    VIEW_PARTS = VIEW_PARTS

    def __init__(self, names: Any, options: Mapping[str, JSON], rng: Any) -> None:
        super().__init__(names, options, rng)
        self.hands: list[list[int]] = [[], []]
        self.talon: list[int] = []
        self.trick: list[int] = []
        """Cards played to the current trick, the leader's first."""
        self.tricks: list[int] = [0, 0]
        self.leads: list[int] = [0, 0]
        """Tricks each seat led this round."""
        self.played: list[int] = []
        """Cards of the finished tricks of this round, face down."""
        self.finished = False

    # -- rules ---------------------------------------------------------------------------

    def start(self) -> None:
        self.deal(1)

    def deal(self, number: int) -> None:
        deck = self.card_order("deal", sorted(DECK.elements()))
        hands = [deck[:HAND_SIZE], deck[HAND_SIZE : 2 * HAND_SIZE]]
        entry = {"type": "deal", "round": number, "hands": hands, "talon": deck[6:]}
        self.log.append(entry)
        self.round, self.hands, self.talon = number, [list(h) for h in hands], deck[6:]
        self.trick, self.tricks, self.leads, self.played = [], [0, 0], [0, 0], []
        self.current = (number - 1) % 2

    @property
    def is_over(self) -> bool:
        return self.finished

    def active_seats(self) -> list[int]:
        return [] if self.current is None else [self.current]

    def step(self) -> str | None:
        return None if self.finished else "play"

    def moves_for(self, seat: int) -> list[Move]:
        return [{"type": "play", "rank": rank} for rank in sorted(set(self.hands[seat]))]

    def check_legal(self, seat: int, move: Move) -> None:
        if move["rank"] not in self.hands[seat]:
            raise IllegalMove(f"you hold no {move['rank']}")

    def perform(self, seat: int, move: Move) -> None:
        self.hands[seat].remove(move["rank"])
        self.trick.append(move["rank"])
        if len(self.trick) == 1:
            self.leads[seat] += 1
            self.current = 1 - seat
            return
        lead, follow = self.trick
        leader = 1 - seat
        winner = leader if lead > follow else seat if follow > lead else None
        if winner is not None:
            self.tricks[winner] += 1
        self.played += self.trick
        self.trick = []
        self.current = leader if winner is None else winner
        if not self.hands[0] and not self.hands[1]:
            self.end_round()

    def end_round(self) -> None:
        self.rounds.append(
            {"round": self.round, "scores": list(self.tricks), "leads": list(self.leads)}
        )
        if len(self.rounds) < self.options["rounds"]:
            self.deal(self.round + 1)
        else:
            self.finished, self.current = True, None

    def winners(self) -> list[int]:
        return highest_winners(self.totals()) if self.finished else []

    def card_counts(self) -> Counter[int]:
        return Counter([*self.hands[0], *self.hands[1], *self.talon, *self.trick, *self.played])

    # -- views ---------------------------------------------------------------------------

    def view_phase(self) -> str:
        return "finished" if self.finished else "playing"

    def build_view(self, seat: int | None) -> dict[str, JSON]:
        totals = self.totals()
        return {
            "players": [
                {
                    "seat": index,
                    "name": name,
                    "hand_size": len(self.hands[index]),
                    "tricks": self.tricks[index],
                    "total": totals[index],
                }
                for index, name in enumerate(self.names)
            ],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "trick": list(self.trick),
            "talon_size": len(self.talon),
        }

    # -- the stored form -----------------------------------------------------------------

    @classmethod
    def state_fields(cls, n_players: int, options: Mapping[str, JSON]) -> dict[str, Check]:
        return {
            "round": integer(1),
            "current": integer(0, 1, nullable=True),
            "hands": list_of(cards(VALUES), 2),
            "talon": cards(VALUES),
            "trick": cards(VALUES),
            "tricks": list_of(integer(0, HAND_SIZE), 2),
            "leads": list_of(integer(0, HAND_SIZE), 2),
            "played": cards(VALUES),
            "finished": boolean,
            "rounds": list_of(
                exactly({"round": integer(1), "scores": _PER_SEAT, "leads": _PER_SEAT})
            ),
        }

    def dump_fields(self) -> dict[str, JSON]:
        return {
            "round": self.round,
            "current": self.current,
            "hands": [list(hand) for hand in self.hands],
            "talon": list(self.talon),
            "trick": list(self.trick),
            "tricks": list(self.tricks),
            "leads": list(self.leads),
            "played": list(self.played),
            "finished": self.finished,
            "rounds": [
                {"round": r["round"], "scores": list(r["scores"]), "leads": list(r["leads"])}
                for r in self.rounds
            ],
        }

    def restore(self, fields: dict[str, JSON]) -> None:
        for key, value in fields.items():
            setattr(self, key, value)

    def check_consistency(self) -> None:
        if self.card_counts() != DECK:
            fail("the zones", "do not hold exactly the 20 cards")
        if self.finished != (self.current is None) or len(self.trick) > 1:
            fail("the turn", "is inconsistent with the trick and the end of the game")

    @classmethod
    def log_entries(cls, n_players: int) -> dict[str, Check]:
        return {
            "deal": entry(
                "deal",
                {
                    "round": integer(1),
                    "hands": list_of(cards(VALUES, HAND_SIZE), 2),
                    "talon": cards(VALUES),
                },
            )
        }

    @classmethod
    def order_of(cls, entry: Entry) -> list[int]:
        return [*entry["hands"][0], *entry["hands"][1], *entry["talon"]]


# ---- its test profile (what the shared tests must know of it: cardtable_engine/testing.py)

SETUPS: list[tuple[int, dict[str, Any]]] = [(2, {}), (2, {"rounds": 5})]
VIEW_SETUPS = SETUPS
VIEW_STEPS: set[str | None] = {"play", None}


def hide(data: dict[str, Any], viewer: int | None, rng: random.Random) -> None:
    piles = [everything(data["talon"]), everything(data["played"])]
    piles += [everything(hand) for seat, hand in enumerate(data["hands"]) if seat != viewer]
    redeal(piles, rng)


# ---- its score sheet ---------------------------------------------------------------------


class HighCardSheet(SheetRules):
    """High card on a score sheet: a round is the tricks each seat took (a tie takes none,
    so they add up to at most HAND_SIZE)."""

    game = "highcard"
    title = INFO.title
    option_names = ("rounds",)
    lower_is_better = False
    round_fields: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "tricks": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": HAND_SIZE},
            "description": "The tricks each seat took, in seat order.",
        }
    }

    def parse_round(
        self, entry: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        self.check_fields(entry, {"tricks"})
        tricks = int_list(entry, "tricks", n_players)
        if min(tricks) < 0 or sum(tricks) > HAND_SIZE:
            raise InvalidRound(f"{HAND_SIZE} tricks are played a round, not {tricks}")
        return {"tricks": tricks}

    def count_round(
        self, entered: Mapping[str, Any], n_players: int, options: Options
    ) -> dict[str, JSON]:
        return {"tricks": list(entered["tricks"]), "scores": list(entered["tricks"])}

    def is_over(self, totals: Sequence[int], rounds: Rounds, options: Options) -> bool:
        return len(rounds) >= int(str(options["rounds"]))

    def winners(self, totals: Sequence[int], rounds: Rounds) -> list[int]:
        return highest_winners(totals)


RULES = GameRules.hosting(HighCardState, sheet=HighCardSheet())
