"""The neural self-play recipe (`cardtable-train selfplay`, docs/training.md) in a tiny
budget: it runs, reproduces from its seed, and writes a policy file that the arena and the
ladder load with `policy:PATH`; the loader's errors say what is wrong."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from cardtable_sdk import arena, ladder
from cardtable_sdk.arena import Tournament, run_arena
from cardtable_sdk.policies import files

TINY = ["--warm-games", "4", "--warm-epochs", "1", "--rounds", "1", "--games", "2",
        "--epochs", "1", "--hidden", "16", "--seed", "3", "--weight-decay", "0.01"]  # fmt: skip


def train_tiny(out: Path) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "cardtable_sdk.train", "selfplay", *TINY, "--out", str(out)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "CPU s" in done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture(scope="module")
def tiny_policy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("selfplay") / "tiny.npz"
    curve = train_tiny(out)
    # The warm start (the expert imitated), then one league round of the network itself,
    # whose league holds the starting bots and the warm start's frozen copy.
    assert [point["player"] for point in curve] == ["expert", "network"]
    assert curve[1]["positions"] > curve[0]["positions"] > 0  # type: ignore[operator]
    return out


def test_the_tiny_recipe_writes_a_policy_file_the_arena_plays(tiny_policy: Path) -> None:
    header, arrays = files.read(tiny_policy)
    assert header["kind"] == "mlp" and header["game"] == "skyjo" and header["players"] == 2
    assert arrays["w0"].shape == (461, 16) and arrays["w1"].shape == (16, 49)
    result = run_arena(
        Tournament("skyjo", (f"policy:{tiny_policy}", "random"), 2, options={"end_score": 30}),
        workers=1,
    )
    data = result.as_dict()
    assert data["games_played"] == 2 and data["stalled_games"] == []


def test_the_recipe_reproduces_from_its_seed(tiny_policy: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.npz"
    train_tiny(again)
    first, second = files.read(tiny_policy)[1], files.read(again)[1]
    assert sorted(first) == sorted(second)
    assert all(np.array_equal(first[name], second[name]) for name in first)


def test_the_arena_command_line_plays_a_policy_file(tiny_policy: Path) -> None:
    data = arena.main(["skyjo", f"policy:{tiny_policy}", "greedy", "--games", "2",
                       "--workers", "1", "--no-progress", "--option", "end_score=20"])  # fmt: skip
    assert data["games_played"] == 2


def test_the_ladder_loads_a_policy_file_as_a_bot(tiny_policy: Path) -> None:
    from cardtable_sdk._engine import get_rules
    from cardtable_sdk.views import MoveList, make_view

    bot = ladder.load_ladder_bot(f"policy:{tiny_policy}", "skyjo")
    state = get_rules("skyjo").new_state(["a", "b"], {"max_rounds": 1}, 5)
    while not state.is_over:
        seat = state.active_seats()[0]
        legal = state.legal_moves(seat)
        move = bot(make_view(state.view(seat)), MoveList(legal, version=state.version))
        assert move in legal
        state.apply(seat, move)


def test_the_linear_policy_file_of_the_cem_trainer_loads_too() -> None:
    shipped = resources.files("cardtable_sdk.policies").joinpath("skyjo.npz")
    result = run_arena(
        Tournament("skyjo", (f"policy:{shipped}", "random"), 2, options={"end_score": 30}),
        workers=1,
    )
    assert result.as_dict()["games_played"] == 2


def test_a_missing_policy_file_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.npz"
    with pytest.raises(files.PolicyFileError, match=r"nope\.npz' not found"):
        files.load(missing, "skyjo")
    with pytest.raises(SystemExit) as exit_info:
        arena.main(["skyjo", f"policy:{missing}", "greedy", "--games", "2"])
    assert exit_info.value.code == 2
    assert "not found" in capsys.readouterr().err
    code = ladder.main(["--key", "k", "--game", "skyjo", "--bot", f"policy:{missing}"])
    assert code == 2 and "not found" in capsys.readouterr().err


def test_a_policy_for_another_game_is_refused(
    tiny_policy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(files.PolicyFileError, match="a skyjo policy, it cannot play skipbo"):
        files.load(tiny_policy, "skipbo")
    with pytest.raises(SystemExit):
        arena.main(["skipbo", f"policy:{tiny_policy}", "greedy", "--games", "2"])
    assert "cannot play skipbo" in capsys.readouterr().err
    not_policy = tmp_path / "other.npz"
    np.savez(not_policy, something=np.zeros(3))
    with pytest.raises(files.PolicyFileError, match="not a policy"):
        files.load(not_policy)
    garbage = tmp_path / "garbage.npz"
    garbage.write_text("hello")
    with pytest.raises(files.PolicyFileError, match="not a policy file"):
        files.load(garbage)
