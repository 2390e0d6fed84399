"""Skip-Bo's strongest hosted bot, `expert`: it plans its whole turn and, when it must
discard, tries its best discards by rollouts on guesses of the hidden cards.

- It plays its stock top whenever it can;
- otherwise it searches every order of builds from its hand and discard piles (a turn is
  deterministic until the hand runs out and five new cards are drawn) for the one that
  brings its stock top into play, else for the one that ends the turn with the fewest
  cards in hand and the building piles furthest from the rival's stock top (under the
  `"english"` stop rule it may also stop building early);
- when nothing can be built, it chooses its discard by rollouts: the four best by a
  scoring rule are each tried on the same four guesses of the hidden cards
  (`sample_state`), the rival's turn and ours played out (the rival greedy, ours by
  `fast_bot`, this bot without rollouts), and the one that leaves our stock and hand
  smallest against the rival's stock wins.

The SDK's `sdk/examples/skipbo_expert.py` is the same bot written against the SDK's view
adapters; this one reads the view dict directly, as the engine's bots must. Strength and
protocol: docs/bots.md (`bench/ladder.py`)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardtable_engine.base import GameState
from cardtable_engine.games.skipbo.bots import greedy_bot as greedy
from cardtable_engine.search import clone, sample_state

View = Mapping[str, Any]


def _seat(view: View) -> int:
    return int(view["seat"])


def _version(view: View) -> int:
    return int(view["version"])


def _players(view: View) -> int:
    return len(view["players"])


def _acting_step(view: View) -> str | None:
    step: str | None = view["step"]
    return step


def _hand(view: View) -> list[int]:
    return list(view["hand"] or [])


def _hand_size(view: View, who: int) -> int:
    return int(view["players"][who]["hand_size"])


def _stock_top(view: View, who: int) -> int | None:
    top: int | None = view["players"][who]["stock_top"]
    return top


def _stock_size(view: View, who: int) -> int:
    return int(view["players"][who]["stock_size"])


def _discard_piles(view: View, who: int) -> list[list[int]]:
    piles: list[list[int]] = view["players"][who]["discard_piles"]
    return piles


def _partner(view: View, who: int) -> int | None:
    mate: int | None = view["players"][who]["partner"]
    return mate


def _building_next(view: View) -> list[int]:
    return [int(pile["next"]) for pile in view["building_piles"]]


SKIPBO, TOP = 0, 12
STOCK_PLAYED = 100.0
"""A line of builds that makes the stock top playable: worth most."""
KEPT_SKIPBO, KEPT_CARD = 3.0, 0.5
"""What a SKIP-BO or another card still in hand adds once the stock top is playable."""
RIVAL_REACH = (30.0, 18.0, 10.5, 6.0)
"""The cost of a pile the rival could bring to its stock top with 0, 1, 2, 3 cards from its
hand (after its discard tops)."""

HAND_LEFT = 6.0
"""The cost of each card still in hand when the turn ends."""


Piles = tuple[tuple[int, ...], ...]
Step = tuple[str, int | None, int]
"""A build as the plan sees it: (source, hand card or discard pile, value the pile needs)."""
Position = tuple[tuple[int, ...], tuple[int, ...], Piles]
"""(what each building pile needs next, sorted; my hand, sorted; my discard piles)."""


def bot(
    view: Mapping[str, Any], legal_moves: Sequence[Any], rng: random.Random | None = None
) -> Any:
    return play(view, list(legal_moves), rng, rollout_discard)


def fast_bot(
    view: Mapping[str, Any], legal_moves: Sequence[Any], rng: random.Random | None = None
) -> Any:
    """The bot without rollouts: the policy its rollouts play."""
    return play(view, list(legal_moves), rng, choose_discard)


def play(view: Mapping[str, Any], legal: list[Any], rng: random.Random | None, discard: Any) -> Any:
    rng = rng or random.Random(_version(view))
    me = _seat(view)
    if len(legal) == 1 or _partner(view, me) is not None:
        return legal[0] if len(legal) == 1 else greedy(dict(view), legal, rng)
    plays = [move for move in legal if move["type"] == "play"]
    if not plays:
        discards = [move for move in legal if move["type"] == "discard"]
        return discard(view, discards) if discards else greedy(dict(view), legal, rng)
    stock = [move for move in plays if move["source"] == "stock"]
    if stock and _stock_top(view, me) != SKIPBO:
        return stock[0]
    step = TurnPlan(view).best_step()
    return greedy(dict(view), legal, rng) if step is None else move_of(step, plays, view)


def move_of(step: Step, plays: list[Any], view: Mapping[str, Any]) -> Any:
    """The legal move that makes `step` (onto any pile that needs that value)."""
    source, key, need = step
    nexts = _building_next(view)
    for move in plays:
        same_source = source == "stock" or key == move.get("card", move.get("pile"))
        if move["source"] == source and nexts[move["target"]] == need and same_source:
            return move
    raise ValueError(f"no legal move makes {step}")


class TurnPlan:
    """A search over the orders of this turn's builds, from one view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        me = _seat(view)
        self.view = view
        self.stock = _stock_top(view, me)
        self.may_stop = _acting_step(view) != "build"
        self.rivals = [
            (top, [pile[-1] for pile in _discard_piles(view, who) if pile])
            for who in range(_players(view))
            if who != me and (top := _stock_top(view, who)) not in (None, SKIPBO)
        ]
        self.memo: dict[Position, tuple[float, Step | None]] = {}

    def best_step(self) -> Step | None:
        me = _seat(self.view)
        start = (
            tuple(sorted(_building_next(self.view))),
            tuple(sorted(_hand(self.view))),
            tuple(tuple(pile) for pile in _discard_piles(self.view, me)),
        )
        return self.search(start)[1]

    def search(self, position: Position) -> tuple[float, Step | None]:
        """The best value reachable from `position` and the first build towards it (None:
        end the turn, when that is allowed or nothing can be built)."""
        if position in self.memo:
            return self.memo[position]
        self.memo[position] = (float("-inf"), None)  # no line goes through itself
        best: tuple[float, Step | None] = (float("-inf"), None)
        for step, after in self.steps(position):
            value = self.value_after(position, after)
            if value > best[0]:
                best = (value, step)
        if best[1] is None or self.may_stop:
            best = max(best, (self.turn_end(position), None), key=lambda pair: pair[0])
        self.memo[position] = best
        return best

    def value_after(self, position: Position, after: Position | None) -> float:
        if after is None:  # the stock top can go next
            hand = position[1]
            return STOCK_PLAYED + KEPT_SKIPBO * hand.count(SKIPBO) + KEPT_CARD * len(hand)
        return self.search(after)[0]

    def steps(self, position: Position) -> Iterator[tuple[Step, Position | None]]:
        """Each distinct build and the position after it (None when it is the stock's)."""
        nexts, hand, piles = position
        for need in sorted(set(nexts)):
            if self.stock in (need, SKIPBO):
                yield ("stock", None, need), None
                continue
            raised = _raise(nexts, need)
            for card in sorted(set(hand)):
                if card in (need, SKIPBO):
                    rest = list(hand)
                    rest.remove(card)
                    yield ("hand", card, need), (raised, tuple(rest), piles)
            for index, pile in enumerate(piles):
                if pile and pile[-1] in (need, SKIPBO):
                    left = (*piles[:index], pile[:-1], *piles[index + 1 :])
                    yield ("discard", index, need), (raised, hand, left)

    def turn_end(self, position: Position) -> float:
        """How the turn leaves things: minus what the building piles offer the rivals' stock
        tops, minus the cards left in hand (each one a card fewer drawn next turn)."""
        nexts, hand, _ = position
        value = -HAND_LEFT * len(hand)
        for top, tops in self.rivals:
            reach = min(rival_reach(top, need, tops) for need in nexts)
            if reach < len(RIVAL_REACH):
                value -= RIVAL_REACH[reach]
        return value


def _raise(nexts: tuple[int, ...], need: int) -> tuple[int, ...]:
    """The piles' needs after a card goes on one that needs `need` (a 12 closes it)."""
    raised = list(nexts)
    raised[raised.index(need)] = 1 if need == TOP else need + 1
    return tuple(sorted(raised))


def rival_reach(top: int, need: int, discard_tops: list[int]) -> int:
    """How many cards from its hand a rival needs to bring a pile that needs `need` up to its
    stock top `top`, after playing what its discard tops give (99: not this pile)."""
    tops = list(discard_tops)
    while need != top and need in tops:
        tops.remove(need)
        need = 1 if need == TOP else need + 1
    return top - need if top >= need else 99


# -- the discard ---------------------------------------------------------------------------

EMPTY_PILE, SAME_VALUE, ONE_BELOW, LOWER, PER_GAP, HIGHER = 4.5, 4.0, 5.0, 1.0, 0.3, 3.0
"""How well a card sits on a pile: alone, on its own value, just below the top, lower by a
larger gap (less PER_GAP each), or over a lower card (a cost)."""
PER_DEAD_STEP, NEAR_STOCK, HIGH_CARD = 0.6, 1.0, 1.0


SAMPLES, CANDIDATES = 4, 4
"""Rollouts per discard candidate, and how many of the best-scored discards are tried."""
STOCK_WORTH, HAND_WORTH, WON = 10.0, 1.0, 1000.0


def rollout_discard(
    view: Mapping[str, Any],
    discards: list[Any],
    samples: int = SAMPLES,
    candidates: int = CANDIDATES,
) -> Any:
    """The discard whose rollouts (the rival's turn, then ours, both sides played by the
    fast policies, on the same guesses of the hidden cards) leave us furthest ahead."""
    ranked = ranked_discards(view, discards)[:candidates]
    if len(ranked) == 1:
        return ranked[0]
    rng = random.Random(_version(view))
    guesses = [sample_state("skipbo", view, rng) for _ in range(samples)]
    me = _seat(view)

    def outcome(move: Any) -> float:
        return sum(rollout(clone(guess), me, move) for guess in guesses)

    return max(ranked, key=outcome)


def rollout(state: GameState, me: int, discard: Any) -> float:
    """Our stock and hand progress minus the rival's, from `discard` to the end of our next
    turn."""
    before = state.view(me)
    state.apply(me, dict(discard))  # apply may not keep the legal move as it is
    rng = random.Random(0)
    turns = 0
    while not state.is_over:
        seat = state.active_seats()[0]
        view = state.view(seat)
        legal = state.legal_moves(seat)
        move = fast_bot(view, legal, rng) if seat == me else greedy(dict(view), legal, rng)
        state.apply(seat, move)
        if move["type"] in ("discard", "pass"):  # a turn ends
            turns += 1
            if turns == 2:
                break
    if state.is_over:
        return WON if me in state.winners() else -WON
    after = state.view(me)
    value = 0.0
    for who in range(_players(view)):
        gained = STOCK_WORTH * (_stock_size(before, who) - _stock_size(after, who))
        value += gained if who == me else -gained
    return value - HAND_WORTH * _hand_size(after, me)


def ranked_discards(view: Mapping[str, Any], discards: list[Any]) -> list[Any]:
    """Distinct discards, best first by the scoring rule."""
    me = _seat(view)
    piles = _discard_piles(view, me)
    nexts = _building_next(view)
    stock = _stock_top(view, me)

    def value(move: Any) -> tuple[bool, float]:
        card: int = move["card"]
        fit = pile_fit(card, piles[move["pile"]])
        # Cards far from any pile's next value are the ones to part with.
        dead = min((card - need) % TOP for need in nexts)
        near_stock = stock not in (None, SKIPBO) and 0 < stock - card <= 3
        spare = PER_DEAD_STEP * dead - NEAR_STOCK * near_stock + HIGH_CARD * card / TOP
        return card != SKIPBO, fit + spare

    distinct = {(move["card"], move["pile"]): move for move in discards}
    return sorted(distinct.values(), key=value, reverse=True)


def choose_discard(view: Mapping[str, Any], discards: list[Any]) -> Any:
    return ranked_discards(view, discards)[0]


def pile_fit(card: int, pile: list[int]) -> float:
    if not pile:
        return EMPTY_PILE
    top = pile[-1]
    if top == card:
        return SAME_VALUE
    if top == card + 1:
        return ONE_BELOW
    if top > card:
        return LOWER - PER_GAP * (top - card)
    return -HIGHER


def expert_bot(view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
    """The hosted bot: the expert with its discard rollouts."""
    return bot(view, legal, rng)
