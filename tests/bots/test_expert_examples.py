"""The expert example bots play whole games locally, through the SDK's local play and
through the arena, and beat the random bot (their win rates against the greedy bot are
README figures from 1,000-game arena runs, not tests)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from cardtable_sdk.arena import Tournament, run_arena


@pytest.mark.parametrize(("game", "extra"), [("skyjo", []), ("skipbo", ["--stock-size", "5"])])
def test_each_expert_plays_a_local_game(examples: Path, game: str, extra: list[str]) -> None:
    expert = importlib.import_module(f"{game}_expert")
    scores = expert.main(["--games", "1", "--seed", "3", *extra])
    assert len(scores) == 1 and scores[0]["finished"]


def test_the_experts_beat_the_random_bot_in_the_arena(examples: Path) -> None:
    for game, options in (("skyjo", {"end_score": 40}), ("skipbo", {"stock_size": 10})):
        spec = str(examples / f"{game}_expert.py")
        result = run_arena(Tournament(game, (spec, "random"), 10, seed=7, options=options))
        expert, _ = result.as_dict()["bots"]
        assert expert["wins"] >= 8, (game, expert)


def test_the_skipbo_rollout_discard_is_legal_repeatable_and_leaves_the_game_alone(
    examples: Path,
) -> None:
    from cardtable_sdk._engine import get_rules

    expert = importlib.import_module("skipbo_expert")
    state, tried = get_rules("skipbo").new_state(["a", "b"], {"stock_size": 10}, 5), 0
    while not state.is_over and tried < 5:
        seat = state.active_seats()[0]
        view, legal = state.view(seat), state.legal_moves(seat)
        discards = [move for move in legal if move["type"] == "discard"]
        if seat == 0 and len(discards) == len(legal) > 1:
            before = state.view(seat)
            choice = expert.rollout_discard(view, discards)
            assert choice in discards and choice == expert.rollout_discard(view, discards)
            assert state.view(seat) == before
            tried += 1
        state.apply(seat, expert.fast_bot(view, legal))
    assert tried == 5
