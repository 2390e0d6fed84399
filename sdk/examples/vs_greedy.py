"""Seat an SDK bot against the server's greedy bot and play one game over HTTP.

    python sdk/examples/vs_greedy.py --url http://localhost:8000 --game skipbo

The server plays its seat itself, right after each of our moves; our bot (one that beats
greedy: the trained Skyjo policy shipped in the SDK, or the Skip-Bo expert example) waits
for its turn by long-polling and prints each move.
"""

from __future__ import annotations

import argparse
from typing import Any

import skipbo_expert

from cardtable_sdk import Cardtable, MoveResult, PlayResult, Turn, format_move, play
from cardtable_sdk.policies import skyjo

BOTS = {"skyjo": skyjo.bot, "skipbo": skipbo_expert.bot}


def main(argv: list[str] | None = None) -> PlayResult:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", required=True, help="the Cardtable server")
    parser.add_argument("--game", default="skyjo", choices=sorted(BOTS))
    parser.add_argument("--seed", type=int, default=None, help="reproducible shuffles")
    parser.add_argument("--quiet", action="store_true", help="print the result only")
    args = parser.parse_args(argv)

    def show(turn: Turn, move: Any, result: MoveResult) -> None:
        if not args.quiet:
            replies = ", ".join(format_move(entry["move"]) for entry in result.bot_moves)
            print(
                f"v{turn.view.version}: {format_move(move)}"
                + (f"; greedy: {replies}" if replies else "")
            )

    with Cardtable(args.url) as table:
        game = table.create_game(args.game, ["SDK bot", ("Greedy", "greedy")], seed=args.seed)
        print(game)
        result = play(game.seat(0), BOTS[args.game], on_move=show)
    outcome = "won" if result.won else "lost"
    print(f"{outcome}: totals {result.score['totals']} after {result.moves} moves of ours")
    return result


if __name__ == "__main__":
    main()
