"""A Skip-Bo bot that plays the server's greedy bot with look-ahead over the hidden cards.

It builds as the greedy bot does (stock first, then runs towards its stock top), but two
choices are made by determinized look-ahead: whether to make a build it could skip (or
end its turn at once), and which card to discard (the greedy bot's discard, and the best
pile for each other card in hand). For each option it deals the hidden cards (the rival's
hand, the stocks below their tops, the draw pile) at random a few times, consistent with
its view (`cardtable_sdk.search.sample_state`), lets the greedy bot play the rest of its
turn, the rival's and its own next turn on each deal, and keeps the option that leaves
the stock race best (its stock cards played minus the rival's; a round won or lost
within the look-ahead counts most).

    cardtable-arena skipbo sdk/examples/skipbo_expert.py greedy --games 1000 --workers 2
    python sdk/examples/skipbo_expert.py --games 20                  # in-process
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable_sdk.adapters import skipbo as seen
from cardtable_sdk.search import GameState, clone, engine_bot, sample_state

DEALS = 6  # hidden-card deals per decision
ROUND_DECIDED = 100.0  # a round won (or lost) within the look-ahead, in stock cards

greedy = engine_bot("skipbo", "greedy")


def bot(
    view: Mapping[str, Any], legal_moves: Sequence[Any], rng: random.Random | None = None
) -> Any:
    legal = list(legal_moves)
    rng = rng or random.Random(seen.version(view))
    choice = greedy(view, legal, rng)
    discards = [move for move in legal if move["type"] == "discard"]
    if choice["type"] == "play" and choice["source"] != "stock" and discards:
        # A build the greedy bot would make though it may stop: is it worth more than
        # ending the turn now, or does it serve the rival?
        return look_ahead(view, [choice, greedy(view, discards, rng)], rng)
    if choice["type"] != "discard" or len(discards) == 1:
        return choice
    candidates = [choice]
    for card in sorted({move["card"] for move in discards} - {choice["card"]}):
        # The pile the greedy bot would put this card on, were it the only one to discard.
        candidates.append(greedy(view, [m for m in discards if m["card"] == card], rng))
    return look_ahead(view, candidates, rng)


def look_ahead(view: Mapping[str, Any], candidates: list[Any], rng: random.Random) -> Any:
    """The candidate with the best total outcome over the same few deals (the first one,
    the greedy bot's own choice, wins ties)."""
    deals = [(sample_state("skipbo", view, rng), rng.random()) for _ in range(DEALS)]
    seat = seen.seat(view)
    scores = [
        sum(outcome(clone(state), seat, move, seed) for state, seed in deals) for move in candidates
    ]
    return candidates[scores.index(max(scores))]


def outcome(state: GameState, seat: int, move: Any, seed: float) -> float:
    """Apply `move`, let the greedy bot play on until our next turn is over (the rest of
    ours, the rival's, then ours again), and score the stock race from `seat`'s side."""
    rng = random.Random(seed)
    before = stock_sizes(state)
    round_number = state.round
    state.apply(seat, move)
    left = back = False  # has our turn ended; has our next turn begun?
    while not state.is_over and state.round == round_number:
        current = state.current
        if current != seat:
            if back:
                break  # our next turn is over
            left = True
        elif left:
            back = True
        assert current is not None
        legal = state.legal_moves(current)
        state.apply(
            current, legal[0] if len(legal) == 1 else greedy(state.view(current), legal, rng)
        )
    if state.is_over or state.round != round_number:
        won = state.score()["rounds"][-1]["winner"] == seat
        return ROUND_DECIDED if won else -ROUND_DECIDED
    after = stock_sizes(state)
    played = [b - a for b, a in zip(before, after, strict=True)]
    return played[seat] - max(n for other, n in enumerate(played) if other != seat)


def stock_sizes(state: GameState) -> list[int]:
    view = state.view(None)
    return [seen.stock_size(view, who) for who in range(seen.players(view))]


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    from cardtable_sdk.local import play_local

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--opponent", default="greedy", choices=["random", "greedy"])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--stock-size", type=int, default=None)
    args = parser.parse_args(argv)
    options = {} if args.stock_size is None else {"stock_size": args.stock_size}
    scores = [
        play_local("skipbo", [bot, args.opponent], options=options, seed=args.seed + n).score
        for n in range(args.games)
    ]
    wins = sum(0 in score["winners"] for score in scores)
    print(f"won {wins} of {len(scores)} games against the {args.opponent} bot")
    return scores


if __name__ == "__main__":
    main()
