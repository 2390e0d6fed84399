"""The order of `legal_moves` as the release before stored it: that release stored a move
as its index in that list (see cardtable.documents.movelog), and this release still reads such logs
(schema 4 documents, and those written with CARDTABLE_WRITE_SCHEMA 4 during a rolling
update), so the order is pinned here for a few fixed positions per game. This release
stores moves by content (tests/services/test_move_log_form.py pins that form): a game added
now needs no pins, and once no log of the old form is left this test can go.

Regenerate the pins only for an intended change that comes with a migration:
`python tests/engine/test_legal_move_order.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable_engine.registry import GAMES
from tests.support.positions import played

PINS = Path(__file__).parent / "data" / "legal_move_order.json"
POSITIONS = [(2, 11, 0), (2, 11, 9), (3, 12, 25), (4, 13, 61)]
"""(players, seed, random moves played first, chosen by `random.Random(seed)`)."""


def _orders(game: str, players: int, seed: int, moves: int) -> dict[str, Any]:
    state = played(game, players, seed, moves)
    return {
        "position": [players, seed, moves],
        "legal_moves": {str(seat): state.legal_moves(seat) for seat in range(players)},
    }


def _all_orders() -> dict[str, list[dict[str, Any]]]:
    return {game: [_orders(game, *position) for position in POSITIONS] for game in sorted(GAMES)}


@pytest.mark.parametrize("game", ["skipbo", "skyjo"])
def test_the_order_of_legal_moves_is_pinned(game: str) -> None:
    pinned = json.loads(PINS.read_text())
    for expected in pinned[game]:
        found = _orders(game, *expected["position"])
        assert found == expected, (
            f"{game} at {expected['position']}: the order of legal_moves changed, and with "
            "it the meaning of every stored game's log (see cardtable.documents.movelog)"
        )


def test_the_pinned_positions_offer_moves_to_choose_from() -> None:
    """The pins are worth something: each game has positions with several legal moves."""
    pinned = json.loads(PINS.read_text())
    for game in pinned:
        longest = max(len(m) for p in pinned[game] for m in p["legal_moves"].values())
        assert longest >= 3, game


if __name__ == "__main__":
    PINS.write_text(json.dumps(_all_orders(), indent=1, sort_keys=True) + "\n")
