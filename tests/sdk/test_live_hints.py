"""Hints and reviews through the SDK against a real server (gunicorn + Redis)."""

from __future__ import annotations

import random

import pytest

from cardtable_sdk import Cardtable, play
from cardtable_sdk.errors import GameNotOver, HintsUnavailable, NotYourTurn


def test_a_seat_asks_for_hints_then_reads_the_review(table: Cardtable) -> None:
    created = table.create_game(
        "skyjo", ["SDK", ("Server", "greedy")], options={"max_rounds": 1}, seed=8
    )
    seat = created.seat(0)
    answer = seat.hints()
    legal = seat.legal_moves()
    assert answer["seat"] == 0 and answer["version"] == legal.version
    assert len(answer["moves"]) == len(legal) and answer["moves"][0]["best"]
    with pytest.raises(GameNotOver):
        seat.review()
    rng = random.Random(3)
    play(seat, lambda view, moves: rng.choice(moves))
    with pytest.raises(NotYourTurn):
        seat.hints()  # the game is over: no move to hint
    review = seat.review()
    assert [entry["seat"] for entry in review["seats"]] == [0, 1]
    assert review["seats"][0]["mistakes"]


def test_hints_are_refused_at_a_timed_table(table: Cardtable) -> None:
    created = table.create_game("skyjo", ["A", "B"], seed=8, turn_seconds=60)
    with pytest.raises(HintsUnavailable):
        created.seat(0).hints()
