"""The arena: the same results for the same seed whatever the number of processes, seats
rotated, the JSON shape, bots loaded from files, and the statistics it prints."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable_engine.registry import GAMES
from cardtable_sdk import arena
from cardtable_sdk.arena import Tournament, lineups, main, run_arena
from cardtable_sdk.ratings import elo_ratings, wilson_interval
from tests.sdk.conftest import EXAMPLES

SMALL = {"end_score": 20}


def test_same_seed_same_results_in_one_or_two_processes() -> None:
    tournament = Tournament("skyjo", ("random", "greedy"), 12, seed=5, options=SMALL)
    one = run_arena(tournament, workers=1).as_dict()
    two = run_arena(tournament, workers=2).as_dict()
    for data in (one, two):
        del data["seconds"], data["games_per_second"], data["workers"]
    assert one == two
    assert one["bots"][1]["wins"] > one["bots"][0]["wins"]  # greedy beats random


def test_json_output_shape(capsys: pytest.CaptureFixture[str]) -> None:
    bots = ["random", f"{EXAMPLES / 'skipbo_random.py'}:bot"]
    main(["skipbo", *bots, "--games", "4", "--workers", "1", "--json", "--no-progress",
          "--option", "stock_size=3"])  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert (
        data["game"] == "skipbo"
        and data["games"] == 4
        and data["options"]
        == {
            "stock_size": 3,
            "max_turns": 200,
        }
    )
    assert [bot["bot"] for bot in data["bots"]] == ["random", "skipbo_random"]
    for bot in data["bots"]:
        assert set(bot) == {"bot", "games", "wins", "shared_wins", "win_rate", "ci95", "elo"}
        assert bot["games"] == 4 and 0 <= bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1]
    first, second = data["pairs"]
    assert first["games"] == second["games"] == 4
    assert first["points"] + second["points"] == 4


def test_every_bot_gets_every_seat_equally_often() -> None:
    for bots, players in ((2, 2), (3, 2), (2, 4), (3, 3)):
        orders = lineups(bots, players)
        for seat in range(players):
            counts = [sum(order[seat] == bot for order in orders) for bot in range(bots)]
            assert len(set(counts)) == 1, (bots, players, orders)


def test_the_command_prints_a_table() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardtable_sdk.arena", "skyjo", "random", "random", "--games",
         "4", "--workers", "2", "--option", "end_score=10"],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    assert "95% CI" in done.stdout and "random#1" in done.stdout and "random#2" in done.stdout


def test_wilson_interval_and_elo() -> None:
    low, high = wilson_interval(55, 100)
    assert math.isclose(low, 0.4524, abs_tol=1e-4) and math.isclose(high, 0.6439, abs_tol=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    played = {("a", "b"): 100, ("b", "a"): 100}
    elo = elo_ratings(["a", "b"], {("a", "b"): 75.0, ("b", "a"): 25.0}, played)
    # 75 % expected score is 191 Elo points; the prior half point shrinks it a little.
    assert 180 < elo["a"] - elo["b"] < 192 and math.isclose(elo["a"] + elo["b"], 3000)


def _swap_forever(view: Any, legal: Any) -> Any:
    """The issue's lock-up: take the discard into a face-up cell forever."""
    grid = view["players"][view["seat"]]["grid"]
    for move in legal:
        if move["type"] == "take_discard" and isinstance(grid[move["row"] * 4 + move["col"]], int):
            return move
    return legal[0]


def test_a_game_that_goes_nowhere_ends_by_the_turn_limit_and_is_reported() -> None:
    spec = f"{__name__}:_swap_forever"
    tournament = Tournament("skyjo", (spec, spec), 2, options={"max_rounds": 2})
    data = run_arena(tournament, workers=1).as_dict()
    assert data["games_played"] == 2 and data["stalled_games"] == []
    assert data["capped_rounds"] == 4  # both rounds of both games reached max_turns
    assert data["options"]["max_turns"] == 100


_swap_too = _swap_forever


def test_a_stalled_game_is_counted_and_the_others_are_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Without the rules' limit two lock-up bots never end a game: the arena stops it at
    # MAX_MOVES, counts it as won by nobody, and keeps every other game's result.
    monkeypatch.setattr(arena, "MAX_MOVES", 3_000)
    monkeypatch.setattr(arena.play_game, "__defaults__", (3_000,))
    bots = (f"{__name__}:_swap_forever", f"{__name__}:_swap_too", "greedy")
    tournament = Tournament("skyjo", bots, 12, options={"max_turns": None, "end_score": 30})
    data = run_arena(tournament, workers=1).as_dict()
    assert data["games_played"] == 12
    # 2 of the 6 seat orders pit the lock-up bots against each other.
    assert len(data["stalled_games"]) == 4
    assert all(bot["games"] == 8 for bot in data["bots"])
    greedy = next(bot for bot in data["bots"] if bot["bot"] == "greedy")
    assert greedy["wins"] + greedy["shared_wins"] > 0
    assert "stalled games (stopped at 3,000 moves, no winner): 4" in arena.format_table(data)


def test_export_writes_one_replayable_record_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "records.jsonl"
    main(["skyjo", "random", "greedy", "--games", "4", "--workers", "2", "--no-progress",
          "--option", "max_rounds=1", "--export", str(path)])  # fmt: skip
    capsys.readouterr()
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 4
    for record in records:
        assert sorted(p["name"] for p in record["players"]) == ["greedy", "random"]
        assert GAMES["skyjo"].replay(record).score() == record["score"]
