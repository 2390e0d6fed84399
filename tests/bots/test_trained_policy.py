"""The trained Skyjo policy shipped in the package: its weights load with numpy alone, it
plays legal moves from a view, it beats the greedy bot in the arena, and the training
recipe runs (a short smoke run of `python -m cardtable_sdk.train`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np

from cardtable_sdk.arena import Tournament, run_arena
from cardtable_sdk.policies import skyjo

POLICY = "cardtable_sdk.policies.skyjo:bot"


def test_the_shipped_weights_load_with_numpy_only_and_name_their_features() -> None:
    code = (
        "import sys; from cardtable_sdk.policies import skyjo; w = skyjo.shipped_weights();"
        " assert len(w) == len(skyjo.FEATURES);"
        " assert not any(m in sys.modules for m in ('torch', 'gymnasium', 'pettingzoo'))"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    assert any(w != 0 for w in skyjo.shipped_weights())


def test_the_shipped_policy_beats_greedy_in_the_arena() -> None:
    """A fixed 200-game duplicate tournament (every deal from both seats): deterministic,
    so this is a regression check of the shipped weights; docs/training.md has the 2,000
    game figure with its interval."""
    result = run_arena(Tournament("skyjo", (POLICY, "greedy"), 200, seed=500), workers=2)
    policy, greedy = result.as_dict()["bots"]
    assert policy["games"] == 200 and result.as_dict()["stalled_games"] == []
    assert policy["win_rate"] > 0.5 > greedy["win_rate"], policy


def test_a_smoke_training_writes_weights_the_policy_can_play(tmp_path: Path) -> None:
    out = tmp_path / "smoke.npz"
    done = subprocess.run(
        [sys.executable, "-m", "cardtable_sdk.train", "--generations", "2", "--population",
         "3", "--elite", "1", "--deals", "2", "--workers", "1", "--out", str(out)],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    assert done.stdout.count('"generation"') == 2 and "CPU s" in done.stderr
    data = np.load(out, allow_pickle=False)
    assert tuple(data["features"]) == skyjo.FEATURES and data["weights"].shape == (10,)
    weights = [float(w) for w in data["weights"]]
    result = run_arena(
        Tournament("skyjo", (POLICY, "random"), 2, options={"end_score": 30}), workers=1
    )
    assert result.as_dict()["games_played"] == 2
    from cardtable_sdk._engine import get_rules
    from cardtable_sdk.views import MoveList, make_view

    state = get_rules("skyjo").new_state(["a", "b"], {"max_rounds": 1}, 1)
    while not state.is_over:
        seat = state.active_seats()[0]
        legal = state.legal_moves(seat)
        move = skyjo.decide(make_view(state.view(seat)), MoveList(legal, version=0), weights)
        assert move in legal
        state.apply(seat, dict(move))
