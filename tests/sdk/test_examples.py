"""The examples in sdk/examples run, as scripts do, against the live server and locally."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.live_server import LiveServer


@pytest.mark.parametrize(
    ("module", "extra"),
    [
        ("skyjo_random", ["--opponent", "greedy"]),
        ("skyjo_smart", []),
        ("skipbo_random", ["--stock-size", "10"]),
        ("skipbo_smart", ["--stock-size", "10"]),
    ],
)
def test_each_example_bot_plays_a_game_on_the_server(
    examples: Path, live_server: LiveServer, module: str, extra: list[str]
) -> None:
    example = importlib.import_module(module)
    result = example.main(["--url", live_server.url, "--seed", "3", *extra])
    scores = result if isinstance(result, list) else [result]
    assert scores and all(score["finished"] for score in scores)


@pytest.mark.parametrize("game", ["skyjo", "skipbo"])
def test_vs_greedy_seats_a_bot_that_beats_greedy_against_the_servers_greedy_bot(
    examples: Path, live_server: LiveServer, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    vs_greedy = importlib.import_module("vs_greedy")
    result = vs_greedy.main(["--url", live_server.url, "--game", game, "--seed", "1"])
    assert result.score["finished"] and result.moves > 0
    printed = capsys.readouterr().out
    assert "greedy: " in printed  # the server's bot answered our moves
    assert ("won" if result.won else "lost") in printed.splitlines()[-1]


def test_the_smart_bots_beat_the_random_ones_locally(examples: Path) -> None:
    for game in ("skyjo", "skipbo"):
        smart = importlib.import_module(f"{game}_smart")
        scores = smart.main(["--games", "10", "--seed", "100", "--opponent", "random"])
        wins = sum(0 in score["winners"] for score in scores)
        assert wins >= 7, (game, wins)


def test_an_example_runs_as_a_script(examples: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(examples / "skyjo_random.py"), "--seed", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "winners" in done.stdout


EXAMPLES = sorted(
    path.stem for path in (Path(__file__).parents[2] / "sdk" / "examples").glob("*.py")
)


@pytest.mark.parametrize("module", EXAMPLES)
def test_every_example_takes_url(examples: Path, module: str) -> None:
    done = subprocess.run(
        [sys.executable, str(examples / f"{module}.py"), "--help"],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert "--url" in done.stdout


@pytest.mark.parametrize("module", EXAMPLES)
def test_help_shows_the_whole_description(examples: Path, module: str) -> None:
    """`--help` prints the docstring's sentences whole (it used to stop at the first line)."""
    done = subprocess.run(
        [sys.executable, str(examples / f"{module}.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    first_paragraph = importlib.import_module(module).__doc__.split("\n\n")[0]
    assert first_paragraph.endswith(".") and first_paragraph in done.stdout
