"""A series of games of one bot against a built-in bot, on a server (`--url`) or locally:
what every example's command line does.

    from cardtable_sdk.series import series_parser, play_series
    args = series_parser(__doc__).parse_args()
    play_series("skyjo", bot, args)

The server seats its `random` or `greedy` bot; locally the engine plays it (the `local`
extra). It prints "won W of N games against the greedy bot" and returns the scores.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from cardtable_sdk.client import Cardtable
from cardtable_sdk.runner import Bot, play

__all__ = ["play_series", "series_parser"]


def series_parser(description: str | None, *, stock_size: bool = False) -> argparse.ArgumentParser:
    """`--url`, `--opponent`, `--games`, `--seed` (and `--stock-size` for Skip-Bo)."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="a Cardtable server; without it, play locally")
    parser.add_argument("--opponent", default="greedy", choices=["random", "greedy"])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=None, help="reproducible shuffles")
    if stock_size:
        parser.add_argument("--stock-size", type=int, default=None, help="cards per stock")
    return parser


def play_series(
    game: str, bot: Bot, args: argparse.Namespace, *, name: str = "SDK bot"
) -> list[dict[str, Any]]:
    """Play `args.games` games of `bot` (seat 0) against `args.opponent`; their scores."""
    stock = getattr(args, "stock_size", None)
    options: Mapping[str, Any] | None = {"stock_size": stock} if stock else None
    scores = []
    for number in range(args.games):
        seed = None if args.seed is None else args.seed + number
        if args.url:
            with Cardtable(args.url) as table:
                players: list[str | tuple[str, str | None]] = [
                    name,
                    ("Server bot", args.opponent),
                ]
                created = table.create_game(game, players, options=options, seed=seed)
                score = play(created.seat(0), bot).score
        else:
            from cardtable_sdk.local import play_local

            score = play_local(game, [bot, args.opponent], options=options, seed=seed).score
        scores.append(score)
    wins = sum(0 in score["winners"] for score in scores)
    print(f"won {wins} of {len(scores)} games against the {args.opponent} bot")
    return scores
