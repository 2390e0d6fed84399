"""Local play: the same bots in-process against the engine, with the server's behaviour
(engine bots answering, versions, typed errors) and views that are plain, private JSON."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest

from cardtable_engine.registry import GAMES
from cardtable_sdk import (
    BotSeat,
    Cardtable,
    GameNotOver,
    GameOver,
    IllegalMove,
    InvalidOptions,
    InvalidPlayers,
    MoveList,
    NotYourTurn,
    PlayResult,
    StaleVersion,
    View,
    WrongPhase,
    play,
)
from cardtable_sdk.errors import UnknownGame
from cardtable_sdk.local import LocalGame, game_types, play_local


def seeded_random_bot(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda view, legal: rng.choice(legal)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_local_plays_bot_functions_and_engine_bots_to_the_end(game: str) -> None:
    seen: list[tuple[int, int]] = []

    def mine(view: View, legal: MoveList) -> dict[str, Any]:
        assert isinstance(view, View) and view.is_my_turn and legal
        assert legal.version == view.version
        seen.append((view.seat, view.version))  # type: ignore[arg-type]
        return legal[0]

    result = play_local(game, [mine, mine, "greedy"], seed=7)
    assert result.score["finished"]
    assert result.totals == result.score["totals"] and len(result.totals) == 3
    # As a PlayResult: `won` is about the first seat a bot function played.
    assert result.seat == 0 and result.won == (0 in result.winners)
    assert {seat for seat, _ in seen} == {0, 1}  # seat 2 was the engine's greedy bot
    record = result.record
    assert GAMES[game].replay(record).score() == result.score
    greedy_moves = [e for e in record["log"] if e["type"] == "move" and e["seat"] == 2]
    assert len(greedy_moves) == sum(entry["by_bot"] for entry in result.game.applied) > 0
    assert len(result.game.applied) == result.game.version == len(seen) + len(greedy_moves)


def test_local_errors_are_the_sdk_exceptions_with_the_servers_codes() -> None:
    game = LocalGame("skyjo", ["A", ("Bot", "random")], seed=1)
    ann = game.seat(0)
    ann.view()
    with pytest.raises(WrongPhase) as phase:
        ann.move({"type": "draw"})
    assert (phase.value.code, phase.value.status) == ("wrong_phase", 422)
    ann.move({"type": "reveal", "row": 0, "col": 0})
    with pytest.raises(IllegalMove):
        ann.move({"type": "reveal", "row": 0, "col": 0})
    with pytest.raises(StaleVersion) as stale:
        ann.move({"type": "reveal", "row": 0, "col": 1}, version=0)
    assert stale.value.view.version == game.version
    with pytest.raises(BotSeat):
        game.seat(1).move({"type": "draw"})
    with pytest.raises(GameNotOver):
        game.record()
    with pytest.raises(InvalidOptions):
        LocalGame("skyjo", ["A", "B"], options={"end_score": 0})
    with pytest.raises(InvalidPlayers):
        LocalGame("skipbo", ["A"])
    with pytest.raises(InvalidPlayers):
        LocalGame("skipbo", ["A", ("B", "clever")])
    with pytest.raises(UnknownGame):
        LocalGame("chess", ["A", "B"])

    two = LocalGame("skyjo", ["A", "B"], seed=1).seat(0)
    two.move({"type": "reveal", "row": 0, "col": 0})
    two.move({"type": "reveal", "row": 0, "col": 1})
    with pytest.raises(NotYourTurn) as turn:  # its reveals are done; B's are not
        two.move({"type": "reveal", "row": 0, "col": 2})
    assert (turn.value.code, turn.value.status) == ("not_your_turn", 409)

    over = play_local("skipbo", ["greedy", seeded_random_bot(0)], options={"stock_size": 2})
    with pytest.raises(GameOver):
        over.game.seat(1).move({"type": "pass"})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_views_and_moves_are_plain_json_and_private_to_the_bot(game: str) -> None:
    local = LocalGame(game, ["A", "B"], seed=3)
    seat = local.state.active_seats()[0]
    view = local.view(seat)
    legal = local.legal_moves(seat)
    # JSON types only: what a bot sees locally is what it would see over HTTP.
    assert json.loads(json.dumps(view)) == view
    assert json.loads(json.dumps(legal)) == legal
    # Scribbling on them changes nothing in the game.
    before = local.state.to_dict()
    view["players"][seat].clear()
    view["options"].clear()
    for move in legal:
        move.clear()
    legal.clear()
    assert local.state.to_dict() == before
    assert local.legal_moves(seat) != [] and local.view(seat)["players"][seat]


def test_local_seats_run_under_the_runner_from_two_threads() -> None:
    local = LocalGame("skyjo", ["A", "B"], options={"end_score": 30}, seed=4)
    results: dict[int, PlayResult] = {}

    def run(seat: int) -> None:
        results[seat] = play(local.seat(seat), seeded_random_bot(seat), idle_timeout=30)

    threads = [threading.Thread(target=run, args=(s,)) for s in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert results[0].score == results[1].score == local.score()
    assert results[0].moves + results[1].moves == local.version


def test_local_game_types_are_what_the_server_lists(table: Cardtable) -> None:
    assert [t.to_dict() for t in game_types()] == [t.to_dict() for t in table.game_types()]


def test_a_training_loop_runs_at_engine_speed() -> None:
    """Not a timing assertion: plays a batch and reports the rate seen."""
    import time

    started = time.perf_counter()
    moves = wins = 0
    for seed in range(20):
        result = play_local("skyjo", [seeded_random_bot(seed), "greedy"], seed=seed)
        moves += result.game.version
        wins += 0 in result.winners
    elapsed = time.perf_counter() - started
    print(f"local play: {moves} moves in {elapsed:.2f} s ({moves / elapsed:.0f} moves/s)")
    assert wins < 20  # the random bot does not beat the greedy one every time


def test_the_sdk_works_without_the_engine_and_local_play_says_what_to_install() -> None:
    import subprocess
    import sys

    script = (
        "import sys\n"
        "sys.modules['cardtable_engine'] = None  # as if the `local` extra were not installed\n"
        "import cardtable_sdk\n"
        "assert cardtable_sdk.Cardtable and cardtable_sdk.play\n"
        "try:\n"
        "    import cardtable_sdk.local\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert "pip install 'cardtable-sdk[local]'" in done.stdout
