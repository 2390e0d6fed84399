"""The score sheets' worked examples from the rule books (rules/skyjo.md, rules/skipbo.md),
as one table of cases that both layers play: the service (tests/services) and the HTTP API
(tests/api), so an example is written once and a layer cannot drift from the other."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def skyjo(totals: list[int], finisher: int | None) -> dict[str, Any]:
    """A Skyjo round as entered: each seat's card total and who ended the round."""
    return {"card_totals": totals, "finisher": finisher}


def skipbo(winner: int | None, stocks: list[int] | None = None) -> dict[str, Any]:
    """A Skip-Bo round as entered: who won (None: drawn) and the stock cards left, if known."""
    body: dict[str, Any] = {"winner": winner}
    if stocks is not None:
        body["stocks_left"] = stocks
    return body


DOUBLING = [
    # (card totals, finisher, scores, doubled): the finisher's total doubles unless it is
    # strictly the lowest, and a total of zero or less never doubles
    ([12, 8, 12], 0, [24, 8, 12], True),  # a tie is not "strictly lowest"
    ([-3, -5, 4], 0, [-3, -5, 4], False),  # negative: never doubled
    ([-3, 5, 4], 0, [-3, 5, 4], False),
    ([10, 24, 10], 0, [20, 24, 10], True),
    ([0, -2, 7], 0, [0, -2, 7], False),  # zero: never doubled
    ([5, 8, 12], 0, [5, 8, 12], False),  # strictly lowest: kept
    ([9, 3, 9], 2, [9, 3, 18], True),  # any seat may finish
]


@dataclass(frozen=True)
class SheetCase:
    """A sheet of `players` seats for `game` with `options`, the rounds entered, and what
    it then says: each round's scores, the totals, whether the game is over, who won."""

    name: str
    game: str
    players: int
    rounds: list[dict[str, Any]]
    scores: list[list[int]]
    totals: list[int]
    finished: bool
    winners: list[int]
    options: dict[str, Any] = field(default_factory=dict)
    doubled: list[bool] | None = None
    """Skyjo: whether each round doubled its finisher's total (None: not checked)."""

    def check(self, sheet: dict[str, Any]) -> None:
        """Fails unless `sheet` (the sheet as read, after every round of the case was
        entered) says what the rule book does."""
        rounds = sheet["rounds"]
        entered = [
            {key: r[key] for key in entry} for r, entry in zip(rounds, self.rounds, strict=True)
        ]
        assert (entered, [r["scores"] for r in rounds]) == (self.rounds, self.scores)
        if self.doubled is not None:
            assert [r["finisher_doubled"] for r in rounds] == self.doubled
        assert (sheet["totals"], sheet["finished"], sheet["winners"]) == (
            self.totals,
            self.finished,
            self.winners,
        )


EXAMPLES = [
    SheetCase(
        "skyjo 90 then 10 ends the game at 100",
        "skyjo",
        3,
        [skyjo([90, 30, 50], 1), skyjo([10, 2, 20], 1)],
        [[90, 30, 50], [10, 2, 20]],
        [100, 32, 70],
        True,
        [1],
    ),
    SheetCase(
        "skyjo 99 is not over", "skyjo", 2, [skyjo([99, 0], 1)], [[99, 0]], [99, 0], False, []
    ),
    SheetCase(
        "skipbo opponents with 7, 4 and 2 cards left give 90",
        "skipbo",
        4,
        [skipbo(2, [7, 4, 0, 2])],
        [[0, 0, 90, 0]],
        [0, 0, 90, 0],
        True,  # no target: one round decides the game
        [2],
    ),
    SheetCase(
        "skyjo to 50",
        "skyjo",
        2,
        [skyjo([30, 20], 1), skyjo([15, 29], None), skyjo([10, 0], 1)],
        [[30, 20], [15, 29], [10, 0]],
        [55, 49],
        True,
        [1],
        {"end_score": 50},
    ),
    SheetCase(
        "skyjo one round game with a shared win",
        "skyjo",
        3,
        [skyjo([4, 4, 9], 2)],
        [[4, 4, 18]],
        [4, 4, 18],
        True,
        [0, 1],
        {"max_rounds": 1},
    ),
    SheetCase(
        "skyjo without the finisher's penalty",
        "skyjo",
        3,
        [skyjo([12, 8, 12], 0)],
        [[12, 8, 12]],
        [12, 8, 12],
        False,
        [],
        {"finisher_penalty": False},
    ),
    *(
        SheetCase(
            f"skyjo {totals} finished by seat {finisher}",
            "skyjo",
            3,
            [skyjo(totals, finisher)],
            [scores],
            scores,
            False,
            [],
            doubled=[doubled],
        )
        for totals, finisher, scores, doubled in DOUBLING
    ),
]
