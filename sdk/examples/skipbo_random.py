"""A Skip-Bo bot that plays any legal move, uniformly at random: the smallest complete bot.

python sdk/examples/skipbo_random.py --url http://localhost:8000   # against a server bot
python sdk/examples/skipbo_random.py                              # in-process, no server
"""

from __future__ import annotations

import argparse
import random

from cardtable_sdk import Cardtable, MoveList, View, play

rng = random.Random()


def bot(view: View, legal_moves: MoveList) -> dict[str, object]:
    return rng.choice(legal_moves)


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="a Cardtable server; without it, play locally")
    parser.add_argument("--opponent", default="random", choices=["random", "greedy"])
    parser.add_argument("--stock-size", type=int, default=None, help="cards per stock")
    parser.add_argument("--seed", type=int, default=None, help="reproducible shuffles")
    args = parser.parse_args(argv)
    rng.seed(args.seed)
    options = {"stock_size": args.stock_size} if args.stock_size else None
    players = ["Random bot", ("Server bot", args.opponent)]
    if args.url:
        with Cardtable(args.url) as table:
            game = table.create_game("skipbo", players, options=options, seed=args.seed)
            score = play(game.seat(0), bot).score
    else:
        from cardtable_sdk.local import play_local

        score = play_local("skipbo", [bot, args.opponent], options=options, seed=args.seed).score
    print(f"totals {score['totals']}, winners {score['winners']} (we are seat 0)")
    return score


if __name__ == "__main__":
    main()
