"""A Skyjo bot that keeps low cards, builds columns of equal cards, and does not end a round
it is not clearly winning. It decides from its view and legal moves only, like any client.
It beats the random bot (9 games in 10); against the greedy bot it loses more than it wins:
for that, see skyjo_expert.py and the trained `cardtable_sdk.policies.skyjo`.

    python sdk/examples/skyjo_smart.py --url http://localhost:8000 --opponent random
    python sdk/examples/skyjo_smart.py --games 20 --opponent random  # in-process
"""

from __future__ import annotations

from typing import Any

from cardtable_sdk import MoveList, View
from cardtable_sdk.series import play_series, series_parser

COLS = 4
MEAN_CARD = 760 / 150  # the deck's mean value: our guess for a face-down card
TAKE_DISCARD_GAIN = 3.0  # take the known discard only when it clearly beats drawing
KEEP_DRAWN_GAIN = 1.5  # keep a drawn card when it improves the grid at least this much


def _value(cell: Any) -> float:
    """Expected points of a cell: its card, the mean for a face-down one, 0 once removed."""
    if cell is None:
        return MEAN_CARD
    return 0.0 if cell == "removed" else float(cell)


def _column(index: int) -> list[int]:
    col = index % COLS
    return [col, col + COLS, col + 2 * COLS]


def gain(grid: list[Any], index: int, card: int) -> float:
    """How many points placing `card` at `index` saves, counting a completed column."""
    others = [grid[i] for i in _column(index) if i != index]
    if all(isinstance(c, int) and c == card for c in others):
        return _value(grid[index]) + 2 * card  # the whole column goes: all three cards
    saved = _value(grid[index]) - card
    if card > 0 and any(c == card for c in others):
        saved += 0.4 * card  # one more of the same would clear the column
    return saved


def finishes_badly(view: View, grid: list[Any], index: int) -> bool:
    """Would filling `index` turn our last face-down card up while we are not clearly
    lowest? (The finisher's score is doubled when someone did as well.)"""
    face_down = [i for i, cell in enumerate(grid) if cell is None]
    if face_down != [index] or view["final_lap"] is not None:
        return False
    mine = sum(_value(c) for i, c in enumerate(grid) if i != index)
    others = [
        sum(_value(c) for c in player["grid"])
        for player in view["players"]
        if player["seat"] != view["seat"]
    ]
    return mine + 5 >= min(others)


def bot(view: View, legal_moves: MoveList) -> dict[str, Any]:
    grid = view["players"][view["seat"]]["grid"]

    def index(move: dict[str, Any]) -> int:
        return int(move["row"]) * COLS + int(move["col"])

    if view["step"] == "reveal":
        # Spread the setup reveals over different columns.
        seen_cols = {i % COLS for i, cell in enumerate(grid) if cell is not None}
        fresh = [m for m in legal_moves if index(m) % COLS not in seen_cols]
        return (fresh or legal_moves)[0]

    def placement(move: dict[str, Any], card: int) -> float:
        i = index(move)
        return gain(grid, i, card) - (20 if finishes_badly(view, grid, i) else 0)

    if view["step"] == "choose":
        top = view["discard_top"]
        takes = [m for m in legal_moves if m["type"] == "take_discard"]
        best = max(takes, key=lambda m: placement(m, top), default=None)
        draw = {"type": "draw"}
        if best is not None and (
            draw not in legal_moves or placement(best, top) >= TAKE_DISCARD_GAIN
        ):
            return best
        return draw

    # place_drawn: keep the card where it helps most, or throw it away and reveal a card.
    card = view["drawn"]["card"]
    replaces = [m for m in legal_moves if m["type"] == "replace"]
    reveals = [m for m in legal_moves if m["type"] == "discard_and_reveal"]
    best_replace = max(replaces, key=lambda m: placement(m, card))
    safe_reveals = [m for m in reveals if not finishes_badly(view, grid, index(m))]
    if placement(best_replace, card) >= KEEP_DRAWN_GAIN or not (safe_reveals or reveals):
        return best_replace
    return (safe_reveals or reveals)[0]


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    args = series_parser(__doc__).parse_args(argv)
    return play_series("skyjo", bot, args)


if __name__ == "__main__":
    main()
