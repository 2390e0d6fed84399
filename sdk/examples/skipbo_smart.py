"""A Skip-Bo bot that plays its stock whenever it can, builds towards its stock top, keeps
its SKIP-BO cards for when they free the stock, and discards so that its piles stay
playable. It decides from its view and legal moves only, like any client. It beats the
random bot; against the greedy bot it loses more than it wins (see skipbo_expert.py).

    python sdk/examples/skipbo_smart.py --url http://localhost:8000 --opponent random
    python sdk/examples/skipbo_smart.py --games 20 --opponent random  # in-process
"""

from __future__ import annotations

from typing import Any

from cardtable_sdk import MoveList, View
from cardtable_sdk.series import play_series, series_parser

WILD = 0  # the SKIP-BO card: it fits any building pile


def _card_of(view: View, move: dict[str, Any]) -> int:
    """The card a play move would put on a building pile."""
    owner = move.get("owner", view["seat"])
    player = view["players"][owner]
    if move["source"] == "hand":
        return int(move["card"])
    if move["source"] == "stock":
        return int(player["stock_top"])
    return int(player["discard_piles"][move["pile"]][-1])


def _steps_to(needed: int, target: int) -> int:
    """Cards to play on a pile that needs `needed` before it needs `target`."""
    return target - needed if target >= needed else 99


def bot(view: View, legal_moves: MoveList) -> dict[str, Any]:
    me = view["players"][view["seat"]]
    stock = me["stock_top"]
    nexts = [pile["next"] for pile in view["building_piles"]]
    rivals = {
        p["stock_top"]
        for p in view["players"]
        if p["seat"] not in (view["seat"], me.get("partner")) and p["stock_top"] is not None
    }
    plays = [m for m in legal_moves if m["type"] == "play"]
    ends = [m for m in legal_moves if m["type"] != "play"]

    # 1. The stock first: emptying it wins the round.
    for move in plays:
        if move["source"] == "stock":
            return move

    def score(move: dict[str, Any]) -> float:
        card = _card_of(view, move)
        target = move["target"]
        value = 0.0
        # Building towards our stock top is what matters most.
        if stock is not None and stock != WILD:
            before = _steps_to(nexts[target], stock)
            after = _steps_to(nexts[target] + 1, stock)
            if after < before:
                value += 10 - after
        # A discard-pile top played frees the card below it; hand cards are replaced next turn.
        value += 2 if move["source"] == "discard" else 1
        # Don't open a pile for an opponent's stock top.
        if nexts[target] + 1 in rivals:
            value -= 8
        # Keep SKIP-BO cards for when they bridge to the stock.
        if card == WILD:
            value -= 6
        return value

    if plays:
        best = max(plays, key=score)
        if score(best) > 0 or not ends:
            return best

    passes = [m for m in ends if m["type"] == "pass"]
    if passes:
        return passes[0]

    # 2. End the turn with a discard: a high, non-wild card, on a pile where it stacks
    #    (same value, or one below the top), else on an empty pile, else on the highest top.
    piles = me["discard_piles"]

    def discard_rank(move: dict[str, Any]) -> tuple[int, int, int]:
        card, pile = move["card"], piles[move["pile"]]
        top = pile[-1] if pile else None
        if top is not None and (top == card or top == card + 1):
            fit = 3
        elif top is None:
            fit = 2
        else:
            fit = 1 if top > card else 0
        return (card != WILD, fit, card)

    return max(ends, key=discard_rank)


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    args = series_parser(__doc__, stock_size=True).parse_args(argv)
    return play_series("skipbo", bot, args)


if __name__ == "__main__":
    main()
