"""Skip-Bo bots. Each decides from the seat's view and legal moves only.

`random` picks a legal move uniformly. `greedy` plays the stock whenever it can, then looks
for a run of builds (plain cards first, SKIP-BOs only when needed) that makes the stock top
playable, then builds freely where that does not open a pile for an opponent's stock top,
and discards where the card stacks best (same value or one below) and keeps SKIP-BOs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable_engine.errors import Move
from cardtable_engine.games.skipbo.cards import SKIPBO, TOP_VALUE


def random_bot(view: dict[str, Any], moves: list[Move], rng: random.Random) -> Move:
    return rng.choice(moves)


def greedy_bot(view: dict[str, Any], moves: list[Move], rng: random.Random) -> Move:
    if len(moves) == 1:
        return moves[0]
    board = _Board(view)
    plays = [move for move in moves if move["type"] == "play"]
    ends = [move for move in moves if move["type"] != "play"]
    if plays:
        choice = board.choose_play(plays, may_stop=bool(ends))
        if choice is not None:
            return choice
    if not ends:
        # The french stop rule forces a build: pick the least harmful one.
        return min(plays, key=board.harm)
    passes = [move for move in ends if move["type"] == "pass"]
    if passes:
        return passes[0]
    return board.choose_discard(ends, rng)


class _Board:
    """The parts of a view the greedy bot reasons about."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me: int = view["seat"]
        players = view["players"]
        self.mate: int | None = players[self.me]["partner"]
        self.hand: list[int] = list(view["hand"])
        self.reached = [pile["reached"] for pile in view["building_piles"]]
        self.stock_tops = {p["seat"]: p["stock_top"] for p in players}
        self.discards = {p["seat"]: p["discard_piles"] for p in players}
        own = {self.me} if self.mate is None else {self.me, self.mate}
        self.rival_tops = {
            top for seat, top in self.stock_tops.items() if seat not in own and top is not None
        }

    # -- builds --------------------------------------------------------------------------

    def card_of(self, move: Move) -> int:
        owner = move.get("owner", self.me)
        if move["source"] == "hand":
            card: int = move["card"]
            return card
        if move["source"] == "stock":
            top: int = self.stock_tops[owner]
            return top
        pile: list[int] = self.discards[owner][move["pile"]]
        return pile[-1]

    def opens_for_rival(self, target: int) -> bool:
        """Would one more card on `target` leave it needing a rival's stock top?"""
        after = self.reached[target] + 1
        needed = 1 if after == TOP_VALUE else after + 1
        return needed in self.rival_tops

    def harm(self, move: Move) -> tuple[int, int, int]:
        card = self.card_of(move)
        return (card == SKIPBO, self.opens_for_rival(move["target"]), -self.reached[move["target"]])

    def choose_play(self, plays: list[Move], may_stop: bool) -> Move | None:
        owners = [self.me] if self.mate is None else [self.me, self.mate]
        for owner in owners:
            stock = [
                m for m in plays if m["source"] == "stock" and m.get("owner", self.me) == owner
            ]
            if stock:
                return min(stock, key=self.harm)
        for owner in owners:
            top = self.stock_tops[owner]
            if top is not None and top != SKIPBO:
                step = self.plan_towards(top, plays)
                if step is not None:
                    return step
        free = [m for m in plays if self.card_of(m) != SKIPBO]
        safe = [m for m in free if not self.opens_for_rival(m["target"])]
        if safe:
            # Emptying the hand draws five new cards, so hand cards go first.
            return min(safe, key=lambda m: (m["source"] != "hand", -self.reached[m["target"]]))
        if may_stop:
            return None
        return min(plays, key=self.harm)

    def plan_towards(self, goal: int, plays: list[Move]) -> Move | None:
        """First build of the cheapest run (fewest SKIP-BOs, then fewest cards) that brings
        a building pile to `goal - 1`, so the stock top `goal` can follow."""
        best: tuple[tuple[int, int], Move] | None = None
        for target, reached in enumerate(self.reached):
            if reached >= goal - 1:
                continue
            run = self._run(target, range(reached + 1, goal))
            if run is None:
                continue
            cost, first = run
            if first in plays and (best is None or cost < best[0]):
                best = (cost, first)
        return None if best is None else best[1]

    def _run(self, target: int, values: Sequence[int]) -> tuple[tuple[int, int], Move] | None:
        hand = Counter(self.hand)
        piles = {
            (owner, index): list(pile)
            for owner, owned in self.discards.items()
            if owner in (self.me, self.mate)
            for index, pile in enumerate(owned)
        }
        wilds = 0
        first: Move | None = None
        for value in values:
            move: Move | None = None
            if hand[value]:
                hand[value] -= 1
                move = {"type": "play", "source": "hand", "card": value}
            else:
                for key, pile in piles.items():
                    if pile and pile[-1] == value:
                        pile.pop()
                        move = self._discard_play(key)
                        break
            if move is None:
                for key, pile in piles.items():
                    if pile and pile[-1] == SKIPBO:
                        pile.pop()
                        move = self._discard_play(key)
                        break
                else:
                    if hand[SKIPBO]:
                        hand[SKIPBO] -= 1
                        move = {"type": "play", "source": "hand", "card": SKIPBO}
                if move is None:
                    return None
                wilds += 1
            if first is None:
                first = {**move, "target": target}
        if first is None:
            return None
        return (wilds, len(values)), first

    def _discard_play(self, key: tuple[int, int]) -> Move:
        owner, index = key
        move: Move = {"type": "play", "source": "discard", "pile": index}
        if owner != self.me:
            move["owner"] = owner
        return move

    # -- ending the turn -------------------------------------------------------------------

    def choose_discard(self, discards: list[Move], rng: random.Random) -> Move:
        own_piles = self.discards[self.me]
        stock_top = self.stock_tops[self.me]

        def value(move: Move) -> float:
            card: int = move["card"]
            pile = own_piles[move["pile"]]
            score = 0.0
            if card == SKIPBO:
                score -= 20
            if not pile:
                score += 2
            elif pile[-1] == card:
                score += 4
            elif pile[-1] == card + 1:
                score += 3
            elif pile[-1] > card:
                score += 1
            else:
                score -= 2
            if stock_top not in (None, SKIPBO) and 0 < stock_top - card <= 3:
                score -= 1  # keep cards that lead up to the stock top
            return score + card / TOP_VALUE

        best = max(value(move) for move in discards)
        return rng.choice([move for move in discards if value(move) == best])


BOTS = {"random": random_bot, "greedy": greedy_bot}
